"""New deal made reversible: ``EarlierDeals`` keeps the deals ``new_deal``
replaced on one game (newest last), so an Undo right after a New deal
brings the earlier deal back, with its moves and redo list
(``game.resume``).  A card table keeps one for its game
(``table.earlier_deals``).

>>> import solitaire_widgets as sw
>>> game = sw.Cruel(seed=1)
>>> deals = EarlierDeals(game)
>>> _ = game.play(game.legal_moves()[0])
>>> _ = game.new_deal(seed=2)
>>> game.seed, len(deals), deals.can_undo
(2, 1, True)
>>> deals.undo()  # no move on the new deal: the earlier one comes back
>>> game.seed, len(game.history), len(deals)
(1, 1, 0)
"""

from __future__ import annotations

from .game import Game, GameChange

MAX_EARLIER_DEALS = 20  # deals kept; the oldest goes first


class EarlierDeals:
    """The deals ``new_deal`` replaced on ``game`` since this was made
    (at most ``limit``, newest last); ``close()`` stops following it."""

    def __init__(self, game: Game, limit: int = MAX_EARLIER_DEALS) -> None:
        self.game = game
        self.limit = limit
        self._deals: list[Game] = []
        self._stop = game.observe(self._record)

    def _record(self, _game: Game, change: GameChange) -> None:
        if change.kind == "new_deal" and change.earlier is not None:
            self._deals.append(change.earlier)
            del self._deals[:-self.limit]

    @property
    def deals(self) -> tuple[Game, ...]:
        """The replaced deals, newest last (``game.resume(d)`` brings one back)."""
        return tuple(self._deals)

    def __len__(self) -> int:
        return len(self._deals)

    @property
    def can_undo(self) -> bool:
        """Whether ``undo()`` has something to undo: a move, or an earlier deal."""
        return bool(self.game.history or self._deals)

    def undo(self) -> None:
        """Undo the last move; with none played on this deal, bring back the
        deal New deal replaced last.  Nothing to undo raises
        ``IllegalMoveError``, as ``game.undo()`` does."""
        if not self.game.history and self._deals:
            self.game.resume(self._deals.pop())
        else:
            self.game.undo()

    def close(self) -> None:
        """Stop following the game and forget the deals."""
        self._stop()
        self._deals.clear()
