"""Typed errors of the engine."""


class IllegalMoveError(ValueError):
    """A move the rules forbid (or that cannot be read); the message says why.

    The game is unchanged after it is raised.  ``move`` is the text or Move
    that was refused.
    """

    def __init__(self, reason: str, move: object = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.move = move


class NothingToUndoError(IllegalMoveError):
    """``undo()`` with no move played."""


class NothingToRedoError(NothingToUndoError):
    """``redo()`` with no move taken back.

    A subclass of ``NothingToUndoError``, which ``redo()`` raised before it
    had its own error, so ``except NothingToUndoError`` still catches it.
    """
