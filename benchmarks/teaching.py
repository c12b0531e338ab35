"""The solver as a teacher, figures per game (not a test): the time to a
winnable deal, the time to analyse a 100-move game, and the grade check.

* ``deal``: ``sw.new_game(name, winnable=True)`` from ``--timings`` random
  start seeds (drawn from a fixed generator, so the same starts every run),
  for each game's default rules and each other value of each option:
  median, 90th percentile and slowest time, and the deals tried.  A search
  that finds no deal in its 60 s counts as 60 s (the figures are then
  floors, and the row says how many); where the first two starts find
  none, the row says so and the game's other starts are skipped.
* ``analysis``: ``--analyses`` games of 100 moves per game (or fewer where
  the game ends first), each played on a winnable deal by the slipping
  player below, then ``game.analyse()`` with its default 10 s: median time,
  and how many analyses named the losing move, found the game still
  winnable, or left the move undecided.
* ``puzzles``: ``sw.puzzles(name, 3, seed=0)``: the time, and what the
  puzzles are like.
* ``grades``: the first ``--deals`` winnable deals from ``--start-seed`` on
  (each seed searched for 5,000 positions, as ``winnable=True`` does where
  the game declares no ``DEAL_STATES``), and
  more, up to ``--most``, until every grade has ``--per-grade`` deals; each
  graded by ``sw.grade`` (the look-ahead ladder) and then played by two
  players that did not define the grade:

  - the *slipping look-ahead player*: it searches 50 positions before each
    move (a budget none of the grade's players has) and plays the best line's first move, but one move in 20,
    at random, it plays any legal move instead; ``--playouts`` games per
    deal, its random choices seeded by the deal's seed;
  - the *noisy greedy player*, which never looks ahead: it plays the
    solver's move order, cut by the game's guide (a card home at once …),
    taking the first move with probability 0.9, else the next, and so on;
    ``--noisy`` games per deal.

  For each grade: the deals, and each player's share of games won (with its
  95% Wilson interval).  The grade holds up when the shares fall from grade
  to grade.  Every budget here is in positions and every random choice is
  seeded, so the grade check gives the same figures on any machine.

    python benchmarks/teaching.py [--parts deal analysis puzzles grades] [--games cruel frog] [--deals 200] [--jobs 2]
        [-o suits=4] [--cpu]  # deal: only the rules with these options; CPU seconds, not the wall clock's
        [--rows grades.jsonl]  # each seed's row kept as it is judged: a stopped check resumes
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Optional

import solitaire_widgets as sw
from solitaire_widgets.__main__ import option_pair
from solitaire_widgets.solver.deals import DEAL_STATES, NoWinnableDeal
from solitaire_widgets.solver.grades import GRADES
from solitaire_widgets.solver.results import wilson
from solitaire_widgets.solver.search import Search

SLIP_LOOKAHEAD = 50  # positions the slipping player searches before each move
SLIP = 1 / 20  # its share of moves played at random
NOISY_NEXT = 0.1  # the noisy greedy player's chance of passing over a move for the next
MAX_MOVES = 2000


def slipping_game(game: sw.Game, rng: random.Random, record: Optional[list] = None) -> bool:
    """Play ``game`` (a copy) as the slipping look-ahead player; True if it wins.
    ``record`` collects the moves played."""
    position = game.copy(history=False)
    passed = {position.search_key()}
    played = 0
    while position.status == "playing" and played < MAX_MOVES:
        legal = position.legal_moves()
        if rng.random() < SLIP:
            move = rng.choice(legal)
        else:
            search = Search(position, time_limit=None, max_states=SLIP_LOOKAHEAD, avoid=passed)
            status, codes, _, _ = search.run()
            if status == "won" and record is None:
                return True  # it sees the win to the end
            if status == "lost" and not search.avoided and record is None:
                return False
            code = codes[0] if status == "won" else search.best_line[0] if search.best_line else \
                search.first_onward(search.avoid | {search.fast.search_key()})
            if code is None:
                return False
            move = position.SHAPE.move(code)
        position.play(move)
        played += 1
        if record is not None:
            record.append(move)
            if len(record) >= 100:
                break
        passed.add(position.search_key())
    return position.status == "won"


def noisy_greedy_game(game: sw.Game, rng: random.Random) -> bool:
    """Play ``game`` (a copy) as the noisy greedy player; True if it wins."""
    search = Search(game, time_limit=None)
    search.guided = search.guide is not None  # the guided pass's moves: the game's usual way of winning
    fast = search.fast
    passed = {fast.search_key()}
    played = 0
    while not fast.won() and not fast.lost() and played < MAX_MOVES:
        fresh = []
        for code in search.children() or fast.move_codes():
            record = search.apply(code)
            if fast.search_key() not in passed:
                fresh.append(code)
            search.revert(code, record)
        if not fresh:
            break
        i = 0
        while i < len(fresh) - 1 and rng.random() < NOISY_NEXT:
            i += 1
        search.apply(fresh[i])
        passed.add(fast.search_key())
        played += 1
    return fast.won()


def judge_seed(name: str, seed: int, playouts: int, noisy: int) -> dict[str, Any]:
    """One seed of the grade check: not won at 5,000 positions, or its grade and the players' wins."""
    game = sw.new_game(name, seed=seed)
    solution = sw.solve(game, time_limit=None, max_states=DEAL_STATES)
    if solution.status != "won":
        return {"seed": seed, "won": False}
    game.set_winning_line(solution.moves)
    started = time.perf_counter()
    graded = sw.grade(game)
    seconds = time.perf_counter() - started
    rng = random.Random(seed)
    slipping = sum(slipping_game(game, rng) for _ in range(playouts))
    greedy = sum(noisy_greedy_game(game, rng) for _ in range(noisy))
    return {"seed": seed, "won": True, "grade": graded.level, "lookahead": graded.lookahead,
            "line": len(solution.moves), "grade_seconds": round(seconds, 3), "slipping": slipping,
            "noisy": greedy}


def judged_before(rows_file: Optional[str], name: str, start: int, playouts: int, noisy: int) -> list[dict[str, Any]]:
    """The rows ``rows_file`` already holds for this check (the same game,
    start, playouts and noisy games), seeds in order from ``start`` with no gap."""
    if not rows_file or not os.path.exists(rows_file):
        return []
    found: dict[int, dict[str, Any]] = {}
    with open(rows_file) as lines:
        for line in lines:
            record = json.loads(line)
            if (record["game"], record["start"], record["playouts"], record["noisy"]) == (name, start, playouts, noisy):
                found[record["row"]["seed"]] = record["row"]
    rows = []
    while start + len(rows) in found:
        rows.append(found[start + len(rows)])
    return rows


def grade_check(name: str, deals: int, start: int, jobs: Optional[int], playouts: int, noisy: int,
                save: Optional[str], per_grade: int, most: int, rows_file: Optional[str] = None) -> None:
    """The grade check of one game: at least ``deals`` winnable deals, more
    (up to ``most``) until every grade has ``per_grade`` deals.  With
    ``rows_file``, each seed's row is appended as it is judged, and a run
    stopped halfway goes on from the rows already there."""
    rows = judged_before(rows_file, name, start, playouts, noisy)
    if rows:
        print(f"  ({name}: {len(rows)} seeds judged before, read from {rows_file})", file=sys.stderr, flush=True)
    seed = start + len(rows)
    started = time.perf_counter()
    batch = 8 * (jobs or 2)

    def enough() -> bool:
        won = [r for r in rows if r["won"]]
        if len(won) < deals:
            return False
        return len(won) >= most or all(sum(r["grade"] == level for r in won) >= per_grade for level in GRADES)

    with ProcessPoolExecutor(jobs) as pool:
        while not enough():
            seeds = range(seed, seed + batch)
            judged = list(pool.map(judge_seed, [name] * batch, seeds, [playouts] * batch, [noisy] * batch))
            rows += judged
            if rows_file:
                with open(rows_file, "a") as out:
                    for row in judged:
                        out.write(json.dumps({"game": name, "start": start, "playouts": playouts,
                                              "noisy": noisy, "row": row}) + "\n")
            seed += batch
            print(f"  ({name}: {sum(r['won'] for r in rows)} winnable deals of {seed - start} seeds, "
                  f"{time.perf_counter() - started:.0f} s)", file=sys.stderr, flush=True)
    won = [r for r in rows if r["won"]]
    print(f"\n{name}: the {len(won)} winnable deals of seeds {start}–{seed - 1} ({seed - start} tried), "
          f"{time.perf_counter() - started:.0f} s on {jobs or 'every'} process(es) in this run; "
          f"grading took a median of {statistics.median(r['grade_seconds'] for r in won):.2f} s per deal")
    print(f"| grade | deals | slipping look-ahead player: won ({playouts} games a deal) | "
          f"noisy greedy player: won ({noisy} games a deal) | median winning line |")
    print("| --- | ---: | --- | --- | ---: |")
    for level in GRADES:
        graded = [r for r in won if r["grade"] == level]
        if not graded:
            print(f"| {level} | 0 | – | – | – |")
            continue
        cells = []
        for player, games in (("slipping", playouts), ("noisy", noisy)):
            wins, total = sum(r[player] for r in graded), games * len(graded)
            lo, hi = wilson(wins, total)
            cells.append(f"{wins}/{total} = {wins / total:.1%} ({lo:.1%}–{hi:.1%})")
        print(f"| {level} | {len(graded)} | {cells[0]} | {cells[1]} | "
              f"{statistics.median(r['line'] for r in graded):.0f} |")
    if save:
        with open(save, "a") as out:
            out.write(json.dumps({"game": name, "start": start, "rows": won}) + "\n")


def option_variants(name: str) -> list[dict[str, str]]:
    """The default rules, then each other value of each option (the rest at their defaults)."""
    cls = sw.games.game_class(name)
    return [{}] + [{option: value} for option, values in cls.OPTIONS.items() for value in values[1:]]


def deal_times(name: str, timings: int, options: dict[str, str], limit: float = 60.0, cpu: bool = False) -> None:
    """One row of the time to a winnable deal: wall-clock seconds, or with
    ``cpu`` this process's CPU seconds (the limit too), for a machine
    shared with other work."""
    starts = random.Random(f"{name}{options}").sample(range(1_000_000_000), timings)
    clock = time.process_time if cpu else time.perf_counter
    seconds: list[float] = []
    tried: list[int] = []
    failed = 0
    rules = " ".join(f"`{k}={v}`" for k, v in options.items())
    for start in starts:
        count = [1]

        def counted(n: int, _seconds: float, count: list = count) -> None:
            count[0] = n + 1

        began = clock()
        try:
            spent = (lambda began=began: clock() - began >= limit) if cpu else None
            game = sw.solver.winnable_deal(name, seed=start, time_limit=None if cpu else limit, progress=counted,
                                           stop=spent, **options)
        except NoWinnableDeal as err:
            failed += 1
            if not seconds and failed == 2:  # the solver wins none of this game's deals: say so, go on
                print(f"| {name} {rules} | 0 of 2 | none in {limit:.0f} s each ({err.tried} deals tried "
                      f"the second time) | – | – | – | – |", flush=True)
                return
            continue
        seconds.append(clock() - began)
        tried.append(count[0])
        assert game.winning_line
    # a search that ran out of time counts as its time limit: the median is then a floor
    times = sorted(seconds + [limit] * failed)
    p90 = times[min(len(times) - 1, round(0.9 * len(times)) - 1)]
    late = f" ({failed} over {limit:g} s)" if failed else ""
    print(f"| {name} {rules} | {timings}{late} | {statistics.median(times):.2f} | {p90:.2f} | {times[-1]:.2f} | "
          f"{statistics.median(tried):g} | {max(tried)} |", flush=True)


def analysis_times(name: str, games: int) -> None:
    seconds, found = [], {"losing move named": 0, "still winnable": 0, "lost from the start": 0, "undecided": 0}
    lengths = []
    seed = 0
    for _ in range(games):
        deal = sw.new_game(name, winnable=True, seed=seed)
        seed = deal.seed + 1
        game = sw.new_game(name, seed=deal.seed, **deal.options)  # no stored line: every verdict searched
        moves: list = []
        slipping_game(game, random.Random(deal.seed), record=moves)
        for move in moves:
            game.play(move)
        lengths.append(len(game.history))
        began = time.perf_counter()
        analysis = game.analyse()
        seconds.append(time.perf_counter() - began)
        if analysis.losing_move is not None:
            found["losing move named"] += 1
        elif analysis.verdicts[-1] == "won":
            found["still winnable"] += 1
        elif analysis.lost_from_start:
            found["lost from the start"] += 1
        else:
            found["undecided"] += 1
    print(f"| {name} | {games} | {statistics.median(lengths):g} | {statistics.median(seconds):.2f} | "
          f"{max(seconds):.2f} | " + " | ".join(str(v) for v in found.values()) + " |")


def puzzle_times(name: str, count: int) -> None:
    began = time.perf_counter()
    found = sw.puzzles(name, count, seed=0, time_limit=None)
    seconds = time.perf_counter() - began
    tricky = sum(p.tricky for p in found)
    moves = statistics.median(len(p.others) + 1 for p in found)
    out = statistics.median(p.game.card_count - p.game.cards_home for p in found)
    where = ", ".join(f"seed {p.seed} move {p.move_number}" for p in found)
    print(f"| {name} | {count} | {seconds:.1f} | {tricky} | {moves:g} | {out:g} | {where} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--parts", nargs="*", default=["deal", "analysis", "puzzles", "grades"],
                        choices=["deal", "analysis", "puzzles", "grades"])
    parser.add_argument("--puzzles", type=int, default=3, help="puzzles found per game")
    parser.add_argument("--games", nargs="*", default=list(sw.GAMES))
    parser.add_argument("--timings", type=int, default=20, help="winnable deals timed per game")
    parser.add_argument("-o", "--option", type=option_pair, action="append", default=[], metavar="NAME=VALUE",
                        help="time a winnable deal only for the rules with these options (Spider's -o suits=4: "
                             "its default row)")
    parser.add_argument("--cpu", action="store_true",
                        help="time a winnable deal in this process's CPU seconds (a machine shared with other work)")
    parser.add_argument("--analyses", type=int, default=5, help="100-move games analysed per game")
    parser.add_argument("--deals", type=int, default=200, help="winnable deals per game in the grade check")
    parser.add_argument("--per-grade", type=int, default=20,
                        help="more deals, until every grade has this many (or --most deals in all)")
    parser.add_argument("--most", type=int, default=600, help="winnable deals per game at most")
    parser.add_argument("--start-seed", type=int, default=0)
    parser.add_argument("--playouts", type=int, default=4)
    parser.add_argument("--noisy", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--save", metavar="FILE", help="append each game's grade-check rows to FILE (JSON lines)")
    parser.add_argument("--rows", metavar="FILE",
                        help="append each seed's grade-check row to FILE as it is judged, and go on from the "
                             "rows already there (a long check can stop and resume)")
    args = parser.parse_args()
    for key, value in args.option:  # (a row is timed where its rules have them: a misspelt one would time none)
        if not any(value in sw.games.game_class(name).OPTIONS.get(key, ()) for name in args.games):
            parser.error(f"-o {key}={value}: no game of --games has an option {key!r} with the value {value!r}")
    print(f"(load average at the start: {' '.join(f'{x:.1f}' for x in os.getloadavg())}, "
          f"{os.cpu_count()} cores)", flush=True)
    if "deal" in args.parts:
        print("Time to a winnable deal (sw.new_game(name, winnable=True), the game's DEAL_STATES or 5,000 "
              f"positions per seed), {'CPU seconds of this process' if args.cpu else 'seconds'}:")
        print("| game | deals | median s | 90th percentile s | slowest s | median deals tried | most deals tried |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
        wanted = dict(args.option)
        for name in args.games:
            for options in option_variants(name):
                rules = {**sw.games.game_class(name).checked_options({}), **options}
                if all(rules.get(k) == v for k, v in wanted.items()):
                    deal_times(name, args.timings, options, cpu=args.cpu)
    if "analysis" in args.parts:
        print("\nAnalysis of a game of 100 moves (game.analyse(), 10 s at most):")
        print("| game | games | median moves | median s | slowest s | losing move named | still winnable | "
              "lost from the start | undecided |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for name in args.games:
            analysis_times(name, args.analyses)
    if "puzzles" in args.parts:
        print(f"\nPuzzles (sw.puzzles(name, {args.puzzles}, seed=0), every other move proved lost):")
        print("| game | puzzles | seconds | a player without look-ahead goes wrong | median legal moves | "
              "median cards still out | where |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | --- |")
        for name in args.games:
            puzzle_times(name, args.puzzles)
    if "grades" in args.parts:
        for name in args.games:
            grade_check(name, args.deals, args.start_seed, args.jobs, args.playouts, args.noisy, args.save,
                        args.per_grade, args.most, args.rows)


if __name__ == "__main__":
    main()
    print(f"(load average at the end: {' '.join(f'{x:.1f}' for x in os.getloadavg())})")
