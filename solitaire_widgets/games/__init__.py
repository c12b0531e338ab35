"""One module per game; each reads like its rules."""
