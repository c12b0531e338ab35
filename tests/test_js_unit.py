"""The front end's own checks as part of the one test command: its vitest
suite, and TypeScript's check of its JSDoc types (``npm run typecheck``,
js/jsconfig.json: strict, no emit)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from helpers import REPO

JS = REPO / "js"


def npm_with_dev_packages() -> str:
    """npm, once js/node_modules holds the front end's dev packages."""
    npm = shutil.which("npm")
    if npm is None:  # under CI=true, tests/conftest.py turns this skip into a failure
        pytest.skip("npm is not installed: install Node.js and npm to run the front end's unit tests")
    if not (JS / "node_modules").is_dir():
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=JS, check=True)
    return npm


def test_vitest_suite_passes() -> None:
    result = subprocess.run([npm_with_dev_packages(), "test", "--silent"], cwd=JS, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    assert "passed" in result.stdout + result.stderr


def test_front_end_types_check() -> None:
    result = subprocess.run([npm_with_dev_packages(), "run", "typecheck", "--silent"], cwd=JS, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, f"tsc found:\n{result.stdout[-6000:]}{result.stderr[-2000:]}"


def test_missing_npm_fails_under_ci_instead_of_skipping() -> None:
    """With CI=true the front-end tests never skip: no npm is a failure."""
    import sys

    env = {"CI": "true", "PATH": str(Path(sys.executable).parent), "PYTHONPATH": os.environ.get("PYTHONPATH", "")}
    if shutil.which("npm", path=env["PATH"]):
        pytest.fail("npm sits next to the Python interpreter; this check needs a PATH without it")
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"{__file__}::test_vitest_suite_passes"],
        env=env, capture_output=True, text=True, timeout=120)
    assert result.returncode == 1 and "CI=true allows no skipped test" in result.stdout
    assert "npm is not installed" in result.stdout, result.stdout[-2000:]
