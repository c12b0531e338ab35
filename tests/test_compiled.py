"""The solver's hot loop compiled by mypyc (``solitaire_widgets/compiled.py``)
and pure Python give the same results, and an edited source is never
shadowed by a stale compiled module.

The suite runs on the compiled modules where the install built them (CI's
``pip install -e ".[test]"`` does); each test here runs the other path, or
the same package copied and edited, in a process of its own.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import solitaire_widgets as sw
from solitaire_widgets import compiled
from solitaire_widgets.solver import lines
from solitaire_widgets.solver.search import Search

pytestmark = pytest.mark.no_pyodide("starts processes")

PACKAGE = Path(sw.__file__).resolve().parent
# seeds per game and positions per search: every built-in game, about 15 s of pure Python
# (FreeCell seed 1 is won there by a line the search's graph shortens)
SEEDS, STATES = 2, 2_000

needs_compiled = pytest.mark.skipif(not sw.COMPILED, reason=f"the compiled modules do not run here: {compiled.WHY}")


def solver_rows(seeds: int = SEEDS, states: int = STATES) -> list[list]:
    """What the solver finds from the first ``seeds`` deals of every built-in
    game: verdict, positions searched, cards home, the (shortened) won line,
    why it stopped, and the first hint's move."""
    rows = []
    for name, cls in sw.GAMES.items():
        for seed in range(seeds):
            game = cls(seed=seed)
            found = sw.solve(game, time_limit=None, max_states=states)
            hint = game.hint(time_limit=None, max_states=states // 10)
            rows.append([name, seed, found.status, found.states, found.cards_home, [str(m) for m in found.moves],
                         found.stopped_by, found.reason, str(hint.move)])
    return rows


def run_python(code: str, *, pure: bool, path: Path | None = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != compiled.PURE}
    if pure:
        env[compiled.PURE] = "1"
    if path is not None:  # (and run there: ``-c`` puts the working folder first on the path)
        env["PYTHONPATH"] = str(path)
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=600,
                          cwd=path)


@needs_compiled
def test_the_compiled_and_pure_solver_find_the_same_positions_lines_and_verdicts() -> None:
    """Every built-in game, a few deals each: the same positions searched,
    the same verdicts, the same won lines move for move, the same hints."""
    done = run_python("import json, sys; sys.path.insert(0, 'tests'); from test_compiled import solver_rows; "
                      "import solitaire_widgets as sw; assert not sw.COMPILED; print(json.dumps(solver_rows()))",
                      pure=True)
    assert done.returncode == 0, done.stderr
    pure = json.loads(done.stdout)
    here = json.loads(json.dumps(solver_rows()))
    assert len(here) == len(sw.GAMES) * SEEDS
    assert [row for row, other in zip(here, pure) if row != other] == []
    assert any(row[2] == "won" for row in here) and any(row[2] == "lost" for row in here)


def test_a_won_search_keeps_each_node_as_one_object() -> None:
    """The won line is shortened through the graph of positions met, which
    finds the search's nodes by identity: the won node must be the one in
    the table (a compiled module once built a new tuple at each use of a
    node, and the line was shortened another way)."""
    search = Search(sw.FreeCell(seed=1), time_limit=None, max_states=STATES)
    status, codes, _, _ = search.run()
    assert status == "won"
    assert any(node is search.won_node for node in search.met.values())
    assert lines._graph_keys(search) is not None


@needs_compiled
def test_the_fast_path_property_tests_and_doctests_pass_on_pure_python_too() -> None:
    """The suite ran tests/test_fast_path.py on the compiled path; here it
    runs on pure Python, with the compiled modules' doctests (not collected
    from their sources where they run compiled)."""
    env = {**os.environ, compiled.PURE: "1"}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist", "tests/test_fast_path.py",
         *map(str, compiled.sources())], env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert " passed" in done.stdout and "skipped" not in done.stdout


CHECK = ("import solitaire_widgets as sw, solitaire_widgets.fast_path as f, solitaire_widgets.solver.search as s; "
         "print(sw.COMPILED, f.__file__.endswith('.py'), s.__file__.endswith('.py'), getattr(f, 'EDITED', False)); "
         "print(sw.compiled.WHY)")


@needs_compiled
def test_an_edited_source_runs_as_written_not_as_the_stale_compiled_module(tmp_path: Path) -> None:
    """A copy of the installed package with its compiled modules runs them;
    once a source is edited (a compiled module's, or one whose types the
    compiled code relies on), every compiled module runs from source, the
    edit included, until they are compiled again."""
    shutil.copytree(PACKAGE, tmp_path / "solitaire_widgets", ignore=shutil.ignore_patterns("__pycache__", "static"))
    as_built = run_python(CHECK, pure=False, path=tmp_path)
    assert as_built.stdout.splitlines()[0] == "True False False False", as_built.stderr
    source = tmp_path / "solitaire_widgets" / "fast_path.py"
    source.write_text(source.read_text() + "\nEDITED = True\n")
    edited = run_python(CHECK, pure=False, path=tmp_path)
    first, why = edited.stdout.splitlines()
    assert first == "False True True True", edited.stderr
    assert "solitaire_widgets/fast_path.py changed since the modules were compiled" in why
    source.write_text(source.read_text().removesuffix("\nEDITED = True\n"))
    other = tmp_path / "solitaire_widgets" / "shape.py"
    other.write_text(other.read_text() + "\n# edited\n")
    first, why = run_python(CHECK, pure=False, path=tmp_path).stdout.splitlines()
    assert first == "False True True False" and "solitaire_widgets/shape.py changed" in why


@needs_compiled
def test_solitaire_widgets_pure_forces_the_pure_path() -> None:
    done = run_python(CHECK, pure=True)
    assert done.stdout.splitlines() == ["False True True False", "pure Python: SOLITAIRE_WIDGETS_PURE is set"]


def test_without_compiled_modules_the_package_runs_pure_python(tmp_path: Path) -> None:
    """A package with no compiled module (no C compiler at install time, the
    in-browser app's wheel) runs from source and says why."""
    shutil.copytree(PACKAGE, tmp_path / "solitaire_widgets", ignore=shutil.ignore_patterns(
        "__pycache__", "static", "*.so", "*.pyd", compiled.RECORD))
    done = run_python(CHECK, pure=False, path=tmp_path)
    assert done.stdout.splitlines()[0] == "False True True False", done.stderr
    assert "no compiled modules are installed" in done.stdout
