"""Ctrl-C stops a win-rate run at once, with every kind of executor, and
counts only the deals that finished: a real SIGINT sent to a child process
running ``sw.winnability`` (in process, on its own process pool, on a local
Dask cluster) or the command line.

Each run asks for far more work than the test waits for (200 Leap Year
deals at 0.25 s each: 50 s in process), so a run that goes on after the
signal is told apart from one that stops by a wide margin, not by timing."""

from __future__ import annotations

import json
import os
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from helpers import REPO

import solitaire_widgets as sw

TIME_LIMIT = 0.25
DEALS = 200
STOPPED_WITHIN = 5.0  # seconds from the signal to the partial result: the full run takes 25 s or more

SCRIPT = """
import json, signal, sys, threading, time
import solitaire_widgets as sw

def run(executor, jobs=None):
    print("ready", flush=True)
    try:
        sw.winnability("leap_year", {deals}, time_limit={time_limit}, executor=executor, jobs=jobs,
                       progress=True)  # the bar on stderr tells the test how many deals finished
    except sw.WinRateInterrupted as stop:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the run is over: a late Ctrl-C of the test is not its business
        rows = [[d.seed, d.status, d.seconds] for d in stop.partial.rows]
        pool_threads = [t.name for t in threading.enumerate() if type(t).__module__ == "concurrent.futures.process"]
        print(json.dumps({{"at": time.time(), "requested": stop.requested, "rows": rows, "pool_threads": pool_threads,
                          "interrupted": stop.partial.interrupted, "repr": repr(stop.partial)}}), flush=True)
    else:
        print(json.dumps({{"finished": True}}), flush=True)

if __name__ == "__main__":
    kind = sys.argv[1]
    if kind == "dask":
        import distributed
        with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=True,
                                      dashboard_address=":0") as cluster, distributed.Client(cluster) as client:
            client.submit(sw.new_game, "leap_year", seed=0).result()  # the workers have imported the package
            run(client.get_executor())
    else:
        run("inline" if kind == "inline" else None, jobs=2 if kind == "pool" else None)
""".format(deals=DEALS, time_limit=TIME_LIMIT)


def environment() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(REPO)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))


def start(command: list[str], **pipes: Any) -> subprocess.Popen:
    """``command`` in a session of its own, with Ctrl-C as a terminal gives
    it: a test run started in the background (``nohup``, ``&`` in a script)
    ignores SIGINT, and a child would inherit that and never see the signal.
    ``pipes`` replace the standard streams' (stdout and stderr piped)."""
    streams = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **pipes}
    return subprocess.Popen(command, text=True, env=environment(), start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL), **streams)


def group_is_gone(pgid: int, wait: float = 5.0) -> bool:
    """True once no process of group ``pgid`` is left (workers included)."""
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


def wait_for_deals(child: subprocess.Popen, at_least: int = 2, timeout: float = 60.0) -> str:
    """Read the child's progress bar on stderr until it counts ``at_least``
    finished deals; return what it read (the start of stderr)."""
    seen, fd = b"", child.stderr.fileno()
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if select.select([fd], [], [], 0.5)[0]:
            chunk = os.read(fd, 4096)
            if not chunk:
                break
            seen += chunk
            done = [int(n) for n in re.findall(rb"(\d+)/%d" % DEALS, seen)]
            if done and max(done) >= at_least:
                return seen.decode(errors="replace")
    raise AssertionError(f"fewer than {at_least} deals finished within {timeout} s:\n{seen.decode(errors='replace')}")


def interrupt(child: subprocess.Popen, gaps: tuple[float, ...], group: bool = False, deals: int = 2,
              delay: float = 0.0) -> tuple[str, str, float]:
    """Once ``deals`` deals finished (0: once the run's progress bar shows)
    and ``delay`` seconds more, send Ctrl-C to ``child`` (to its whole group:
    ``group``), then again after each of ``gaps`` seconds; return its stdout,
    stderr and the time of the first signal.  A child that does not end
    within 30 s (a hang) fails."""
    early = wait_for_deals(child, deals)
    time.sleep(delay)
    send = (lambda: os.killpg(child.pid, signal.SIGINT)) if group else (lambda: os.kill(child.pid, signal.SIGINT))
    sent = time.time()
    send()
    for gap in gaps:
        time.sleep(gap)
        send()
    try:
        out, err = child.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"still running 30 s after {1 + len(gaps)} Ctrl-C (a hang)") from None
    return out, early + err, sent


def check_partial(result: dict, sent: float) -> None:
    assert result.get("interrupted") is True, result
    assert result["at"] - sent < STOPPED_WITHIN  # stopped, rather than playing the 200 deals out
    rows = result["rows"]
    assert 1 <= len(rows) < result["requested"] == DEALS
    assert len({seed for seed, _, _ in rows}) == len(rows) and all(0 <= seed < DEALS for seed, _, _ in rows)
    # A deal the interrupt cut short would show as an unknown searched for
    # less than its time limit: every row is a deal that ran its course.
    assert all(status in ("won", "lost") or seconds >= TIME_LIMIT for _, status, seconds in rows), rows
    assert "(interrupted)" in result["repr"]
    # The pool's own thread has ended too: one still closing its pipes as
    # Python exits races the exit's wake-up of it ("Bad file descriptor").
    assert result["pool_threads"] == [], result["pool_threads"]


# The signal goes to the running process alone, so the workers never see it:
# the main process must stop its pool's searches, or cancel the cluster's deals.
@pytest.mark.parametrize("kind", ["inline", "pool", "dask"])
def test_ctrl_c_stops_winnability_and_keeps_only_the_deals_that_finished(kind, tmp_path):
    if kind == "dask":
        pytest.importorskip("distributed")
    script = tmp_path / "run.py"
    script.write_text(SCRIPT)
    child = start([sys.executable, str(script), kind])
    try:
        assert child.stdout.readline().strip() == "ready", child.stderr.read()
        early = wait_for_deals(child)
        sent = time.time()
        os.kill(child.pid, signal.SIGINT)
        out, err = child.communicate(timeout=60)
        err = early + err
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
    assert child.returncode == 0, err
    check_partial(json.loads(out.strip().splitlines()[-1]), sent)
    if kind != "dask":  # the cluster belongs to the script, which closes it on its way out
        assert group_is_gone(child.pid), "a worker process outlived the run"


def start_cli_run(report: Path) -> subprocess.Popen:
    """The command line's win-rate run on its own pool of two, the table also written to ``report``."""
    command = [sys.executable, "-m", "solitaire_widgets", "winnability", "leap_year", "--deals", str(DEALS),
               "--time-limit", str(TIME_LIMIT), "--jobs", "2", "--json", str(report)]
    return start(command)


def test_ctrl_c_in_the_command_line_prints_the_partial_table_and_exits_130(tmp_path):
    report = tmp_path / "partial.json"
    child = start_cli_run(report)
    try:
        early = wait_for_deals(child)
        sent = time.monotonic()
        os.killpg(child.pid, signal.SIGINT)  # Ctrl-C in a terminal signals the whole foreground group
        out, err = child.communicate(timeout=60)
        took = time.monotonic() - sent
        err = early + err
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
    assert child.returncode == 130, err
    assert took < STOPPED_WITHIN
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert "interrupted after " in err and f" of {DEALS} deals" in err
    assert "leap_year redeal=none" in out and "interrupted: yes" in out
    assert group_is_gone(child.pid), "a worker process outlived the command"
    saved = json.loads(report.read_text())
    assert saved["interrupted"] is True and 1 <= len(saved["rows"]) < DEALS
    assert saved["summary"]["deals"] == len(saved["rows"])


def start_pool_run(tmp_path: Path) -> subprocess.Popen:
    script = tmp_path / "run.py"
    script.write_text(SCRIPT)
    child = start([sys.executable, str(script), "pool"])
    assert child.stdout.readline().strip() == "ready", child.stderr.read()
    return child


# A second Ctrl-C used to land in the pool's shutdown, and the process hung at
# exit with both workers alive (Python 3.11 marks a thread whose join was
# interrupted as stopped, so the exit no longer waited for the pool to send
# its workers home).  The gaps put it inside the cleanup, or just after it.
@pytest.mark.no_pyodide("starts processes and sends them signals")
@pytest.mark.parametrize("gaps", [(0.01,), (0.05,), (0.02, 0.02)], ids=["10ms", "50ms", "three"])
def test_a_second_ctrl_c_ends_the_cleanup_at_once_keeps_the_partial_result_and_leaves_no_worker(gaps, tmp_path):
    child = start_pool_run(tmp_path)
    try:
        out, err, sent = interrupt(child, gaps)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
    assert child.returncode == 0, err
    check_partial(json.loads(out.strip().splitlines()[-1]), sent)
    assert group_is_gone(child.pid), "a worker process outlived the run"


@pytest.mark.no_pyodide("starts processes and sends them signals")
@pytest.mark.parametrize("gaps", [(0.01,), (0.05,)], ids=["10ms", "50ms"])
def test_two_quick_ctrl_c_in_the_command_line_print_the_partial_table_and_exit_130(gaps, tmp_path):
    report = tmp_path / "partial.json"
    child = start_cli_run(report)
    try:
        out, err, _ = interrupt(child, gaps, group=True)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
    assert child.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    assert "interrupted after " in err and "leap_year redeal=none" in out and "interrupted: yes" in out
    assert group_is_gone(child.pid), "a worker process outlived the command"
    saved = json.loads(report.read_text())
    assert saved["interrupted"] is True and 1 <= len(saved["rows"]) < DEALS


# --- one Ctrl-C while the pool starts ----------------------------------------------------------
# The first milliseconds of a run on its own pool create the pool and fork its
# workers. A Ctrl-C that landed there used to hang the run for ever, go
# unheard, leave a worker behind (blocked, its parent gone) or escape as a
# plain KeyboardInterrupt. One child runs the pool start again and again; each
# time the signal lands at another point of the window, which the child
# measures first: from the bar to the first deal in (5 to 20 ms here).
STARTS = 12  # runs interrupted as they start, every other one from the process group

STARTING = """
import json, multiprocessing, sys, threading, time
import tqdm.auto  # imported before the first run, as every later run finds it
import solitaire_widgets as sw
from solitaire_widgets.solver import winrate

bar = winrate._progress_bar

def starting(*args):
    # The run's Ctrl-C handler is in place: its pool starts next.
    global started, first
    started, first = time.perf_counter(), None
    print("starting", flush=True)
    shown = bar(*args)
    update = shown.update

    def first_update(n=1):  # the first deal is in: the pool has started
        global first
        first = first or time.perf_counter() - started
        return update(n)

    shown.update = first_update
    return shown

winrate._progress_bar = starting

def run(deals, **budget):
    try:
        sw.winnability("leap_year", deals, jobs=2, **budget)
        outcome, rows = "finished", deals
    except sw.WinRateInterrupted as stop:
        outcome, rows = "interrupted", len(stop.partial.rows)
    except BaseException as err:  # a plain KeyboardInterrupt, a broken pool: reported, not raised
        outcome, rows = type(err).__name__, 0
    pool_threads = [t.name for t in threading.enumerate() if type(t).__module__ == "concurrent.futures.process"]
    print(json.dumps({{"outcome": outcome, "rows": rows, "first_deal": first,
                      "workers": len(multiprocessing.active_children()), "pool_threads": pool_threads}}), flush=True)

for line in sys.stdin:
    if line.strip() == "measure":  # one-position deals: the first is in once the pool has started
        run(2, max_states=1, time_limit=None)
    else:
        run({deals}, time_limit={time_limit})
""".format(deals=DEALS, time_limit=TIME_LIMIT)


def read_line(child: subprocess.Popen, timeout: float) -> str:
    """The child's next line on stdout, or AssertionError after ``timeout`` seconds (a hang)."""
    line, fd = b"", child.stdout.fileno()
    deadline = time.monotonic() + timeout
    while not line.endswith(b"\n"):
        if not select.select([fd], [], [], max(0.0, deadline - time.monotonic()))[0]:
            raise AssertionError(f"no answer within {timeout} s (a hang, or a Ctrl-C not heard): {line!r}")
        byte = os.read(fd, 1)
        if not byte:
            raise AssertionError(f"the child ended: {line!r}")
        line += byte
    return line.decode().strip()


def group_members(pgid: int) -> list[int]:
    """The live processes of group ``pgid`` but its leader: a worker left
    behind, even one whose parent is gone (zombies, ended but not yet
    reaped, are not counted)."""
    members = []
    for entry in Path("/proc").iterdir():
        try:
            state, _, group = (entry / "stat").read_text().rsplit(")", 1)[1].split()[:3]
        except (OSError, ValueError):
            continue  # not a process, or one that just ended
        if int(group) == pgid and int(entry.name) != pgid and state != "Z":
            members.append(int(entry.name))
    return members


@pytest.mark.no_pyodide("starts processes and sends them signals")
def test_one_ctrl_c_anywhere_in_the_pool_s_start_ends_the_run_at_once_and_leaves_no_process(tmp_path):
    script = tmp_path / "starts.py"
    script.write_text(STARTING)
    with open(tmp_path / "stderr", "w+") as stderr:
        child = start([sys.executable, str(script)], stdin=subprocess.PIPE, stderr=stderr)
        try:
            child.stdin.write("measure\n")
            child.stdin.flush()
            assert read_line(child, 60) == "starting"
            window = json.loads(read_line(child, 60))["first_deal"]
            for number in range(STARTS):
                delay, group = window * number / (STARTS - 1), number % 2 == 0
                child.stdin.write("run\n")
                child.stdin.flush()
                assert read_line(child, 30) == "starting"
                time.sleep(delay)
                sent = time.monotonic()
                (os.killpg if group else os.kill)(child.pid, signal.SIGINT)
                result = json.loads(read_line(child, 30))
                where = f"Ctrl-C {delay * 1000:.1f} ms into the start, to the {'group' if group else 'process'}"
                assert result["outcome"] == "interrupted", (where, result)
                assert time.monotonic() - sent < STOPPED_WITHIN, where
                assert result["rows"] < DEALS and result["workers"] == 0 and result["pool_threads"] == [], \
                    (where, result)
                assert group_members(child.pid) == [], f"{where}: a worker outlived the run"
        finally:
            if child.poll() is None:
                os.killpg(child.pid, signal.SIGKILL)
            child.wait()
        stderr.seek(0)
        err = stderr.read()
    assert "Traceback" not in err and "Exception ignored" not in err, err


@pytest.mark.no_pyodide("starts processes and sends them signals")
@pytest.mark.parametrize("delay", [0.0, 0.004], ids=["at-once", "4ms"])
def test_ctrl_c_as_the_command_line_starts_its_pool_prints_the_empty_table_and_exits_130(delay, tmp_path):
    report = tmp_path / "partial.json"
    child = start_cli_run(report)
    try:
        out, err, _ = interrupt(child, (), group=True, deals=0, delay=delay)  # the bar shows: the pool starts next
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
    assert child.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err and "Exception ignored" not in err, err
    assert "interrupted after " in err and "interrupted: yes" in out
    assert group_is_gone(child.pid), "a worker process outlived the command"
    assert json.loads(report.read_text())["interrupted"] is True


@pytest.mark.no_pyodide("sends signals")
@pytest.mark.parametrize("executor", ["inline", None])
def test_ctrl_c_while_winnability_checks_its_arguments_ends_it_before_any_deal(executor, monkeypatch):
    from solitaire_widgets.solver import winrate

    def check_and_press(*args):
        signal.raise_signal(signal.SIGINT)
        return check(*args)

    def refuse(*args):
        raise AssertionError("a deal was dealt after the Ctrl-C")

    check = winrate.check_win_rate_run
    monkeypatch.setattr(winrate, "check_win_rate_run", check_and_press)
    monkeypatch.setattr(winrate, "play_deal", refuse)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)  # Ctrl-C as a terminal gives it
    try:
        with pytest.raises(sw.WinRateInterrupted) as stop:
            sw.winnability("cruel", 5, executor=executor, jobs=1 if executor is None else None, progress=False)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert stop.value.partial.rows == () and stop.value.partial.interrupted and stop.value.requested == 5
