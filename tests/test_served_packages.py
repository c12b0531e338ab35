"""What the docs site's in-browser app serves slimmed (docs/lite_site.py's
``SLIM``) still does its job in the kernel: jedi completes names, IPython
colours a traceback and shows help.  Here with the packages as installed;
tests/test_pyodide.py runs this file inside Pyodide with the very wheels the
app serves."""

from __future__ import annotations

import jedi
from IPython.core.interactiveshell import InteractiveShell

import solitaire_widgets as sw


def test_jedi_completes_the_engine_and_the_standard_library() -> None:
    game = sw.new_game("cruel", seed=1)
    assert "legal_moves" in [c.name for c in jedi.Interpreter("game.leg", [{"game": game}]).complete()]
    assert "dumps" in [c.name for c in jedi.Interpreter("import json; json.du", [{}]).complete()]


def test_ipython_shows_a_traceback_in_colour_and_help(capsys) -> None:  # type: ignore[no-untyped-def]
    shell = InteractiveShell.instance(colors="Linux")
    shell.run_cell("import solitaire_widgets as sw\nsw.new_game('cruel').play('t0 t0')")
    shell.run_cell("sw.new_game?")
    out = capsys.readouterr()
    text = out.out + out.err
    assert "IllegalMoveError" in text and "\x1b[" in text  # coloured by Pygments' Python lexer
    assert "Docstring" in text or "Signature" in text
