"""Scripted move sequences for the browser tests, worked out with the engine
itself (the same seed gives the same deal here and in the kernel).

A plan is a list of ``(move text, how)`` where ``how`` says which gesture
plays it on the table: ``drag``, ``click`` (click the card, then the target),
``dblclick`` (send home), ``stock`` (click the stock), ``button`` (the action's
button), ``key`` (keyboard only).
"""

from __future__ import annotations

from typing import Optional

import solitaire_widgets as sw
from solitaire_widgets.cards import Card

# Seeds whose plans exercise every gesture and action of the game (found
# offline with find_seed(); the tests assert the coverage, so a change of the
# engine that breaks it says so).
SEEDS = {"frog": 5, "leap_year": 0, "bobby": 0, "cruel": 0, "midshipman": 0}
KEY_SEEDS = {"frog": 5, "leap_year": 0, "bobby": 0, "cruel": 0, "midshipman": 1}
# Deals that a simple line of play loses (losing_line), for the "lost" banner.
LOSING_SEEDS = {"frog": 0, "leap_year": 0, "bobby": 0, "cruel": 0, "midshipman": 2}
# Bobby's redeal needs an empty stock: the engine plays this far in code first.
BOBBY_STOCK_LEFT = 3


def _is_home(move: sw.Move) -> bool:
    return not move.is_action and move.target[0] == "f"


def pre_moves(game: sw.Game) -> list[str]:
    """Moves played in code before the gestures start (Bobby: nearly the
    whole first pass, so the plan reaches a redeal)."""
    moves: list[str] = []
    if game.name == "bobby":
        while len(game.card_ids("stock")) > BOBBY_STOCK_LEFT:
            legal = game.legal_moves()
            home = [m for m in legal if _is_home(m)]
            move = home[0] if home else sw.Move("draw")
            game.play(move)
            moves.append(str(move))
    return moves


class Planner:
    """Chooses the next gesture from the game's current position (deterministic).

    Card moves alternate drag / click / double-click (keyboard: all ``key``);
    home and building moves alternate; a move never just takes back the one
    before it; stock actions when no card moves; Cruel redeals once after a
    few moves.
    """

    def __init__(self, keyboard: bool = False):
        self.keyboard = keyboard
        self.n_card = 0
        self.steps = 0
        self.redealt = False

    def next(self, game: sw.Game) -> Optional[tuple[sw.Move, str]]:
        if game.status != "playing":
            return None
        legal = game.legal_moves()
        last = game.last_move
        back = None if last is None or last.is_action else (last.target, last.source)  # straight back: never
        cards = [m for m in legal if not m.is_action and (m.source, m.target) != back]
        actions = [m for m in legal if m.is_action]
        home = [m for m in cards if _is_home(m)]
        build = [m for m in cards if not _is_home(m)]
        gestures = ["key"] if self.keyboard else ["drag", "click", "dblclick"]
        self.steps += 1
        if game.name == "cruel" and not self.redealt and self.steps > 4 and actions:
            self.redealt = True
            return actions[0], "key-button" if self.keyboard else "button"
        if home or build:
            gesture = gestures[self.n_card % len(gestures)]
            self.n_card += 1
            if gesture == "dblclick":
                if home:
                    return home[0], gesture
                gesture = "drag"
            pool = build if (build and (self.n_card % 2 == 0 or not home)) else home
            return pool[(self.n_card * 7) % len(pool)], gesture
        if actions:
            move = actions[0]
            if move.action == "redeal":
                return move, "key-button" if self.keyboard else "button"
            return move, "key-stock" if self.keyboard else "stock"
        return None


def plan(game: sw.Game, length: int = 12, keyboard: bool = False) -> list[tuple[str, str]]:
    """The gesture sequence a Planner gives from here; plays it on ``game``."""
    planner = Planner(keyboard)
    steps: list[tuple[str, str]] = []
    while len(steps) < length:
        step = planner.next(game)
        if step is None:
            break
        game.play(step[0])
        steps.append((str(step[0]), step[1]))
    return steps


def coverage(name: str, steps: list[tuple[str, str]]) -> set[str]:
    """What a plan exercises: gestures and the actions played."""
    kinds = {how for _, how in steps}
    kinds |= {m for m, _ in steps if m in ("draw", "deal", "redeal")}
    kinds |= {"home" for m, _ in steps if " f" in m}
    kinds |= {"build" for m, _ in steps if " t" in m}
    return kinds


NEEDED = {
    "frog": {"drag", "click", "dblclick", "draw", "stock", "home", "build"},
    "leap_year": {"drag", "click", "dblclick", "deal", "stock", "home"},
    "bobby": {"drag", "click", "dblclick", "draw", "redeal", "stock", "button", "home"},
    "cruel": {"drag", "click", "dblclick", "redeal", "button", "home", "build"},
    "midshipman": {"drag", "click", "dblclick", "draw", "stock", "home", "build"},
}
NEEDED_KEYS = {
    "frog": {"key", "draw", "key-stock", "home", "build"},
    "leap_year": {"key", "deal", "key-stock", "home"},
    "bobby": {"key", "draw", "redeal", "key-stock", "key-button", "home"},
    "cruel": {"key", "redeal", "key-button", "home", "build"},
    "midshipman": {"key", "draw", "key-stock", "home", "build"},
}


def find_seed(name: str, keyboard: bool = False, length: int = 12, tries: int = 200) -> Optional[int]:
    needed = (NEEDED_KEYS if keyboard else NEEDED)[name]
    for seed in range(tries):
        g = sw.new_game(name, seed=seed)
        pre_moves(g)
        if needed <= coverage(name, plan(g, length, keyboard)):
            return seed
    return None


# --------------------------------------------------------------------------- #
# Decks that win by construction (first card dealt first)
# --------------------------------------------------------------------------- #
RANKS = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
SUITS = "SHDC"


def _c(rank: int, suit: str) -> str:
    return f"{RANKS[rank - 1]}{suit}"


def winning_deck(name: str) -> list[str]:
    if name == "bobby":
        # f0 gets A♠; every later card is one rank up: draw, play, draw, play …
        return [_c(r, s) for s in SUITS for r in range(1, 14)]
    if name == "cruel":
        deck = [_c(1, s) for s in SUITS]
        for s in SUITS:
            for packet in ((5, 4, 3, 2), (9, 8, 7, 6), (13, 12, 11, 10)):
                deck += [_c(r, s) for r in packet]  # bottom first: the low card on top
        return deck
    if name == "frog":
        aces = [_c(1, s) for s in SUITS] * 2
        reserve = [_c(13, s) for s in SUITS] * 2 + [_c(12, s) for s in SUITS] + [_c(12, "S")]  # 8 K + 5 Q, top Q
        stock = [_c(r, s) for r in range(2, 12) for s in SUITS for _ in range(2)]
        stock += [_c(12, s) for s in "HDC"]  # the three queens not in the reserve
        return aces + reserve + stock
    if name == "leap_year":
        aces = [_c(1, s) for s in SUITS] * 4
        return aces + [_c(r, s) for r in range(2, 14) for s in SUITS for _ in range(4)]
    if name == "midshipman":
        stock = [_c(r, s) for r in range(1, 9) for s in SUITS for _ in range(2)] + [_c(9, s) for s in SUITS]
        high = [_c(r, s) for r in (13, 12, 11, 10) for s in SUITS for _ in range(2)] + [_c(9, s) for s in SUITS]
        # Four rounds across nine piles, the high cards first (bottom) so every
        # pile reads top-down low to high.
        return high + stock
    raise ValueError(name)


def greedy_win(game: sw.Game, limit: int = 2000) -> list[str]:
    """Play a stacked game to its end: home moves first, then stock actions."""
    moves: list[str] = []
    while game.status == "playing" and len(moves) < limit:
        legal = game.legal_moves()
        home = [m for m in legal if _is_home(m)]
        actions = [m for m in legal if m.is_action]
        move = home[0] if home else (actions[0] if actions else legal[0])
        game.play(move)
        moves.append(str(move))
    return moves


def losing_line(name: str, seed: int, limit: int = 400) -> Optional[list[str]]:
    """A deterministic line of play that ends lost (None if it wins or runs long):
    home moves first, then stock actions, then building, never straight back."""
    game = sw.new_game(name, seed=seed)
    moves: list[str] = []
    while game.status == "playing" and len(moves) < limit:
        legal = game.legal_moves()
        last = game.last_move
        fresh = [m for m in legal if m.is_action or last is None or last.is_action
                 or (m.source, m.target) != (last.target, last.source)]
        home = [m for m in fresh if _is_home(m)]
        actions = [m for m in fresh if m.is_action and m.action != "redeal"]
        redeal = [m for m in fresh if m.action == "redeal"]
        build = [m for m in fresh if not m.is_action and not _is_home(m)]
        pool = home or actions or redeal or build or legal
        move = pool[0]
        game.play(move)
        moves.append(str(move))
    return moves if game.status == "lost" else None


def card_name(card_id: int) -> str:
    return str(Card.from_id(card_id))
