"""The rules of each game as short Markdown, made from what its module
declares (``RULES``, ``OPTIONS``, ``OPTION_RULES``), so a variant shows its own
rules.

>>> import solitaire_widgets as sw
>>> text = sw.rules("cruel", gather="pysol")
>>> "t11, t10, … t0" in text and 'gather="pysol"' in text
True
>>> sw.variants("leap_year")["redeal"].default
'none'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .game import Game
from .games import GameName, game_class
from .text import Markdown, literal


@dataclass(frozen=True)
class Variant:
    """One rule option: its name, its default and one sentence per value."""

    option: str
    default: str
    meanings: dict[str, str]

    @property
    def values(self) -> tuple[str, ...]:
        """The allowed values, the default first."""
        return tuple(self.meanings)


class Variants(dict):
    """Option name -> ``Variant``; a table in a notebook."""

    def _repr_markdown_(self) -> str:
        if not self:
            return "This game has no rule options."
        rows = ["| option | value | meaning |", "| --- | --- | --- |"]
        for variant in self.values():
            for value, meaning in variant.meanings.items():
                default = " (default)" if value == variant.default else ""
                rows.append(f'| `{variant.option}` | `"{value}"`{default} | {literal(meaning)} |')
        return "\n".join(rows)


def variants(game: GameName) -> Variants:
    """Each rule option of a game (a name, a class or a game): its values, its
    default and what each value means.

    >>> import solitaire_widgets as sw
    >>> v = sw.variants("midshipman")["empty"]
    >>> v.values, v.default
    (('any', 'king'), 'any')
    """
    cls = game_class(game)
    return Variants(
        (option, Variant(option, values[0], dict(cls.OPTION_RULES[option])))
        for option, values in cls.OPTIONS.items()
    )


def rules(game: GameName, **options: Any) -> Markdown:
    """The rules of a game under the given options (defaults for the rest), as
    short Markdown.  A ``Game`` brings its own options.

    >>> import solitaire_widgets as sw
    >>> text = sw.rules("bobby", redeal="turn")
    >>> text.splitlines()[0], text.splitlines()[-1]
    ('### Bobby', 'Options in force: `redeal="turn"` (the default is `"shuffle"`).')
    >>> "The waste is turned over" in text and "reshuffled" not in text
    True
    """
    cls = game_class(game)
    if isinstance(game, Game):
        options = {**game.options, **options}
    chosen = cls.checked_options(options)
    # The game's own words are shown as written: never read as HTML or Markdown.
    lines = [f"### {literal(cls.title)}", ""]
    lines += [f"- **{literal(topic)}**: {literal(text)}" for topic, text in cls.rules_text(chosen)]
    lines.append("")
    lines.append(options_line(cls, chosen))
    return Markdown("\n".join(lines))


def options_line(cls: type[Game], chosen: dict[str, str]) -> str:
    """``Options in force: …`` (or that the game has none)."""
    if not chosen:
        return f"{literal(cls.title)} has no rule options."
    parts = []
    for option, value in chosen.items():
        default = cls.OPTIONS[option][0]
        note = "the default" if value == default else f'the default is `"{default}"`'
        parts.append(f'`{option}="{value}"` ({note})')
    return "Options in force: " + ", ".join(parts) + "."
