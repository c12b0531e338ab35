"""The solver's help on the card table, composed by the table
(``SolitaireWidget``) through a narrow port:

* ``help``: ``SolverHelp``, Hint, Solve, Play it out and the solver as a
  teacher (winnable deals, the guard, What went wrong?, puzzles), and the
  watch of games that can go round in circles;
* ``port``: ``TablePort``, all the help reads and sets of the table;
* ``states``: the ``assist`` trait's values, one type per kind (the page
  types them alike, checked against these);
* ``background``: the solver beside the kernel, in a worker thread or in
  slices on the event loop, with a stop flag;
* ``words``: what the help says while its work runs;
* ``lines``: the winning lines the table follows besides the game's own.

The solver (``solitaire_widgets.solver``) searches and teaches; nothing
there knows of a table.  This package needs no Jupyter import either: the
widget module is the only one that does.
"""

from .help import SolverHelp
from .port import HelpSettings, TablePort
from .states import Assist

__all__ = ["Assist", "HelpSettings", "SolverHelp", "TablePort"]
