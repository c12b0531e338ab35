"""Mutation score of the non-browser test suite, per module of solitaire_widgets.

Runs mutmut (https://github.com/boxed/mutmut) over the engine and widget
modules of ``solitaire_widgets/`` (not ``solver/``, ``gym.py`` or
``__main__.py``: tools built on the engine) with the non-browser tests and
prints, per module, how many mutants the tests killed.  Mutants that change no behaviour are listed in
``EQUIVALENT`` below
with the reason, and left out of the score.  A benchmark, not a test: it is
CPU heavy (2,537 mutants; each run also spends minutes recording which tests
reach which function and running the tests unmutated first) and not part of CI.

    python benchmarks/mutation.py                 # fresh run, every module
    python benchmarks/mutation.py game            # fresh run, only game.py's mutants tested
    python benchmarks/mutation.py --keep game     # keep verdicts; rerun game.py's live mutants
    python benchmarks/mutation.py --report        # print the last run's scores only

Why mutmut: it is maintained, installs from PyPI, needs no config beyond a
few lines, and picks for each mutant only the tests that reach the mutated
function (it records which tests call which function once), and stops at
the first failing test.  cosmic-ray needs a session database and runs the
whole chosen suite per mutant.

The run happens in a scratch copy (``build/mutation/``), so the working
tree is never touched.  Two passes (a fresh run starts with a small one over errors.py, which
generates every mutant and records which tests reach which function):

1. every mutant but those of ``IMPORT_TIME``, each in a process forked from
   one that has already imported the package (fast);
2. the few functions that run while the package is imported
   (``IMPORT_TIME``), from a fork server that has imported only third-party
   modules, so each worker imports solitaire_widgets with its mutant on, and
   with every test (the recorded map cannot see import-time calls).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
WORK = REPO / "build" / "mutation"

# The docs site build, the release build and the marimo example run take minutes
# each and test packaging and docs, not the engine: left out (a lower bound).
# The local Dask cluster test checks the solver's executor plumbing; under a
# mutant its worker processes can wait forever instead of failing.
TESTS = ["tests/", "--ignore=tests/browser", "--ignore=tests/test_js_unit.py", "--ignore=tests/test_docs.py",
         "--ignore=tests/test_release.py", "--ignore=tests/test_marimo_example.py",
         "--deselect=tests/test_solver.py::test_results_are_identical_on_a_local_dask_cluster"]
# Not the engine or the widget: the solvers, the gym environment and the command line
# are tools built on the engine, and their mutants are not measured.
NOT_ENGINE = ["solitaire_widgets/solver/*", "solitaire_widgets/gym.py", "solitaire_widgets/__main__.py"]
PRELOAD = ["pytest", "hypothesis", "hypothesis.strategies", "traitlets", "ipywidgets", "anywidget"]

# Functions that run at import time: their mutants need pass 2.
IMPORT_TIME = [
    "solitaire_widgets.classes.*",  # what a class statement runs: compile_class and its helpers
    "solitaire_widgets.widget.x__front_end*",
    "solitaire_widgets.games.midshipman.x__builds_on*",  # builds BUILDS_ON, the table of legal builds
]

# Mutants that change no behaviour: name -> why.
_PARSED = "Move.parse reads action words in any case, so the capitalised word plays the same move"
_ANYWIDGET = "anywidget's _repr_mimebundle_ ignores include/exclude (it takes **kwargs it does not use)"
_FALSY = "in_suit=None reads as False (foundation_refusal tests it with `if in_suit`)"
_ONE_VERB = "the ' or ' joins stock verbs, and no game has more than one besides redeal"
_BIG = "byteorder defaults to 'big' on Python 3.11 and later (the benchmark's Python)"
_DIGEST = "another fixed digest of the deal (pass number or width): keys still differ exactly between deals"
_TUPLE = "anywidget's _repr_mimebundle_ returns a (data, metadata) tuple, never a dict"
_INJECTIVE = "another encoding of the same parts that still tells every value apart: equal keys stay equal"
_UNREAD = "an initial value read only after a solve or play-out has set it"
_UNREACHABLE = ("a play-out ending 'changed', 'finished' or 'failed' is unreachable from the table: the line was "
                "replayed to a win before it was offered, and any other change stops the play-out first")
_NO_MESSAGE = "_sync_all is only ever called without a message or kind"
_DONE = "another default for a missing move count: a play-out's report always holds one"
_EVERY_TRAIT = ("the safe-drop observer on every trait instead of auto_drop: it recomputes the same value, "
                "so only the number of calls differs")
_KING = "a king's foundation asks for rank 14, which no card has: it takes nothing, as with ()"
_TWO_WORDS = "describe_rank always gives two words ('a 6', 'an 8', 'a queen'): each split takes the same second word"
_OPTIONS = "every game declares at least one rule option, so the options part of the title is never empty"
_NO_SUIT = "an empty foundation's missing suit (None or a string) compares unequal to the card's suit either way"
EQUIVALENT: dict[str, str] = {
    "solitaire_widgets.game.xǁDrawsǁdraw__mutmut_3": _PARSED,
    "solitaire_widgets.game.xǁDealsǁdeal__mutmut_3": _PARSED,
    "solitaire_widgets.game.xǁRedealsǁredeal__mutmut_3": _PARSED,
    "solitaire_widgets.hooks.x__action_piles__mutmut_1": "default of a hook all five games override: never runs",
    "solitaire_widgets.hooks.x__action_piles__mutmut_2": "default of a hook all five games override: never runs",
    "solitaire_widgets.picture.x_notebook_bundle__mutmut_11": _ANYWIDGET,
    "solitaire_widgets.picture.x_notebook_bundle__mutmut_12": _ANYWIDGET,
    "solitaire_widgets.picture.x_notebook_bundle__mutmut_13": _ANYWIDGET,
    "solitaire_widgets.picture.x_notebook_bundle__mutmut_14": _ANYWIDGET,
    "solitaire_widgets.picture.x_notebook_bundle__mutmut_19": _TUPLE,
    "solitaire_widgets.picture.x_notebook_bundle__mutmut_21": _TUPLE,
    "solitaire_widgets.games.leap_year.xǁLeapYearǁ_build_reason__mutmut_5": _FALSY,
    "solitaire_widgets.widget.x_play__mutmut_2": "new_game reads game names in any case: 'CRUEL' is 'cruel'",
    "solitaire_widgets.games.frog.xǁFrogǁ_build_reason__mutmut_5": _FALSY,
    "solitaire_widgets.hooks.x__route_reason__mutmut_6": _ONE_VERB,
    "solitaire_widgets.hooks.x__route_reason__mutmut_7": _ONE_VERB,
    "solitaire_widgets.game.xǁGameǁcopy__mutmut_13": (
        "copy(history=False) keeping the undo records: undo() checks the (empty) history first and every "
        "later undo pops the record of a later move, so only memory differs"),
    "solitaire_widgets.games.cruel.xǁCruelǁ_redealt__mutmut_37": (
        "more empty packets at the end: the redeal zips them with the twelve piles, which drops the extra"),
    "solitaire_widgets.widget.xǁSolitaireWidgetǁ__init____mutmut_2": "new_game reads game names in any case",
    "solitaire_widgets.games.cruel.xǁCruelǁ_wants__mutmut_15": (
        "Cruel has one deck: its card ids are below 52, so id % 53 is id % 52"),
    "solitaire_widgets.shuffle.x_derive_seed__mutmut_12": _BIG,
    "solitaire_widgets.games.bobby.xǁBobbyǁ_fixed_rules_key__mutmut_13": _BIG,
    "solitaire_widgets.games.bobby.xǁBobbyǁ_fixed_rules_key__mutmut_14": _DIGEST,
    "solitaire_widgets.games.bobby.xǁBobbyǁ_fixed_rules_key__mutmut_15": _DIGEST,
    "solitaire_widgets.games.bobby.xǁBobbyǁ_fixed_rules_key__mutmut_16": _DIGEST,
    "solitaire_widgets.games.bobby.xǁBobbyǁ_fixed_rules_key__mutmut_19": (
        "another constant suffix for turned-over redeals: keys still differ exactly where play differs"),
    "solitaire_widgets.position.xǁPositionǁkey__mutmut_9": _BIG,
    "solitaire_widgets.game.xǁGameǁsafe_drops__mutmut_10": (
        "no game's _safe_drop reads the target foundation (any one at the rank below is as good)"),
    "solitaire_widgets.game.xǁGameǁnew_deal__mutmut_7": (
        "random seeds from 0 to 10**9 instead of 10**9 - 1: one more valid seed in a billion to pick from"),
    "solitaire_widgets.position.xǁPositionǁkey__mutmut_10":
        "the redeal count in 9 bytes instead of 8: the same keys compare alike",
    "solitaire_widgets.position.xǁPositionǁkey__mutmut_15": (
        "another separator between the key's parts: equally unambiguous, so equal keys stay equal"),
    "solitaire_widgets.games.leap_year.xǁLeapYearǁ_do_action__mutmut_12": (
        "Leap Year allows one redeal at most, so the count only ever goes from 0 to 1 (undo restores it)"),
    "solitaire_widgets.building.x_up_by_rank_wants__mutmut_7": _KING,
    "solitaire_widgets.building.x_up_by_rank_wants__mutmut_10": _KING,
    "solitaire_widgets.building.x_up_by_rank_wants__mutmut_11": _KING,
    "solitaire_widgets.cards.x_card_ids_of_deck__mutmut_28": "a spare 53rd counter that no face (0-51) reaches",
    "solitaire_widgets.game.xǁGameǁhint__mutmut_1": (
        "the default hint budget (0.3 s -> 1.3 s) changes only how long a hint may search; the test that pins "
        "it reads the signature, which mutmut's trampoline keeps as the original's"),
    "solitaire_widgets.games.midshipman.xǁMidshipmanǁ_build_reason__mutmut_46": _TWO_WORDS,
    "solitaire_widgets.games.midshipman.xǁMidshipmanǁ_build_reason__mutmut_49": _TWO_WORDS,
    "solitaire_widgets.games.midshipman.xǁMidshipmanǁ_build_reason__mutmut_50": _TWO_WORDS,
    "solitaire_widgets.games.midshipman.xǁMidshipmanǁ_build_reason__mutmut_55": _TWO_WORDS,
    "solitaire_widgets.games.midshipman.xǁMidshipmanǁ_safe_drop__mutmut_23": (
        "a foundation with a card above its ace is built in suit, so its second card has the ace's suit"),
    "solitaire_widgets.text.x_explain__mutmut_6": _OPTIONS,
    "solitaire_widgets.text.x_explain__mutmut_7": _OPTIONS,
    "solitaire_widgets.text.x_explain__mutmut_36": _NO_SUIT,
    "solitaire_widgets.text.x_explain__mutmut_43": _NO_SUIT,
    "solitaire_widgets.text.x_explain__mutmut_47": (
        "a card listed as stuck is refused by every foundation, so the list of foundations is never empty"),
    "solitaire_widgets.fast_path.xǁFastPathǁrevert_code__mutmut_1": (
        "the cached legal moves as '' instead of None: every public undo clears the cache again "
        "(_changed), and the only other caller of revert_code, the solver, never reads it"),
    "solitaire_widgets.fast_path.xǁFastPathǁsearch_key__mutmut_12": _INJECTIVE,
    "solitaire_widgets.fast_path.xǁFastPathǁsearch_key__mutmut_13": _INJECTIVE,
    "solitaire_widgets.fast_path.xǁFastPathǁsearch_key__mutmut_14": (
        "the foundation part dropped where piles are interchangeable (Frog, Midshipman): there the "
        "foundations' tops follow from which cards are home, which the other piles already say"),
    "solitaire_widgets.fast_path.xǁFastPathǁsearch_key__mutmut_35": _BIG,
    "solitaire_widgets.fast_path.xǁFastPathǁsearch_key__mutmut_36": _INJECTIVE,
    "solitaire_widgets.fast_path.xǁFastPathǁsearch_key__mutmut_40": (
        "another separator between the key's parts: no part holds its bytes, so equal keys stay equal"),
    "solitaire_widgets.text.x_explain__mutmut_107": (
        "every explanation starts with its title and ends with the stock or redeal sentence, so "
        "neither strip changes it"),
    "solitaire_widgets.fast_path.xǁFastPathǁapply_code__mutmut_22": (
        "every game's _action_piles ignores which action it is asked about (each names one set of piles)"),
    "solitaire_widgets.game.xǁGameǁ_legal_moves__mutmut_1": "the cached legal moves ignored: recomputed, the same list",
    "solitaire_widgets.widget.xǁSolitaireWidgetǁ__init____mutmut_28": _UNREAD,
    "solitaire_widgets.widget.xǁSolitaireWidgetǁ__init____mutmut_29": _UNREAD,
    "solitaire_widgets.widget.xǁSolitaireWidgetǁ__init____mutmut_30": _UNREAD,
    "solitaire_widgets.widget.xǁSolitaireWidgetǁ__init____mutmut_31":
        "the play-out flag starts as None, false as False",
    "solitaire_widgets.widget.xǁSolitaireWidgetǁ_play_out__mutmut_32":
        "the play-out flag reset to None, false as False",
    "solitaire_widgets.widget.xǁSolitaireWidgetǁ_play_out__mutmut_36": _UNREACHABLE,
    "solitaire_widgets.widget.xǁSolitaireWidgetǁ_play_out__mutmut_38": _UNREACHABLE,
    "solitaire_widgets.widget.xǁSolitaireWidgetǁ_play_out__mutmut_52": _UNREACHABLE,
    "solitaire_widgets.widget.xǁSolitaireWidgetǁ_play_out__mutmut_53": _UNREACHABLE,
    "solitaire_widgets.widget.xǁSolitaireWidgetǁ_play_out__mutmut_54": _UNREACHABLE,
    "solitaire_widgets.widget.xǁSolitaireWidgetǁ_play_out__mutmut_55": _UNREACHABLE,
    "solitaire_widgets.widget.xǁSolitaireWidgetǁ_on_game_change__mutmut_1": (
        "only a new deal's change carries the earlier game, so 'or' and 'and' pick the same changes"),
    "solitaire_widgets.widget.xǁSolitaireWidgetǁ_sync_all__mutmut_18": _NO_MESSAGE,
    "solitaire_widgets.widget.xǁSolitaireWidgetǁ_sync_all__mutmut_19": _NO_MESSAGE,
    "solitaire_widgets.widget.xǁSolitaireWidgetǁ_position_changed__mutmut_23": (
        "clearing an assist that is already empty: the trait does not change"),
    "solitaire_widgets.widget.xǁSolitaireWidgetǁ_play_out__mutmut_46": _DONE,
    "solitaire_widgets.widget.xǁSolitaireWidgetǁ_play_out__mutmut_48": _DONE,
    "solitaire_widgets.widget.xǁSolitaireWidgetǁ_play_out__mutmut_51": _DONE,
    "solitaire_widgets.widget.xǁSolitaireWidgetǁ__init____mutmut_40": _EVERY_TRAIT,
    "solitaire_widgets.widget.xǁSolitaireWidgetǁ__init____mutmut_42": _EVERY_TRAIT,
    "solitaire_widgets.widget.xǁSolitaireWidgetǁwait__mutmut_1": (
        "wait's default timeout (30 s -> 31 s) only matters for a task that never ends"),
    "solitaire_widgets.text.x_render__mutmut_27": (
        "every game lists its foundations next to each other, so meeting f1 instead of f0 prints "
        "the foundation rows at the same place"),
}

KILLED = {"killed", "timeout", "segfault"}
EXAMPLES = 5  # hypothesis examples per property test and mutant (fewer can only lower the score)


def config(fork_server: bool) -> str:
    lines = [
        "[tool.mutmut]",
        'source_paths = ["solitaire_widgets/"]',
        f"do_not_mutate = {json.dumps(NOT_ENGINE)}",
        'also_copy = ["docs/", "examples/", "README.md"]',
        f"pytest_add_cli_args_test_selection = {json.dumps(TESTS)}",
        'pytest_add_cli_args = ["-p", "no:cacheprovider"]',
    ]
    if fork_server:
        lines += ['process_isolation = "forkserver"', 'forkserver_warmup = "import"',
                  'preload_modules_file = "preload.txt"']
    return "\n".join(lines) + "\n"


def prepare(fresh: bool) -> None:
    """Copy the package and tests into the scratch directory."""
    if fresh and WORK.exists():
        shutil.rmtree(WORK)
    WORK.mkdir(parents=True, exist_ok=True)
    for name in ("solitaire_widgets", "tests", "docs", "examples"):
        shutil.rmtree(WORK / name, ignore_errors=True)
        shutil.copytree(REPO / name, WORK / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(REPO / "README.md", WORK / "README.md")
    project = (REPO / "pyproject.toml").read_text()
    (WORK / "pyproject.base.toml").write_text(project)
    (WORK / "preload.txt").write_text("\n".join(PRELOAD) + "\n")


def run_mutmut(patterns: list[str], fork_server: bool, jobs: int) -> None:
    base = (WORK / "pyproject.base.toml").read_text()
    (WORK / "pyproject.toml").write_text(base + "\n" + config(fork_server))
    # Import the scratch copy; CI rules are for CI; property tests capped at
    # EXAMPLES examples each (tests/conftest.py), which keeps survivors cheap.
    env = {**os.environ, "PYTHONPATH": "", "CI": "", "HYPOTHESIS_MAX_EXAMPLES": str(EXAMPLES)}
    command = ["nice", "-n", "10", "mutmut", "run", "--max-children", str(jobs), *patterns]
    print("$", " ".join(command), flush=True)
    with open(WORK / "mutmut.log", "a") as log:  # mutmut's own output, for when a pass fails
        subprocess.run(command, cwd=WORK, env=env, stdout=log, stderr=subprocess.STDOUT, check=False)


def every_test_reaches_import_time_code() -> None:
    """mutmut maps a function to the tests that called it while it recorded;
    import-time code runs before any test, so that map misses nearly all of
    them.  Every test imports the package: give those functions every test."""
    path = WORK / "mutants" / "mutmut-stats.json"
    stats = json.loads(path.read_text())
    every = sorted(stats["duration_by_test"])
    for function in stats["tests_by_mangled_function_name"]:
        if any(_matches(function + "__mutmut_1", p) for p in IMPORT_TIME):
            stats["tests_by_mangled_function_name"][function] = every
    path.write_text(json.dumps(stats))


def results() -> dict[str, str]:
    """Mutant name -> status, from mutmut's result files."""
    sys.path.insert(0, str(WORK))
    from mutmut.stats import status_by_exit_code

    status = {}
    for meta in sorted((WORK / "mutants" / "solitaire_widgets").rglob("*.py.meta")):
        for name, code in json.loads(meta.read_text())["exit_code_by_key"].items():
            status[name] = status_by_exit_code[code]
            # Pass 2: a mutant that breaks the import makes pytest stop collecting (exit 2).
            if code == 2 and any(_matches(name, p) for p in IMPORT_TIME):
                status[name] = "killed"
    return status


def _matches(name: str, pattern: str) -> bool:
    import fnmatch

    return fnmatch.fnmatch(name, pattern)


def module_of(mutant: str) -> str:
    dotted = mutant.split(".x", 1)[0] if ".x" in mutant else mutant.rsplit(".", 1)[0]
    return dotted.replace("solitaire_widgets.", "", 1) if dotted != "solitaire_widgets" else "__init__"


def report(status: dict[str, str]) -> int:
    """Per module: mutants, how many were tested, killed, equivalent, alive, and
    the score = killed / (tested - equivalent)."""
    by_module: dict[str, Counter] = {}
    alive = []
    for name, state in sorted(status.items()):
        counts = by_module.setdefault(module_of(name), Counter())
        counts["mutants"] += 1
        if state == "not checked":
            continue
        counts["tested"] += 1
        if name in EQUIVALENT:
            counts["equivalent"] += 1
        elif state in KILLED:
            counts["killed"] += 1
        else:
            alive.append((name, state))
    print(f"\n{'module':<20} {'mutants':>7} {'tested':>7} {'killed':>7} {'equiv.':>7} {'alive':>6} {'score':>7}")
    total: Counter = Counter()
    for module, counts in sorted(by_module.items()):
        total.update(counts)
        print(_row(module, counts))
    print(_row("all", total))
    if alive:
        print("\nAlive (tested, not killed, not listed as equivalent):")
        for name, state in alive:
            print(f"  {state:<12} {name}")
    stale = sorted(set(EQUIVALENT) - set(status))
    if stale:
        print("\nListed as equivalent but no longer generated (update EQUIVALENT):")
        for name in stale:
            print(f"  {name}")
    print("\nEquivalent mutants (left out of the score):")
    for name, why in sorted(EQUIVALENT.items()):
        print(f"  {name}: {why}")
    return 0


def _row(module: str, counts: Counter) -> str:
    counted = counts["tested"] - counts["equivalent"]
    score = 100 * counts["killed"] / counted if counted else 100.0
    return (f"{module:<20} {counts['mutants']:>7} {counts['tested']:>7} {counts['killed']:>7} "
            f"{counts['equivalent']:>7} {counted - counts['killed']:>6} {score:>6.1f}%")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("modules", nargs="*", help="modules to mutate, e.g. game widget games.cruel (default: all)")
    parser.add_argument("--keep", action="store_true", help="keep the last run's verdicts; rerun the live mutants")
    parser.add_argument("--report", action="store_true", help="only print the last run's scores")
    parser.add_argument("--jobs", type=int, default=2, help="mutants tested at once, niced (default 2)")
    args = parser.parse_args()
    if not args.report:
        prepare(fresh=not args.keep)
        chosen = [f"solitaire_widgets.{m}.*" for m in args.modules] or ["solitaire_widgets.*"]
        fresh = not results()
        if fresh:  # generates every mutant and records which tests reach which function
            run_mutmut(["solitaire_widgets.errors.*"], fork_server=False, jobs=args.jobs)
        live = [name for name, state in results().items()
                if state not in KILLED and name not in EQUIVALENT and any(_matches(name, p) for p in chosen)]
        # Named mutants are (re)run; the rest keep their verdicts.
        early = [name for name in live if not any(_matches(name, p) for p in IMPORT_TIME)]
        if early:
            run_mutmut(early, fork_server=False, jobs=args.jobs)
        late = [name for name in live if any(_matches(name, p) for p in IMPORT_TIME)]
        if late:
            every_test_reaches_import_time_code()
            run_mutmut(late, fork_server=True, jobs=args.jobs)
    return report(results())


if __name__ == "__main__":
    sys.exit(main())
