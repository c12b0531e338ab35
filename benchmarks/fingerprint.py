"""What the built-in games do, as one JSON file: solver verdicts, first hints,
saves, texts and the table's payload per move, for every rule-option pair.

A change to the engine, the solver or the widget that must not change how
the built-in games play is checked by writing the fingerprint before and
after it and comparing the two files (``--compare``): any difference is
printed by game, seed and field.

    python benchmarks/fingerprint.py --out before.json            # on the old commit
    python benchmarks/fingerprint.py --out after.json --compare before.json

By default it covers seeds 0-199 of every game and option pair at a fixed
state budget (``--states``, 3,000), which takes a few minutes; ``--seeds``
sets fewer for a quick look.  ``--games`` limits it to some games.
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import random
import sys
import time
from typing import Any

import solitaire_widgets as sw
from solitaire_widgets.games import GAMES

BUILT_IN = ("frog", "leap_year", "bobby", "cruel", "midshipman")


def option_pairs(cls: type[sw.Game]) -> list[dict[str, str]]:
    names = list(cls.OPTIONS)
    return [dict(zip(names, values)) for values in itertools.product(*(cls.OPTIONS[n] for n in names))]


def digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, sort_keys=True, default=str).encode()).hexdigest()[:16]


def solver_row(cls: type[sw.Game], seed: int, options: dict[str, str], states: int) -> dict[str, Any]:
    game = cls(seed=seed, **options)
    solution = sw.solve(game, time_limit=None, max_states=states)
    hint = game.hint(time_limit=None, max_states=states // 10)
    return {
        "status": solution.status, "moves": len(solution.moves), "line": digest([str(m) for m in solution.moves]),
        "states": solution.states, "home": solution.cards_home, "reason": solution.reason,
        "cards": list(solution.reason_cards), "hint": str(hint.move), "hint_reason": hint.reason,
        "hint_winning": hint.winning,
    }


def random_game_row(cls: type[sw.Game], seed: int, options: dict[str, str], widget: bool) -> dict[str, Any]:
    """A random game of up to 120 moves with undos: saves, texts and (with
    ``widget``) the table's synced traits after each move, as digests."""
    game = cls(seed=seed, **options)
    rng = random.Random(seed)
    table = sw.SolitaireWidget(game) if widget else None
    steps: list[Any] = []
    for step in range(120):
        legal = game.legal_moves()
        if not legal:
            break
        if step % 7 == 6 and game.history:
            game.undo()
        else:
            game.play(rng.choice(legal))
        seen: dict[str, Any] = {"key": game.key().hex(), "status": game.status, "legal": [str(m) for m in legal],
                                "text": str(game), "explain": str(game.explain()),
                                "targets": {p: game.targets(p) for p in game.PILES if game[p]}}
        if table is not None:
            seen["traits"] = {name: getattr(table, name) for name in (
                "piles", "status", "counters", "legal", "last_move", "message", "safe_drop", "empty_labels",
                "actions", "pile_roles", "layouts", "features", "rules", "options")}
        steps.append({field: digest(value) for field, value in seen.items()})
    return {"steps": steps, "save": digest(game.to_dict()), "picture": digest(str(game.picture()))}


def fingerprint(games: list[str], seeds: int, states: int, widget: bool) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for name in games:
        cls = GAMES[name]
        for options in option_pairs(cls):
            label = name + "".join(f" {k}={v}" for k, v in options.items())
            started = time.perf_counter()
            rows = {}
            for seed in range(seeds):
                rows[seed] = solver_row(cls, seed, options, states)
                if seed < 20:
                    rows[seed]["game"] = random_game_row(cls, seed, options, widget)
            result[label] = rows
            print(f"{label}: {seeds} seeds in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    return result


def compare(before: dict[str, Any], after: dict[str, Any]) -> int:
    differences = 0
    for label in sorted(set(before) | set(after)):
        if label not in before or label not in after:
            print(f"{label}: only in {'after' if label in after else 'before'}")
            differences += 1
            continue
        for seed in before[label]:
            old, new = before[label][seed], after[label].get(seed)
            if old != new:
                differences += 1
                fields = sorted(k for k in set(old) | set(new or {}) if old.get(k) != (new or {}).get(k))
                if "game" in fields:  # which of the random game's fields, at which steps
                    fields.remove("game")
                    fields += sorted(_game_differences(old["game"], (new or {}).get("game") or {}))
                print(f"{label} seed {seed}: {', '.join(fields)} differ")
    print(f"{differences} difference{'s' * (differences != 1)}")
    return differences


def _game_differences(old: dict[str, Any], new: dict[str, Any]) -> set[str]:
    """The fields of a random game that differ: "save", "picture", or a
    step's field as "step.explain"."""
    fields = {k for k in ("save", "picture") if old.get(k) != new.get(k)}
    old_steps, new_steps = old.get("steps", []), new.get("steps", [])
    if len(old_steps) != len(new_steps):
        fields.add("steps")
    for a, b in zip(old_steps, new_steps):
        fields |= {f"step.{k}" for k in set(a) | set(b) if a.get(k) != b.get(k)}
    return fields


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", required=True, help="where to write the fingerprint (JSON)")
    parser.add_argument("--compare", help="a fingerprint written before, to compare with")
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("--states", type=int, default=3000)
    parser.add_argument("--games", nargs="*", default=list(BUILT_IN))
    parser.add_argument("--no-widget", action="store_true", help="leave out the table's payload")
    args = parser.parse_args()
    result = fingerprint(args.games, args.seeds, args.states, not args.no_widget)
    with open(args.out, "w") as file:
        json.dump(result, file, indent=0, sort_keys=True)
    if args.compare:
        with open(args.compare) as file:
            sys.exit(1 if compare(json.load(file), json.loads(json.dumps(result))) else 0)


if __name__ == "__main__":
    main()
