"""The real-browser tests (a package, so that their JupyterLab and Chromium,
package-scoped fixtures, stop when its last test is done)."""
