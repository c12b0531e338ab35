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


class HookError(RuntimeError):
    """A hook of a game class (``_do_action``, ``_wants`` …: see
    docs/extending.md) raised while the engine asked it; the message names
    the class, the hook and its error, which is the ``__cause__``.

    The game is unchanged after it is raised, as after an illegal move: a
    move whose hook failed half-way is taken back before the error leaves.
    ``hook`` is the hook's name.
    """

    def __init__(self, message: str, hook: str) -> None:
        super().__init__(message)
        self.hook = hook

    def __reduce__(self) -> tuple:  # (a worker process's error reaches the parent whole)
        return (type(self), (str(self), self.hook))
