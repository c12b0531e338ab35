"""The engine's own tests inside Pyodide, the Python of the docs site's
in-browser app, run under Node.js: no thread, no process, no signal there.

``tests/pyodide/run.mjs`` loads Pyodide (the npm package at the version the
app serves), installs the very wheels the app serves (slimmed ones
included, but not the kernel's own nor this package's: the tree is tested)
plus pytest and hypothesis (``tests/pyodide/wheels.txt``), mounts this tree
and runs pytest on it.  docs/lite_site.py builds the app (or takes it from
``.cache/lite/``) and downloads the test wheels once.

The suite runs ``SELECTION``, the tests closest to what a browser changes
(the solver's cooperative slices, the table's requests, the engine's API
and the doctests); ``PYODIDE_TESTS=all`` runs every test module that can run
there (``ALL``, many minutes).  Tests that cannot run in Pyodide are marked
``no_pyodide`` and left out: they start threads, processes or subprocesses,
send signals, or need a package the app does not serve.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import REPO, docs_module

RUNNER = REPO / "tests" / "pyodide" / "run.mjs"
TEST_WHEELS = REPO / "tests" / "pyodide" / "wheels.txt"
NOT_FROM_THE_APP = {"piplite", "pyodide-kernel", "ipykernel", "widgetsnbextension", "solitaire-widgets"}
# The solver's doctests that search hard and run the same code in Pyodide as
# here (grading, puzzles, their reports) are left to ``ALL``: a third of the
# selection's time, and nothing a browser changes.
SEARCHES_ONLY = {"grades.py", "puzzles.py", "reports.py"}
SELECTION = ["tests/test_no_threads.py", "tests/test_widget_assist.py", "tests/test_engine_api.py",
             "tests/test_served_packages.py",
             *sorted(f"solitaire_widgets/solver/{p.name}" for p in (REPO / "solitaire_widgets" / "solver").glob("*.py")
                     if p.name not in SEARCHES_ONLY),
             *sorted(str(p.relative_to(REPO)) for p in (REPO / "solitaire_widgets" / "assist").glob("*.py")),
             "solitaire_widgets/game.py", "solitaire_widgets/widget.py",
             "solitaire_widgets/protocol.py", "solitaire_widgets/earlier_deals.py"]
ALL = ["solitaire_widgets", "--ignore=solitaire_widgets/gym.py", "tests/test_engine_api.py",
       "tests/test_engine_golden.py", "tests/test_engine_key.py", "tests/test_engine_new_deal.py",
       "tests/test_engine_properties.py", "tests/test_engine_rules.py", "tests/test_engine_safe_drops.py",
       "tests/test_fast_path.py", "tests/test_no_threads.py", "tests/test_picture.py", "tests/test_rule_oracle.py",
       "tests/test_served_packages.py", "tests/test_solver.py", "tests/test_teaching.py",
       "tests/test_widget_assist.py",
       "tests/test_widget_protocol.py", "tests/test_widget_teach.py"]


def test_the_engine_tests_pass_inside_pyodide(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("the Pyodide run needs Node.js (`apt-get install nodejs`)")
    lite = docs_module("lite_site")
    served = lite.build(print) / "static" / "pyodide"
    runtime = lite.pyodide(lite.versions()["pyodide"], print)
    wheels = [w for w in sorted(served.glob("*.whl")) if lite.canonical(w.name.split("-")[0]) not in NOT_FROM_THE_APP]
    wheels += lite.pinned_wheels(lite.pyodide_python(runtime), print, TEST_WHEELS)
    listed = tmp_path / "wheels.json"
    listed.write_text(json.dumps([str(w) for w in wheels]))
    chosen = ALL if os.environ.get("PYODIDE_TESTS", "").strip().lower() == "all" else SELECTION
    done = subprocess.run([node, str(RUNNER), str(runtime), str(REPO), str(listed), "--", "-q", "--no-header",
                           "-m", "not no_pyodide", *chosen],
                          capture_output=True, text=True, timeout=1800, cwd=REPO)
    out = done.stdout + done.stderr
    assert done.returncode == 0, f"pytest inside Pyodide failed ({done.returncode}):\n{out[-6000:]}"
    summary = re.search(r"(\d+) passed", out)
    assert summary and int(summary.group(1)) > 0, out[-3000:]
    assert not re.search(r"\d+ (skipped|failed|error)", out.splitlines()[-1]), out[-3000:]
    print(out.splitlines()[-1], file=sys.stderr)
