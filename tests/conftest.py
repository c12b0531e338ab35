"""Settings for the whole test suite.

* Hypothesis profiles: ``ci`` (chosen when ``CI=true``) is derandomized, so a
  failure in CI fails the same way on every rerun and on a laptop
  (``HYPOTHESIS_PROFILE=ci python -m pytest``); ``dev`` (the default) draws
  fresh examples each run and prints the reproduce blob of a failure.
  ``HYPOTHESIS_PROFILE`` picks a profile by name.
* No silent skips in CI: under ``CI=true`` a test that skips fails instead,
  with the skip's reason, whatever path made it skip (a missing npm,
  browser, kernel or notebook tool).  Outside CI a skip stays a skip.
* On several cores (``-n auto``, pytest-xdist, as the README's test command
  runs it) the work is dealt in units (``WORK_UNITS``): the tests that share
  one process's JupyterLab and Chromium, or the docs site's inputs, run in
  one worker; every other test module is a unit of its own.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
from helpers import on_ci
from hypothesis import HealthCheck, settings

# Test functions set their own example counts; the profiles fix the rest.
settings.register_profile("dev", deadline=None, print_blob=True)
settings.register_profile(
    "ci", deadline=None, print_blob=True, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],  # a busy CI machine must not fail a test on speed
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if on_ci() else "dev"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """``HYPOTHESIS_MAX_EXAMPLES=n`` caps every property test at n examples
    (the mutation benchmark sets it: fewer examples can only let more mutants
    live, so its scores stay a lower bound).  An xdist worker puts its tests
    in the order of their work units."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        in_units_order(items)
    cap = int(os.environ.get("HYPOTHESIS_MAX_EXAMPLES") or 0)
    for item in items if cap else ():
        test = getattr(item, "obj", None)
        chosen = getattr(test, "_hypothesis_internal_use_settings", None)
        if chosen is not None and chosen.max_examples > cap:
            test._hypothesis_internal_use_settings = settings(chosen, max_examples=cap)  # type: ignore[union-attr]


@pytest.fixture
def typed_assist(monkeypatch: pytest.MonkeyPatch):
    """Every value the solver's help shows in a table's ``assist`` during
    the test is of its kind's type (``solitaire_widgets.assist.states``),
    checked as it is shown: the modules that drive the help use it."""
    from helpers import assist_problems

    from solitaire_widgets import widget

    problems: list[str] = []
    show = widget._HelpPort.show_assist

    def checked(port: Any, state: Any) -> None:
        problems.extend(assist_problems(state))
        show(port, state)

    monkeypatch.setattr(widget._HelpPort, "show_assist", checked)
    yield
    assert problems == [], "assist values not of their kind's type"


@pytest.fixture
def clean_registry():
    """Games a test registers (``sw.register``) are forgotten after it."""
    from solitaire_widgets import games

    saved = dict(games._REGISTRY)
    yield
    games._REGISTRY.clear()
    games._REGISTRY.update(saved)


def pytest_ignore_collect(collection_path: "os.PathLike[str]") -> bool | None:
    """Conftest files hold no doctests.  ``--doctest-modules`` would import
    each one as a module named ``conftest`` and the second import clashes
    with the first (pytest 9 no longer special-cases them)."""
    return True if os.path.basename(collection_path) == "conftest.py" else None


def pytest_report_header(config: pytest.Config) -> str:
    profile = settings.get_current_profile_name()
    return f"hypothesis profile: {profile}; CI: {on_ci()} (skips {'fail' if on_ci() else 'are allowed'})"


def _fail_skip_on_ci(report: pytest.TestReport | pytest.CollectReport) -> None:
    if on_ci() and report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"CI=true allows no skipped test, and this one skipped: {reason}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> object:
    outcome = yield
    _fail_skip_on_ci(outcome.get_result())  # type: ignore[attr-defined]
    return None


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector: pytest.Collector) -> object:
    outcome = yield  # a whole module skipped at import
    _fail_skip_on_ci(outcome.get_result())  # type: ignore[attr-defined]
    return None


# What one xdist worker runs in one go, the first units first; a node id
# belongs to the unit of its longest prefix here, else to its module's.
WORK_UNITS = {
    # The docs site's inputs, made and read in this order: the example
    # notebooks' runs (test_examples), the gallery's pictures (test_gallery),
    # the in-browser app (test_lite builds it; the site and the Pyodide run
    # take it from .cache/lite/), then the site that shows them all, built
    # once for the tests that read it.
    "site": ("tests/browser/test_examples.py", "tests/browser/test_gallery.py", "tests/browser/test_lite.py",
             "tests/test_docs.py::test_site_builds_in_strict_mode",
             "tests/test_docs.py::test_every_link_and_asset_of_the_site_resolves",
             "tests/test_docs.py::test_pictures_keep_their_own_size_on_the_site", "tests/test_pyodide.py"),
    # The other browser tests, on one worker: it starts JupyterLab, Chromium
    # and the table notebook once for all of them (a second worker would start
    # its own: about 20 CPU-s).  They are under half the suite's work, and the
    # other worker takes the site's unit and then most of the other modules.
    "browser": ("tests/browser/",),
}


def work_unit(nodeid: str) -> str:
    """The unit a test runs in under xdist.

    >>> work_unit("tests/browser/test_lite.py::test_a"), work_unit("tests/browser/test_marimo.py::test_b")
    ('site', 'browser')
    >>> work_unit("tests/browser/test_browser_table.py::test_c[frog]")
    'browser'
    >>> work_unit("tests/test_solver.py::test_c[bobby]")
    'tests/test_solver.py'
    """
    best = max(((len(prefix), unit) for unit, prefixes in WORK_UNITS.items() for prefix in prefixes
                if nodeid.startswith(prefix)), default=None)
    return best[1] if best else nodeid.split("::", 1)[0]


def in_units_order(items: list[pytest.Item]) -> None:
    """Under xdist, the named units' tests first, in ``WORK_UNITS`` order
    (each worker collects in this order, and xdist deals the units in it)."""
    named = list(WORK_UNITS)
    items.sort(key=lambda item: named.index(unit) if (unit := work_unit(item.nodeid)) in named else len(named))


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """xdist deals ``WORK_UNITS`` (whatever ``--dist`` says) in the order the
    workers collected them, not the largest first."""
    from xdist.scheduler import LoadScopeScheduling

    class WorkUnits(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    config.option.loadscopereorder = False
    return WorkUnits(config, log)
