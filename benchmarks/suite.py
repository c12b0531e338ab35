"""Where the test suite's CPU goes: runs pytest (by default
``python -m pytest -n auto`` with ``CI=true``, as the README's command)
while it reads every process's CPU time from ``/proc`` twice a second, and
prints the CPU-seconds of each kind of process (Chromium's pages, its GPU process, the tests' own
Python, the kernels, the Jupyter servers, Pyodide under Node.js ...) beside
the machine's busy and idle time.  Linux only.

On 2 cores the suite's time is its CPU divided by two, so this says what a
change to the suite's time has to take away.  Quote ``machine.py`` beside it
(printed before and after).

    python benchmarks/suite.py                          # the whole suite
    python benchmarks/suite.py -- tests/browser -x      # other pytest arguments

A process that starts and ends between two readings is missed; the line
"not attributed" says how much of the machine's busy time that leaves.
Ctrl-C stops pytest and prints the figures of the run so far.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TICKS_PER_SECOND = os.sysconf("SC_CLK_TCK")  # the unit of /proc's CPU times
HELPER = "Chromium: other helper processes"
# (what the command line contains, the kind), the first match wins.
KINDS = [
    ("--type=renderer", "Chromium: pages (renderer processes)"),
    ("--type=gpu-process", "Chromium: GPU process (compositing)"),
    ("--type=", HELPER),
    ("chromium", "Chromium: browser process"),
    ("run-driver", "Playwright's driver (Node.js)"),
    ("tests/pyodide/run.mjs", "Pyodide under Node.js (test_pyodide)"),
    ("vitest", "vitest (the front end's unit tests)"),
    ("tsc", "TypeScript's check"),
    ("esbuild", "esbuild"),
    ("npm", "npm"),
    ("ipykernel", "Python kernels"),
    ("marimo", "marimo servers"),
    ("jupyter-lite", "jupyter lite build"),
    ("jupyterlab", "JupyterLab servers"),
    ("jupyter-lab", "JupyterLab servers"),
    ("notebook", "Notebook 7 server"),
    ("mkdocs", "mkdocs (the docs site)"),
    ("mypy", "mypy"),
    ("ruff", "ruff"),
    ("exec(eval(", "pytest workers (the tests' own Python)"),
    ("pytest", "pytest's main process (the tests' own Python without -n)"),
    ("python", "other Python processes"),
]


def kind(cmdline: str) -> str:
    """The kind of a process by its command line.

    >>> kind("/usr/lib/chromium/chromium --type=renderer --headless")
    'Chromium: pages (renderer processes)'
    >>> kind("python -m ipykernel_launcher -f k.json")
    'Python kernels'
    """
    return next((name for part, name in KINDS if part in cmdline), "other")


def busy_and_idle() -> tuple[float, float]:
    """The machine's busy and idle CPU-seconds since boot (all cores)."""
    with open("/proc/stat") as f:
        ticks = [int(x) for x in f.readline().split()[1:]]
    idle = ticks[3] + ticks[4]  # idle and iowait
    return (sum(ticks) - idle) / TICKS_PER_SECOND, idle / TICKS_PER_SECOND


class Sampler(threading.Thread):
    """Adds up each process's CPU time between readings, by kind."""

    def __init__(self, every: float = 0.5) -> None:
        super().__init__(daemon=True)
        self.every, self.stopped = every, threading.Event()
        self.last: dict[tuple[int, str], tuple[int, str]] = {}  # (pid, start time) -> (ticks, kind)
        self.totals: Counter[str] = Counter()
        self.read(count=False)

    def read(self, count: bool = True) -> None:
        for pid in filter(str.isdigit, os.listdir("/proc")):
            try:
                with open(f"/proc/{pid}/stat") as f:
                    stat = f.read()
                fields = stat[stat.rindex(")") + 2:].split()
                key, ticks = (int(pid), fields[19]), int(fields[11]) + int(fields[12])
                if key not in self.last or self.last[key][1] == HELPER:
                    # Chromium forks its pages from a helper (the zygote): a page
                    # seen as a helper is read again until it says what it is.
                    with open(f"/proc/{pid}/cmdline", "rb") as f:
                        name = kind(f.read().replace(b"\0", b" ").decode(errors="replace"))
                    start = self.last[key][0] if key in self.last else (0 if count else ticks)
                    self.last[key] = (start, name)
            except (OSError, ValueError, IndexError):
                continue  # it ended meanwhile
            before, name = self.last[key]
            if count and int(pid) != os.getpid():
                self.totals[name] += ticks - before
            self.last[key] = (ticks, name)

    def run(self) -> None:
        while not self.stopped.wait(self.every):
            self.read()

    def stop(self) -> Counter[str]:
        self.stopped.set()
        self.join()
        self.read()
        return Counter({k: v / TICKS_PER_SECOND for k, v in self.totals.items()})


def stop(pytest: subprocess.Popen) -> None:
    """After a Ctrl-C (which pytest, in the same process group, had too): a
    test of Ctrl-C itself may take one as its own, so ask again every 5 s,
    and end pytest outright after three tries."""
    for _ in range(3):
        try:
            pytest.wait(timeout=5)
            return
        except subprocess.TimeoutExpired:
            pytest.send_signal(signal.SIGINT)
    pytest.terminate()
    pytest.wait()


def machine() -> str:
    done = subprocess.run([sys.executable, str(REPO / "benchmarks" / "machine.py")], capture_output=True, text=True)
    return done.stdout.strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=float, default=0.5, help="seconds between readings (default 0.5)")
    parser.add_argument("pytest_args", nargs="*", default=["-n", "auto"],
                        help="pytest's arguments, after -- (default: -n auto)")
    args = parser.parse_args()
    if args.every <= 0:
        parser.error(f"--every must be a positive number of seconds, not {args.every}")
    print("before:", machine(), flush=True)
    busy0, idle0 = busy_and_idle()
    start = time.perf_counter()
    sampler = Sampler(args.every)
    sampler.start()
    pytest = subprocess.Popen([sys.executable, "-m", "pytest", "-q", *args.pytest_args], cwd=REPO,
                              env={**os.environ, "CI": os.environ.get("CI", "true")})
    try:
        code = pytest.wait()
    except KeyboardInterrupt:
        code = 130
        stop(pytest)
    totals = sampler.stop()
    wall = time.perf_counter() - start
    busy1, idle1 = busy_and_idle()
    busy, idle = busy1 - busy0, idle1 - idle0
    stopped = " (stopped by Ctrl-C: the run so far)" if code == 130 else ""
    print(f"{wall:.0f} s{stopped}; the machine busy {busy:.0f} CPU-s, idle {idle:.0f} CPU-s")
    for name, seconds in totals.most_common():
        if seconds >= 0.5:
            print(f"  {seconds:7.1f}  {100 * seconds / busy:4.1f} %  {name}")
    print(f"  {busy - sum(totals.values()):7.1f}          not attributed (short processes, the system's own work)")
    print("after:", machine())
    return code


if __name__ == "__main__":
    sys.exit(main())
