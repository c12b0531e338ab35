"""The solver's argument checks, each refused with a ``ValueError`` (a
``TypeError`` for what is not a game or not a function) that names what is
wrong, before any search starts or any deal is dealt.

>>> check_limits(0.5, None)
(0.5, None)
>>> check_limits("1", None)
Traceback (most recent call last):
...
ValueError: time_limit must be a positive number of seconds or None, not '1'
"""

from __future__ import annotations

from numbers import Real
from typing import Any, Callable, Optional, Sequence, Union

from ..arguments import whole_number
from ..game import Game


# A search's budget as a caller gives it: seconds, positions, or None for no
# limit.  ``check_limits`` refuses what is not one, with words, and returns
# plain numbers; the ``Any`` keeps a compiled search (mypyc) from refusing a
# string, or accepting no numpy number, by a type check of its own first.
TimeLimit = Union[float, None, Any]
StateLimit = Union[int, None, Any]


def check_game(game: Any) -> None:
    """Refuse what is not a game."""
    if not isinstance(game, Game):
        raise TypeError(f"the solver needs a game (a game class called with a seed, sw.new_game(name), "
                        f"or a table's widget.game), not {game!r}")


def check_limits(time_limit: Any, max_states: Any) -> tuple[Optional[float], Optional[int]]:
    """Refuse a search budget that is not one; return it as a plain float
    and int (numpy's numbers are numbers too)."""
    if time_limit is not None and (isinstance(time_limit, bool) or not isinstance(time_limit, Real)
                                   or not float(time_limit) > 0):
        raise ValueError(f"time_limit must be a positive number of seconds or None, not {time_limit!r}")
    if max_states is not None and not whole_number(max_states, at_least=1):
        raise ValueError(f"max_states must be a whole number ≥ 1 or None, not {max_states!r}")
    return (None if time_limit is None else float(time_limit)), (None if max_states is None else int(max_states))


def check_callbacks(progress: Optional[Callable[[int, float], None]], stop: Optional[Callable[[], bool]]) -> None:
    """Refuse a ``progress`` or ``stop`` that cannot be called."""
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a function progress(states, seconds) or None, not {progress!r}")
    if stop is not None and not callable(stop):
        raise TypeError(f"stop must be a function stop() -> bool or None, not {stop!r}")


def check_win_rate_run(deals: Any, start_seed: Any, time_limit: Any, max_states: Any, player: Any,
                       players: Sequence[str], executor: Any, jobs: Any,
                       progress: Any) -> tuple[int, int, Optional[float], Optional[int], Optional[int]]:
    """``winnability``'s arguments but the game and its options, checked in
    the order it takes them; returns deals, start_seed, time_limit,
    max_states and jobs as plain numbers.

    >>> check_win_rate_run(2, 0, None, 100, "greedy", ("greedy",), None, 1, False)
    (2, 0, None, 100, 1)
    >>> check_win_rate_run(2, 0, None, 100, "lucky", ("greedy",), None, 1, False)
    Traceback (most recent call last):
    ...
    ValueError: player must be one of greedy, not 'lucky'
    """
    if not whole_number(deals, at_least=1):
        raise ValueError(f"deals must be a whole number ≥ 1, not {deals!r}")
    deals = int(deals)
    if not whole_number(start_seed, at_least=0, below=2**64 - deals + 1):
        raise ValueError(f"start_seed must be a whole number from 0 to 2**64 - deals "
                         f"(seeds are below 2**64), not {start_seed!r}")
    time_limit, max_states = check_limits(time_limit, max_states)
    if not isinstance(player, str) or player not in players:
        raise ValueError(f"player must be one of {', '.join(players)}, not {player!r}")
    if executor is not None and executor != "inline" and not callable(getattr(executor, "submit", None)):
        raise ValueError(f"executor must be a concurrent.futures.Executor, 'inline' or None, not {executor!r}")
    if jobs is not None:
        if not whole_number(jobs, at_least=1):
            raise ValueError(f"jobs must be a whole number ≥ 1 or None (every core), not {jobs!r}")
        if executor is not None:
            raise ValueError("jobs sets the size of winnability's own process pool: "
                             f"give it with executor=None, not with executor={executor!r}")
        jobs = int(jobs)
    if not isinstance(progress, bool):
        raise ValueError(f"progress must be True or False, not {progress!r}")
    return deals, int(start_seed), time_limit, max_states, jobs
