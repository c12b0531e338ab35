"""Gymnasium environments for every registered game (optional extra ``[gym]``).

Importing this module registers one environment per game of ``sw.GAMES``,
``solitaire_widgets/<ClassName>-v0`` (``Frog-v0``, ``LeapYear-v0``,
``Bobby-v0``, ``Cruel-v0``, ``Midshipman-v0``), and one for each game
``sw.register`` adds later; ``env_id(cls)`` gives a game's id.  Rule options
go through ``gymnasium.make``:

>>> import gymnasium, solitaire_widgets as sw, solitaire_widgets.gym
>>> env = gymnasium.make("solitaire_widgets/Cruel-v0", gather="pysol")
>>> obs, info = env.reset(seed=1)
>>> obs.shape, int(env.action_space.n), int(info["action_mask"].sum()) > 0
((17, 52), 181, True)

**Actions** are a fixed ``Discrete(n)``: one action per move the game's
rules can ever allow between two piles (its routes, ``Game.ROUTES``), then
one per stock action (``draw``, ``deal``, ``redeal`` … the game's own
words).  In a game that moves runs of cards (its piles' rules say so) a pair of piles
has one action per number of cards: ``t3 t5``, ``t3 t5 2``, ``t3 t5 3`` …
up to the longest run the game allows (a free cell takes one card; where
foundations take a completed suit, only the 13-card move goes there); a
pile that moves only whole has one action per pile it may go to, and two
cards that leave together (a pair) one action per two piles.
``env.unwrapped.actions[i]`` is the ``Move`` of action ``i`` (its
``count`` says how many cards it moves, but for a whole pile's); ``info["action_mask"]`` (``int8``,
1 = legal now) marks the legal ones, so ``env.action_space.sample(mask=...)``
picks a legal move.  The environment's ``action_masks()`` method returns the
same mask; through wrappers reach it as
``env.get_wrapper_attr("action_masks")()`` (how sb3-contrib's
``MaskablePPO`` and vector environments find it) or
``env.unwrapped.action_masks()``.  An illegal action is refused: the game
does not change, the reward is 0 and ``info["illegal"]`` holds the engine's
reason.

**Observations** are an ``int16`` array of shape ``(len(PILES) + 1,
card_count)`` (``card_count``: the cards of a deal under the options, 52 a
deck, 104 for two).  Row ``p`` is pile ``PILES[p]``, its cards from the top
down: ``0`` no card, ``1``–``52`` a face-up card (its face, ``suit_index *
13 + rank``, suits in the order ♠ ♥ ♦ ♣: copies of a card in games of
several decks look alike), ``53`` a face-down card (its face stays hidden).
The last row holds the number of redeals made in column 0 (capped at 53),
zeros elsewhere.  A run is read off its pile's row.

**Reward**: the cards the step sent to the foundations (1 for a move home,
13 for a completed suit; in a game that counts its cards home itself, as
Accordion does, the cards its step brought home), plus ``WIN_BONUS`` when the
step wins the game.
An episode ends (``terminated``) when the game is over as ``game.status``
says: won (every card home, or the game's own declared win, ``_won``) or
lost (no legal move left, or the game's own declared loss, ``_lost``);
``info["end_reason"]`` says why in words.  The registered environments stop
an episode after ``MAX_EPISODE_STEPS`` steps (``truncated``), since
Cruel's redeals and Midshipman's lone-card moves, and any game that
declares ``CAN_CYCLE``, can go on for ever.

``reset(seed=...)`` seeds the environment's generator, which draws the
game's seed; ``reset(options={"game_seed": 7})`` deals the game of seed 7
(``sw.Cruel(seed=7)``), ``reset(options={"deck": [...]})`` an explicit
deck.  Any other option is refused with a ``ValueError``.
``info["game_seed"]`` is the seed of the game being played (None for a
deck).

``reset`` never hands out a game that is over before its first move (a
few deals are: 142 of 20,000 Cruel deals have no move and no redeal).  It
deals the next seed instead, and the one after if need be, and
``info["skipped_seeds"]`` lists the seeds it passed over (an empty tuple
when none), so ``info["game_seed"]`` is then one more than the seed asked
for or drawn.  The same environment seed still gives the same deal.  An
explicit ``deck`` that is over as dealt is refused with a ``ValueError``;
a game none of whose next ``MAX_SKIPPED_DEALS`` deals can be played, with a
``RuntimeError``.
``render_mode="ansi"`` renders the engine's text table.

>>> obs, info = env.reset(options={"game_seed": 7})
>>> info["game_seed"], env.unwrapped.game.key() == sw.Cruel(seed=7, gather="pysol").key()
(7, True)
>>> sw.Cruel(seed=77).status  # no move and no redeal from the deal
'lost'
>>> obs, info = gymnasium.make("solitaire_widgets/Cruel-v0").reset(options={"game_seed": 77})
>>> info["game_seed"], info["skipped_seeds"], info["status"]
(78, (77,), 'playing')
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping, Optional

import gymnasium
import numpy as np
from gymnasium import spaces

from .arguments import whole_number
from .cards import FACE
from .errors import IllegalMoveError
from .game import Game
from .games import DEFAULT_GAME, GameName, game_class, on_register
from .moves import Move

RESET_OPTIONS = ("game_seed", "deck")
WIN_BONUS = 50
MAX_EPISODE_STEPS = 1000
MAX_SKIPPED_DEALS = 1000  # deals over before their first move that one reset passes over, at most
FACE_DOWN = 53
_CODES = np.array([face + 1 for face in FACE], dtype=np.int16)  # card id (every id a pack may hold) -> 1..52

_ENV_IDS: dict[str, str] = {}
# game name -> its environment id, for every registered game (read-only)
ENV_IDS: Mapping[str, str] = MappingProxyType(_ENV_IDS)


def env_id(game: GameName) -> str:
    """The Gymnasium id of a game: ``solitaire_widgets/<ClassName>-v0``.

    >>> env_id("leap year")
    'solitaire_widgets/LeapYear-v0'
    """
    return f"solitaire_widgets/{game_class(game).__name__}-v0"


def action_moves(cls: type[Game]) -> tuple[Move, ...]:
    """The fixed action list of a game: its routed pairs of piles (for each,
    every number of cards a move between them can ever move, fewest first),
    then the moves of two cards that leave together (Pyramid's pairs), then
    its stock actions.

    >>> from solitaire_widgets import Bobby
    >>> [str(m) for m in action_moves(Bobby)]
    ['waste f0', 'waste f1', 'draw', 'redeal']
    """
    shape = cls.SHAPE
    index = shape.index
    moves = []
    for source, targets in cls.ROUTES.items():
        for target in targets:
            if target == source:
                continue
            s, t = index[source], index[target]
            whole = shape.routes[s][t]
            if whole is not None and whole >= shape.whole_base:  # a pile that moves whole: one action
                moves.append(shape.moves[whole])
                continue
            moves += [shape.moves[shape.code(s, t, count)] for count in range(1, shape.max_run + 1)]
    moves += shape.moves[shape.pair_base:shape.whole_base]  # two cards leaving together
    return tuple(m for m in moves if m is not None) + tuple(Move(action) for action in cls.ACTION_NAMES)


class SolitaireEnv(gymnasium.Env):
    """One game as a Gymnasium environment; ``game`` is a name of ``sw.GAMES``
    (any spelling) or a game class, other keywords are its rule options."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}
    observation_space: spaces.Box
    action_space: spaces.Discrete

    def __init__(self, game: GameName = DEFAULT_GAME, render_mode: Optional[str] = None, **options: str) -> None:
        self._cls = game_class(game)
        self._options: dict[str, Any] = self._cls.checked_options(options)  # bad options fail here, clearly
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.actions = action_moves(self._cls)
        self._index = {move: i for i, move in enumerate(self.actions)}
        self.action_space = spaces.Discrete(len(self.actions))
        self.game: Game = self._cls(seed=0, **self._options)
        # One column per card of a deal: the pack the options choose (Spider's
        # suits option keeps 104 cards in two decks, a smaller pack fewer).
        shape = (len(self._cls.PILES) + 1, self.game.card_count)
        self.observation_space = spaces.Box(0, FACE_DOWN, shape=shape, dtype=np.int16)

    # --- what the agent sees -------------------------------------------------------
    def _observation(self) -> np.ndarray:
        game = self.game
        obs = np.zeros(self.observation_space.shape, dtype=np.int16)
        width = obs.shape[1]
        where: list[int] = []  # flat positions of the face-up cards, top card of each pile first
        what: list[int] = []
        for row, pile in enumerate(self._cls.PILES):
            ids = game.card_ids(pile)
            down = game.face_down(pile)  # the stock's cards all lie face down
            n = len(ids)
            if n > down:
                where.extend(range(row * width, row * width + n - down))
                what.extend(ids[:down - 1:-1] if down else ids[::-1])
            if down:
                obs[row, n - down:n] = FACE_DOWN
        obs.reshape(-1)[where] = _CODES[what]
        obs[-1, 0] = min(game.redeals, FACE_DOWN)
        return obs

    def action_masks(self) -> np.ndarray:
        """1 for each action that is legal now, else 0 (``int8``): the name
        sb3-contrib's ``MaskablePPO`` looks for; ``info["action_mask"]`` too."""
        mask = np.zeros(len(self.actions), dtype=np.int8)
        for move in self.game.legal_moves():
            mask[self._index[move]] = 1
        return mask

    def _info(self, status: str, **extra: Any) -> dict[str, Any]:
        game = self.game
        return {"action_mask": self.action_masks(), "status": status, "end_reason": game.end_reason,
                "game_seed": game.seed, "cards_home": game.cards_home, "score": game.score, **extra}

    # --- the Gymnasium API ------------------------------------------------------------
    def reset(self, *, seed: Optional[int] = None,
              options: Optional[dict[str, Any]] = None) -> tuple[np.ndarray, dict[str, Any]]:
        options = self._check_reset_options(options)
        deck = options.get("deck")
        if deck is not None:
            game = self._cls(deck=deck, **self._options)
            if game.status != "playing":  # refused before anything changes
                raise ValueError(f"reset options: this {game.title} deck is {game.status} as dealt "
                                 f"({game.end_reason}); give a deck that can be played")
        super().reset(seed=seed)
        skipped: tuple[int, ...] = ()
        if deck is None:
            game_seed = options.get("game_seed")
            if game_seed is None:
                game_seed = int(self.np_random.integers(0, 2**63))
            game, skipped = self._first_playable(int(game_seed))
        self.game = game
        return self._observation(), self._info(game.status, skipped_seeds=skipped)

    def _first_playable(self, seed: int) -> tuple[Game, tuple[int, ...]]:
        """The deal of ``seed``, or of the next seed whose deal is not over
        before its first move; and the seeds passed over."""
        skipped: list[int] = []
        for n in range(MAX_SKIPPED_DEALS + 1):
            deal = (seed + n) % 2**64
            game = self._cls(seed=deal, **self._options)
            if game.status == "playing":
                return game, tuple(skipped)
            skipped.append(deal)
        raise RuntimeError(f"no deal of {self._cls.title} from seed {seed} to {seed + MAX_SKIPPED_DEALS} "
                           f"can be played: each is over as dealt ({game.end_reason})")

    def _check_reset_options(self, options: Any) -> dict[str, Any]:
        if options is None:
            return {}
        if not isinstance(options, dict):
            raise ValueError(f"reset options must be a dict like {{'game_seed': 7}}, not {options!r}")
        unknown = sorted(set(options) - set(RESET_OPTIONS), key=str)
        if unknown:
            hint = (" (reset(seed=...) seeds the environment's generator; options={'game_seed': 7} "
                    "deals the game of seed 7)") if "seed" in unknown else ""
            raise ValueError(f"unknown reset option{'s' * (len(unknown) > 1)} {', '.join(map(repr, unknown))}; "
                             f"the options are {', '.join(RESET_OPTIONS)}{hint}")
        if "game_seed" in options and "deck" in options:
            raise ValueError("reset options: give game_seed or deck, not both")
        game_seed = options.get("game_seed")
        if game_seed is not None and not whole_number(game_seed, at_least=0, below=2**64):
            raise ValueError(f"game_seed must be a whole number from 0 to 2**64 - 1, not {game_seed!r}")
        return options

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if not self.action_space.contains(action):
            raise ValueError(f"action must be an int from 0 to {self.action_space.n - 1}, not {action!r}")
        move = self.actions[int(action)]
        home = self.game.cards_home
        try:
            self.game.play(move)
        except IllegalMoveError as refused:
            status = self.game.status
            return self._observation(), 0.0, status != "playing", False, self._info(status, illegal=refused.reason)
        status = self.game.status
        reward = float(self.game.cards_home - home + (WIN_BONUS if status == "won" else 0))
        return self._observation(), reward, status != "playing", False, self._info(status)

    def render(self) -> Optional[str]:
        if self.render_mode == "ansi":
            return str(self.game)
        return None


def register_env(cls: type[Game]) -> str:
    """Register ``cls``'s environment with Gymnasium (done for every game
    ``sw.register`` knows); return its id.  The environment makes the game
    registered under the class's name when ``gymnasium.make`` runs, so a
    class defined again in a notebook is the one played."""
    id_ = env_id(cls)
    if id_ not in gymnasium.registry:
        gymnasium.register(id=id_, entry_point=SolitaireEnv, kwargs={"game": cls.name},
                           max_episode_steps=MAX_EPISODE_STEPS)
    _ENV_IDS[cls.name] = id_
    return id_


on_register(register_env)
