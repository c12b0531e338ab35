"""Gymnasium environments for every registered game (optional extra ``[gym]``).

Importing this module registers one environment per game of ``sw.GAMES``,
``solitaire_widgets/<ClassName>-v0`` (``Frog-v0``, ``LeapYear-v0``,
``Bobby-v0``, ``Cruel-v0``, ``Midshipman-v0``), and one for each game
``sw.register`` adds later; ``env_id(cls)`` gives a game's id.  Rule options
go through ``gymnasium.make``:

>>> import gymnasium, solitaire_widgets.gym
>>> env = gymnasium.make("solitaire_widgets/Cruel-v0", gather="pysol")
>>> obs, info = env.reset(seed=1)
>>> obs.shape, int(env.action_space.n), int(info["action_mask"].sum()) > 0
((17, 52), 181, True)

**Actions** are a fixed ``Discrete(n)``: one action per (source, target) pair
the game's rules can ever allow (its routes, ``Game.ROUTES``), then one per
stock action (``draw``, ``deal``, ``redeal``).  ``env.unwrapped.actions[i]``
is the ``Move`` of action ``i``; ``info["action_mask"]`` (``int8``, 1 =
legal now) marks the legal ones, so ``env.action_space.sample(mask=...)``
picks a legal move.  An illegal action is refused: the game does not change,
the reward is 0 and ``info["illegal"]`` holds the engine's reason.

**Observations** are an ``int16`` array of shape ``(len(PILES) + 1,
card_count)``.  Row ``p`` is pile ``PILES[p]``, its cards from the top down:
``0`` no card, ``1``–``52`` a face-up card (``suit_index * 13 + rank``,
suits in the order ♠ ♥ ♦ ♣), ``53`` a face-down card (its face stays
hidden).  The last row holds the number of redeals made in column 0 (capped
at 53), zeros elsewhere.

**Reward**: the cards the step sent to the foundations (1 for a move home),
plus ``WIN_BONUS`` when the step wins the game.  An episode ends
(``terminated``) when the game is won or lost; the registered environments
stop it after ``MAX_EPISODE_STEPS`` steps (``truncated``), since Cruel's
redeals and Midshipman's lone-card moves can go on for ever.

``reset(seed=...)`` deals the game from a seed drawn from the environment's
generator; ``reset(options={"deck": [...]})`` deals an explicit deck.
``render_mode="ansi"`` renders the engine's text table.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping, Optional

import gymnasium
import numpy as np
from gymnasium import spaces

from .cards import FACE
from .errors import IllegalMoveError
from .game import Game
from .games import DEFAULT_GAME, GameLike, game_class, on_register
from .moves import Move

WIN_BONUS = 50
MAX_EPISODE_STEPS = 1000
FACE_DOWN = 53
_CODES = np.array([face + 1 for face in FACE], dtype=np.int16)  # card id -> 1..52

_ENV_IDS: dict[str, str] = {}
# game name -> its environment id, for every registered game (read-only)
ENV_IDS: Mapping[str, str] = MappingProxyType(_ENV_IDS)


def env_id(game: GameLike) -> str:
    """The Gymnasium id of a game: ``solitaire_widgets/<ClassName>-v0``.

    >>> env_id("leap year")
    'solitaire_widgets/LeapYear-v0'
    """
    return f"solitaire_widgets/{game_class(game).__name__}-v0"


def action_moves(cls: type[Game]) -> tuple[Move, ...]:
    """The fixed action list of a game: its routed pairs, then its stock actions.

    >>> from solitaire_widgets import Bobby
    >>> [str(m) for m in action_moves(Bobby)]
    ['waste f0', 'waste f1', 'draw', 'redeal']
    """
    pairs = [Move(source, target) for source, targets in cls.ROUTES.items()
             for target in targets if target != source]
    return tuple(pairs) + tuple(Move(action) for action in cls.ACTION_NAMES)


class SolitaireEnv(gymnasium.Env):
    """One game as a Gymnasium environment; ``game`` is a name of ``sw.GAMES``
    (any spelling) or a game class, other keywords are its rule options."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, game: GameLike = DEFAULT_GAME, render_mode: Optional[str] = None, **options: str) -> None:
        self._cls = game_class(game)
        self._options = self._cls._check_options(options)  # bad options fail here, clearly
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        self.actions = action_moves(self._cls)
        self._index = {move: i for i, move in enumerate(self.actions)}
        self.action_space = spaces.Discrete(len(self.actions))
        shape = (len(self._cls.PILES) + 1, 52 * self._cls.decks)
        self.observation_space = spaces.Box(0, FACE_DOWN, shape=shape, dtype=np.int16)
        self.game: Game = self._cls(seed=0, **self._options)
        # the stock's row: its cards always show as face down
        self._stock_row = next((i for i, p in enumerate(self._cls.PILES) if self._cls.ROLES[p] == "stock"), None)

    # --- what the agent sees -------------------------------------------------------
    def _observation(self) -> np.ndarray:
        game = self.game
        obs = np.zeros(self.observation_space.shape, dtype=np.int16)
        width = obs.shape[1]
        where: list[int] = []  # flat positions of the face-up cards, top card of each pile first
        what: list[int] = []
        stock = self._stock_row
        for row, (ids, down) in enumerate(zip(game._piles, game._down)):  # engine internals, read only
            n = len(ids)
            if row == stock:
                down = n
            if n > down:
                where.extend(range(row * width, row * width + n - down))
                what.extend(ids[:down - 1:-1] if down else ids[::-1])
            if down:
                obs[row, n - down:n] = FACE_DOWN
        obs.reshape(-1)[where] = _CODES[what]
        obs[-1, 0] = min(game.redeals, FACE_DOWN)
        return obs

    def action_mask(self) -> np.ndarray:
        """1 for each action that is legal now, else 0 (``int8``)."""
        mask = np.zeros(len(self.actions), dtype=np.int8)
        for move in self.game.legal_moves():
            mask[self._index[move]] = 1
        return mask

    def _info(self, status: str, **extra: Any) -> dict[str, Any]:
        game = self.game
        return {"action_mask": self.action_mask(), "status": status,
                "cards_home": game.cards_home, "score": game.score, **extra}

    # --- the Gymnasium API ------------------------------------------------------------
    def reset(self, *, seed: Optional[int] = None,
              options: Optional[dict[str, Any]] = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        deck = (options or {}).get("deck")
        game_seed = int(self.np_random.integers(0, 2**63))
        self.game = self._cls(seed=None if deck is not None else game_seed, deck=deck, **self._options)
        return self._observation(), self._info(self.game.status)

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
