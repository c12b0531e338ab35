"""The checkers the code is held to, as tests of the one test command: ruff
over the whole tree and mypy over the package, both with the settings in
pyproject.toml.  (TypeScript's check of the front end's JSDoc types runs
beside its unit tests, tests/test_js_unit.py.)"""

from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest
from helpers import REPO


def run_tool(module: str, *args: str) -> subprocess.CompletedProcess:
    if importlib.util.find_spec(module) is None:  # under CI=true this skip fails (tests/conftest.py)
        pytest.skip(f"{module} is not installed: `pip install -e '.[test]'` brings it")
    return subprocess.run([sys.executable, "-m", module, *args], cwd=REPO, capture_output=True, text=True,
                          timeout=600)


def test_ruff_finds_nothing() -> None:
    done = run_tool("ruff", "check", "--output-format", "concise", ".")
    assert done.returncode == 0, f"ruff check:\n{done.stdout[-6000:]}{done.stderr[-2000:]}"


def test_mypy_finds_nothing() -> None:
    done = run_tool("mypy")  # the files and settings of [tool.mypy]
    assert done.returncode == 0, f"mypy:\n{done.stdout[-6000:]}{done.stderr[-2000:]}"
    assert "Success: no issues found" in done.stdout
