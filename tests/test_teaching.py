"""Teaching features of the engine: the rules text (``sw.rules``,
``sw.variants``, docs/rules.md), the rule variants on stacked decks,
``explain()`` (runs, free cells, a game's own ends, every kind of stock
included) and ``replay()``.

Stacked decks use the helpers of test_engine_rules.py (new-pack order with
chosen cards in front).
"""

from __future__ import annotations

import json
import random
import re

import pytest
from helpers import GAMES, REPO, docs_module
from positions import arrange
from test_engine_rules import (
    LAYOUT,
    WON_PACKETS,
    cards,
    complete,
    cruel_deck,
    drawn_order,
    midshipman_deck,
    pile,
    play_out,
    reason,
)
from test_game_model import Cells, Counted, OneSuit, Three

import solitaire_widgets as sw
from solitaire_widgets import Card
from solitaire_widgets.rules import Variants


def every_option_choice():
    """(game name, one option, one value) for every value of every option."""
    return [(name, option, value) for name, cls in sw.GAMES.items()
            for option, values in cls.OPTIONS.items() for value in values]


# --- the rules text -------------------------------------------------------------

@pytest.mark.parametrize("name, option, value", every_option_choice())
def test_rules_show_the_sentence_of_the_value_in_force_and_no_other(name, option, value):
    cls = sw.GAMES[name]
    text = sw.rules(name, **{option: value})
    assert cls.OPTION_RULES[option][value] in text
    for other, sentence in cls.OPTION_RULES[option].items():
        if other != value:
            assert sentence not in text
    assert f'`{option}="{value}"`' in text.splitlines()[-1]
    assert text.startswith(f"### {cls.title}\n")
    # every topic once, no placeholder left unfilled
    assert [line.split("**")[1] for line in text.splitlines() if line.startswith("- **")] == [t for t, _ in cls.RULES]
    assert "{" not in text


def test_rules_take_a_game_and_its_options_and_render_as_markdown():
    game = sw.Cruel(seed=3, gather="pysol")
    text = sw.rules(game)
    assert text == sw.rules("cruel", gather="pysol") == sw.rules(sw.Cruel, gather="pysol")
    assert isinstance(text, str) and text._repr_markdown_() == str(text)
    assert sw.rules("Leap Year") == sw.rules("leap_year")


def test_rules_and_explain_print_as_their_lines_at_a_prompt_and_stay_strings():
    text, explained = sw.rules("bobby"), sw.Cruel(seed=7).explain()
    for shown in (text, explained):
        # The Python prompt shows repr(); IPython's terminal its pretty printer.
        assert repr(shown) == str(shown) and "\n" in repr(shown) and "\\n" not in repr(shown)
        pytest.importorskip("IPython")
        from IPython.lib.pretty import pretty

        assert pretty(shown) == str(shown)
        # a notebook (Jupyter, marimo) still renders the Markdown; everything else is str's
        assert shown._repr_markdown_() == str(shown) and isinstance(shown, str)
        assert json.loads(json.dumps({"text": shown})) == {"text": str(shown)}
        assert shown.splitlines() == str(shown).splitlines() and shown + "!" == str(shown) + "!"


def test_rules_text_has_its_exact_frame_and_options_line():
    text = sw.rules("cruel", gather="pysol")
    assert text.startswith("### Cruel\n\n- **Cards**: one deck of 52.")
    assert text.endswith('.\n\nOptions in force: `gather="pysol"` (the default is `"in_order"`).')
    assert sw.rules("bobby").endswith('lost when no move is left.\n\nOptions in force: `redeal="shuffle"` (the default).')
    both = sw.rules("midshipman", build="other_colour")
    assert both.splitlines()[-1] == ('Options in force: `build="other_colour"` (the default is `"different_suit"`), '
                                     '`empty="any"` (the default).')


def test_variants_table_is_exact():
    assert sw.variants("cruel")._repr_markdown_() == "\n".join([
        "| option | value | meaning |",
        "| --- | --- | --- |",
        f'| `gather` | `"in_order"` (default) | {sw.Cruel.OPTION_RULES["gather"]["in_order"]} |',
        f'| `gather` | `"pysol"` | {sw.Cruel.OPTION_RULES["gather"]["pysol"]} |',
    ])
    assert Variants()._repr_markdown_() == "This game has no rule options."
    assert [v.option for v in sw.variants("midshipman").values()] == ["build", "empty"]


@pytest.mark.parametrize("call, message", [
    (lambda: sw.rules("cruel", gather="sideways"), "Cruel option gather='sideways' is not allowed"),
    (lambda: sw.rules("cruel", passes="3"), "Cruel has no option 'passes'"),
    (lambda: sw.rules("whist"), "unknown game 'whist'"),
    (lambda: sw.variants("whist"), "unknown game 'whist'"),
])
def test_rules_refuse_bad_names_and_options(call, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        call()


@pytest.mark.parametrize("name", GAMES)
def test_variants_list_every_option_with_its_values_default_and_meanings(name):
    cls = sw.GAMES[name]
    variants = sw.variants(name)
    assert list(variants) == list(cls.OPTIONS)
    for option, variant in variants.items():
        assert variant.values == cls.OPTIONS[option] and variant.default == cls.OPTIONS[option][0]
        assert all(sentence.endswith(".") and sentence[0].isupper() for sentence in variant.meanings.values())
        assert sw.new_game(name, seed=1).options[option] == variant.default
    table = variants._repr_markdown_()
    assert table.count("(default)") == len(cls.OPTIONS)


def test_a_game_module_must_describe_every_value_of_its_options():
    with pytest.raises(TypeError, match="OPTION_RULES"):
        type("Odd", (sw.Cruel,), {"OPTIONS": {"gather": ("in_order", "pysol", "zigzag")}})


def test_rules_docs_live_in_the_project_and_cover_every_option():
    doc = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
    for name in GAMES:  # the seed games' rules are written on the page
        cls = sw.GAMES[name]
        assert f"## {cls.title}" in doc
        for option, values in cls.OPTIONS.items():
            for value in values:
                assert f'{option}="{value}"' in doc, (cls.title, option, value)
    # the classic games' rules are read from their classes when the site is built
    hooks = docs_module("hooks")
    assert hooks.CLASSICS_MARKER in doc
    classics = hooks.classic_rules_markdown()
    for cls in sw.GAMES.values():
        if cls.name not in GAMES:
            assert f"### {cls.title}\n" in classics
            for option, values in cls.OPTIONS.items():
                for value in values:
                    assert f'| `{option}` | `"{value}"`' in classics, (cls.title, option, value)
    for path in [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md"))]:
        assert "../shared" not in path.read_text(encoding="utf-8"), path


# --- Frog: aces ---------------------------------------------------------------------

FROG_FRONT = cards("2♠ A♠ 3♠ A♥ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ 2♥ A♦ 3♥")


def test_frog_all_aces_start_home_those_met_first_then_the_rest_in_deck_order():
    deck = complete(FROG_FRONT, 2)
    g = sw.Frog(deck=deck, aces="all")
    assert pile(g, "reserve") == "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ 2♥"
    assert [t for t, why in g.targets("reserve").items() if why is None] == [f"f{i}" for i in range(8)]
    # met while dealing: A♠ A♥; then A♦ (card 16) and the pack's A♣ A♠ A♥ A♦ A♣
    assert [pile(g, f"f{i}") for i in range(8)] == "A♠ A♥ A♦ A♣ A♠ A♥ A♦ A♣".split()
    assert drawn_order(g).startswith("3♥ 4♥ 5♥")  # A♦ taken out of the stock
    assert all(c.rank != 1 for c in g["stock"]) and len(g["stock"]) == 104 - 13 - 8
    assert g.cards_home == 8 and g.max_score == 96
    # the default reading leaves A♦ in the stock, next to be drawn
    dealt = sw.Frog(deck=deck)
    assert dealt.top("stock") == Card.parse("A♦") and dealt.cards_home == 2
    assert "2♥ cannot start f2: an empty foundation takes only an ace" in reason(dealt, "reserve f2")


def test_frog_all_aces_when_the_reserve_met_none():
    pack = sw.standard_deck(2)
    others = [c for c in pack if c.rank != 1]
    aces = [c for c in pack if c.rank == 1]
    deck = others[:20] + aces[::-1] + others[20:]
    g = sw.Frog(deck=deck, aces="all")
    assert [pile(g, f"f{i}") for i in range(8)] == "A♣ A♦ A♥ A♠ A♣ A♦ A♥ A♠".split()
    assert list(reversed(g["stock"])) == others[13:]
    assert sw.Frog(deck=deck).cards_home == 1  # the edge case: one ace, to f0


# --- Midshipman: build and empty ------------------------------------------------------

@pytest.mark.parametrize("top, moving, takes", [
    ("6♥", "5♦", "a black 5"),
    ("Q♣", "J♣", "a red jack"),
    ("J♣", "5♠", "a red 10"),
])
def test_midshipman_other_colour_refusals_name_the_colour_and_rank_taken(top, moving, takes):
    g = arrange(sw.Midshipman(seed=1, build="other_colour"), {"t0": cards(top), "t1": cards(moving)})
    assert g.why_illegal("t1 t0") == (f"{moving} cannot go on {top} (t0): Midshipman builds down in alternating "
                                      f'colours (build="other_colour"), so {top} takes only {takes}')


def test_midshipman_other_colour_building():
    g = sw.Midshipman(deck=midshipman_deck(LAYOUT), build="other_colour")
    legal = {str(m) for m in g.legal_moves()}
    assert "t1 t0" in legal  # 6♦ on 7♠
    assert "t2 t3" in legal  # 6♠ on 7♥
    assert reason(g, "t1 t3") == ('6♦ cannot go on 7♥ (t3): Midshipman builds down in alternating colours '
                                  '(build="other_colour"), so 7♥ takes only a black 6')
    # the default allows any different suit, red on red included
    assert sw.Midshipman(deck=midshipman_deck(LAYOUT)).is_legal("t1 t3")


EMPTYING = list(LAYOUT)
EMPTYING[2] = "K♠ K♥ 9♠ K♣"   # a king on top of t2
EMPTYING[4] = "A♣ A♦ A♠ A♥"   # t4 empties in four moves home


@pytest.mark.parametrize("empty", ["any", "king"])
def test_midshipman_empty_pile_takes_any_card_or_only_a_king(empty):
    g = sw.Midshipman(deck=midshipman_deck(EMPTYING), empty=empty)
    for f in range(4):
        g.play("t4", f"f{f}")
    assert g["t4"] == ()
    assert g.is_legal("t2 t4")  # K♣ may always fill it
    if empty == "any":
        assert g.is_legal("t1 t4") and g.is_legal("t0 t4")
    else:
        assert reason(g, "t1 t4") == '6♦ cannot go on the empty t4: in Midshipman (empty="king") an empty pile takes only a king'
        assert "t1 t4" not in {str(m) for m in g.legal_moves()}
        g.play("t2 t4")
        assert pile(g, "t4") == "K♣"


# --- Leap Year: redeal -------------------------------------------------------------------

def deal_out(game):
    while game.is_legal("deal"):
        game.play("deal")


def test_leap_year_one_pass_by_default():
    g = sw.LeapYear(deck=sw.standard_deck(4))
    assert g.passes_left == 1
    assert reason(g, "redeal") == 'Leap Year has one pass through the stock and no redeal (option redeal="none")'
    deal_out(g)
    assert g["stock"] == ()
    assert reason(g, "deal") == "the stock is empty: Leap Year has one pass through it and no redeal"


@pytest.mark.parametrize("left, text", [(1, "1 card"), (2, "2 cards")])
def test_leap_year_redeal_refusal_counts_the_stock_in_words(left, text):
    g = arrange(sw.LeapYear(seed=1, redeal="once"), {"stock": cards("5♠ 6♠")[:left], "t0": cards("9♥")})
    assert reason(g, "redeal") == f"the stock still holds {text}: redeal only when it is empty"


def test_leap_year_one_redeal_gathers_the_tableau_in_order():
    g = sw.LeapYear(deck=sw.standard_deck(4), redeal="once")
    assert g.passes_left == 2
    assert reason(g, "redeal") == "the stock still holds 184 cards: redeal only when it is empty"
    deal_out(g)
    assert reason(g, "deal") == "the stock is empty: redeal to gather the tableau into it"
    gathered = [c for t in range(8) for c in g[f"t{t}"]]
    assert len(gathered) == 192
    g.play("redeal")
    assert all(g[f"t{t}"] == () for t in range(8)) and g.passes_left == 1
    assert list(reversed(g["stock"])) == gathered  # t0's bottom card comes first
    g.play("deal")
    assert [g.top(f"t{t}") for t in range(8)] == gathered[:8]
    deal_out(g)
    assert reason(g, "redeal") == "the one redeal is used"
    assert reason(g, "deal") == "the stock is empty and its one redeal is used"
    while g.history[-1] != sw.Move("redeal"):
        g.undo()
    g.undo()
    assert [c for t in range(8) for c in g[f"t{t}"]] == gathered and g.passes_left == 2


# --- saving keeps the options --------------------------------------------------------------

@pytest.mark.parametrize("name, option, value", every_option_choice())
def test_save_and_load_round_trip_every_option(name, option, value):
    rng = random.Random(5)
    g = sw.new_game(name, seed=11, **{option: value})
    for _ in range(40):
        if g.status != "playing":
            break
        g.play(rng.choice(g.legal_moves()))
    loaded = sw.load(g.to_dict())
    assert loaded.options == g.options and loaded.options[option] == value
    assert loaded.key() == g.key() and loaded.history == g.history


# --- explain --------------------------------------------------------------------------------

def test_explain_cruel_lists_moves_blocks_with_reasons_and_redeals():
    g = sw.Cruel(deck=cruel_deck("K♠ Q♠ J♠ 3♠", "5♥ 4♥ 3♥ 2♥", "K♦ K♥ K♣ 9♦"))
    text = g.explain()
    lines = text.splitlines()
    assert lines[0] == '**Cruel** (gather="in_order"): move 0, 4/52 cards home, playing.'
    can = lines[lines.index("Can move:") + 1:lines.index("Cannot move:")]
    assert can == ["- `t1` 2♥ → `f1`", "- `t6` 2♦ → `f2`", ""]
    assert "- `redeal`: a redeal now gives back the same layout: nothing has moved since the last deal." in lines
    assert ("- `t0` 3♠ stays: 3♠ cannot go on A♠ (f0): Cruel builds the foundations up in suit, so A♠ "
            "takes only 2♠; 3♠ cannot go on 2♥ (t1): Cruel builds down in suit, so 2♥ takes only A♥.") in lines
    assert lines[-1] == "Redeals: unlimited; 0 made so far."
    assert text._repr_markdown_() == str(text)


def test_explain_a_lost_cruel_deal_word_for_word():
    # A deck in suit order: every top card waits for the one below it, which
    # lies under it in the same packet.  Each stuck card names its own
    # suit's foundation (5♥: A♥ on f1), then the first pile it cannot go on.
    text = sw.Cruel(deck=sw.standard_deck()).explain()
    assert str(text) == "\n".join([
        '**Cruel** (gather="in_order"): move 0, 4/52 cards home, lost.',
        '',
        'No legal move is left: the game is lost.',
        'Can move:',
        '- nothing',
        '',
        'Cannot move:',
        '- `t0` 5♠ stays: 5♠ cannot go on A♠ (f0): Cruel builds the foundations up in suit, so A♠ takes only 2♠; 5♠ cannot go on 9♠ (t1): Cruel builds down in suit, so 9♠ takes only 8♠.',
        '- `t1` 9♠ stays: 9♠ cannot go on A♠ (f0): Cruel builds the foundations up in suit, so A♠ takes only 2♠; 9♠ cannot go on 5♠ (t0): Cruel builds down in suit, so 5♠ takes only 4♠.',
        '- `t2` K♠ stays: K♠ cannot go on A♠ (f0): Cruel builds the foundations up in suit, so A♠ takes only 2♠; K♠ cannot go on 5♠ (t0): Cruel builds down in suit, so 5♠ takes only 4♠.',
        '- `t3` 5♥ stays: 5♥ cannot go on A♥ (f1): Cruel builds the foundations up in suit, so A♥ takes only 2♥; 5♥ cannot go on 5♠ (t0): Cruel builds down in suit, so 5♠ takes only 4♠.',
        '- `t4` 9♥ stays: 9♥ cannot go on A♥ (f1): Cruel builds the foundations up in suit, so A♥ takes only 2♥; 9♥ cannot go on 5♠ (t0): Cruel builds down in suit, so 5♠ takes only 4♠.',
        '- `t5` K♥ stays: K♥ cannot go on A♥ (f1): Cruel builds the foundations up in suit, so A♥ takes only 2♥; K♥ cannot go on 5♠ (t0): Cruel builds down in suit, so 5♠ takes only 4♠.',
        '- `t6` 5♦ stays: 5♦ cannot go on A♦ (f2): Cruel builds the foundations up in suit, so A♦ takes only 2♦; 5♦ cannot go on 5♠ (t0): Cruel builds down in suit, so 5♠ takes only 4♠.',
        '- `t7` 9♦ stays: 9♦ cannot go on A♦ (f2): Cruel builds the foundations up in suit, so A♦ takes only 2♦; 9♦ cannot go on 5♠ (t0): Cruel builds down in suit, so 5♠ takes only 4♠.',
        '- `t8` K♦ stays: K♦ cannot go on A♦ (f2): Cruel builds the foundations up in suit, so A♦ takes only 2♦; K♦ cannot go on 5♠ (t0): Cruel builds down in suit, so 5♠ takes only 4♠.',
        '- `t9` 5♣ stays: 5♣ cannot go on A♣ (f3): Cruel builds the foundations up in suit, so A♣ takes only 2♣; 5♣ cannot go on 5♠ (t0): Cruel builds down in suit, so 5♠ takes only 4♠.',
        '- `t10` 9♣ stays: 9♣ cannot go on A♣ (f3): Cruel builds the foundations up in suit, so A♣ takes only 2♣; 9♣ cannot go on 5♠ (t0): Cruel builds down in suit, so 5♠ takes only 4♠.',
        '- `t11` K♣ stays: K♣ cannot go on A♣ (f3): Cruel builds the foundations up in suit, so A♣ takes only 2♣; K♣ cannot go on 5♠ (t0): Cruel builds down in suit, so 5♠ takes only 4♠.',
        '- `redeal`: a redeal now gives back the same layout: nothing has moved since the last deal.',
        '',
        'Redeals: unlimited; 0 made so far.',
    ])


def test_explain_when_nothing_is_blocked_and_on_the_last_pass():
    g = arrange(sw.Midshipman(seed=1), {"stock": cards("5♠"), "t0": cards("9♥"), "t1": cards("K♠"), "f0": cards("A♦")})
    assert str(g.explain()) == "\n".join([
        '**Midshipman** (build="different_suit", empty="any"): move 0, 1/4 cards home, playing.',
        "",
        "Can move:",
        "- `t0` 9♥ → `t2`, `t3`, `t4`, `t5`, `t6`, `t7`, `t8`",
        "- `t1` K♠ → `t2`, `t3`, `t4`, `t5`, `t6`, `t7`, `t8`",
        "- `draw`",
        "",
        "Cannot move:",
        "- nothing is blocked",
        "",
        "Stock: 1 card face down; one pass, no redeal.",
    ])
    b = arrange(sw.Bobby(seed=1, redeal="turn"), {"stock": cards("5♠"), "waste": cards("9♥ 2♣"), "f0": cards("J♠")},
                redeals=2)
    assert str(b.explain()).splitlines()[-3:] == [
        "- `redeal`: the stock still holds 1 card: redeal only when it is empty.",
        "",
        "Stock: 1 card face down; 1 pass left, this one included.",
    ]


def test_explain_says_what_the_stock_and_face_down_cards_hold():
    g = sw.Bobby(deck=sw.standard_deck(), redeal="turn")
    text = g.explain()
    assert "- `draw`" in text and "- `redeal`: the stock still holds 51 cards" in text
    assert "Stock: 51 cards face down; 3 passes left, this one included." in text
    m = sw.Midshipman(deck=midshipman_deck(LAYOUT))
    assert "18 cards lie face down; each turns up when it becomes a top card." in m.explain()
    assert "Stock: 68 cards face down; one pass, no redeal." in m.explain()
    lost = sw.Cruel(deck=sw.standard_deck())
    assert "No legal move is left: the game is lost." in lost.explain()


def test_explain_of_a_won_game():
    g = sw.Cruel(deck=cruel_deck(*WON_PACKETS))
    assert play_out(g) == "won"
    assert str(g.explain()) == ('**Cruel** (gather="in_order"): move 48, 52/52 cards home, won.\n\n'
                                "Every card is home: the game is won.\n\nRedeals: unlimited; 0 made so far.")


def test_explain_matches_legal_moves_in_random_positions():
    rng = random.Random(3)
    for name in GAMES:
        g = sw.new_game(name, seed=rng.randrange(10**6))
        for _ in range(30):
            text = g.explain()
            for move in g.legal_moves():
                if move.is_action:
                    assert f"- `{move.action}`\n" in text + "\n"
                elif move.partner is not None:  # a pair: its two piles on one line
                    assert f"- `{move.source}`+`{move.partner}` " in text
                else:  # (a source with runs has a line for each count)
                    lines = [x for x in text.splitlines() if x.startswith(f"- `{move.source}` ")]
                    assert any(f"`{move.target}`" in line.split("→")[1] for line in lines)
            if g.status != "playing":
                break
            g.play(rng.choice(g.legal_moves()))


# --- explain and render for runs, free cells, declared ends and every kind of stock ----------------------

def test_explain_lists_the_runs_that_may_move_and_where():
    game = Cells.from_position({"t0": "KS QH JS 10H", "t1": "JC", "t2": "QD", "c0": "2C", "c1": "5H"})
    lines = str(game.explain()).splitlines()
    assert lines[lines.index("Can move:") + 1:lines.index("Cannot move:") - 1] == [
        "- `c0` 2♣ → `t3`",
        "- `c1` 5♥ → `t3`",
        "- `t0` 10♥ → `t1`, `t3`",
        "- `t0` J♠…10♥ (2 cards) → `t2`",  # not to the empty t3: no free cell, no other empty column
        "- `t1` J♣ → `t2`, `t3`",
        "- `t2` Q♦ → `t3`",
    ]
    suit = "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS"
    lines = str(OneSuit.from_position({"t0": "5S " + suit, "t1": "QS", "t2": "AS 2S"}).explain()).splitlines()
    assert [line for line in lines if line.startswith("- `t0`")] == [
        "- `t0` A♠ → `t2`, `t3`",
        "- `t0` 10♠…A♠ (2 to 10 cards from the top) → `t3`",  # runs of the next sizes to the same piles: one line
        "- `t0` J♠…A♠ (11 cards) → `t1`, `t3`",
        "- `t0` Q♠…A♠ (12 cards) → `t3`",
        "- `t0` K♠…A♠ (13 cards) → `f0`, `t3`",  # a completed suit: to the first empty foundation
    ]


@pytest.mark.parametrize("name, options", [("Klondike", {}), ("Spider", {"suits": "2"})])
def test_explain_names_every_legal_move_of_a_run_game(name, options):
    rng = random.Random(5)
    game = getattr(sw, name)(seed=5, **options)
    runs = 0
    for _ in range(60):
        lines = str(game.explain()).splitlines()
        for move in game.legal_moves():
            if move.is_action:
                assert f"- `{move.action}`" in lines
                continue
            ids = game.card_ids(move.source)
            mine = [line for line in lines if line.startswith(f"- `{move.source}` ") and "→" in line]
            if move.count == 1:
                line = next(line for line in mine if line.startswith(f"- `{move.source}` {sw.Card.from_id(ids[-1])} →"))
            else:
                runs += 1
                line = next(line for line in mine if re.search(
                    rf"\((?:{move.count} cards|(\d+) to (\d+) cards from the top)\)", line) and
                    _holds(line, move.count))
            assert f"`{move.target}`" in line.split("→")[1]
        if game.status != "playing":
            break
        game.play(rng.choice(game.legal_moves()))
    assert runs


def _holds(line: str, count: int) -> bool:
    span = re.search(r"\((\d+)(?: to (\d+))? cards", line)
    fewest, most = int(span[1]), int(span[2] or span[1])
    return fewest <= count <= most


def test_explain_says_the_games_own_ends():
    three = Three(seed=1)
    for _ in range(3):
        three.play(three.legal_moves()[0])
    assert str(three.explain()) == "**Three**: move 3, 3/13 cards home, won.\n\nThree cards are home: the game is won."
    lost = Counted.from_position({"stock": "AS", "waste": "2S"}, state={"_turned": 2})
    assert "Two new passes were asked for: the game is lost." in lost.explain().splitlines()


class Gathers(sw.Game):
    """No stock; 'gather' turns the one column over, two times at most (three deals)."""

    PILES, ROLES = sw.piles_by_role(foundation="f0", tableau=("t0",))
    ROUTES = {"t0": ("f0",)}
    ACTION_NAMES = ("gather",)
    REDEALS = ("gather",)
    PASSES = 3

    def _pack(self):
        return range(13)

    def _setup(self, order):
        self._piles[1] = list(order)

    def _wants(self, t):
        pile = self._piles[t]
        return (pile[-1] % 13 + 2,) if pile else (1,)

    def _build_reason(self, t, card):
        return "up in rank from the ace"

    def _action_reason(self, action):
        return None if self.passes_left > 1 else "no redeal is left"

    def _do_action(self, action):
        self._piles[1].reverse()


def test_the_stock_sentences_for_every_kind_of_stock_and_redeal():
    def said(game):
        return [line for line in str(game.explain()).splitlines() if line.startswith(("Stock:", "Redeals:"))]

    klondike = sw.Klondike
    assert said(klondike(seed=1)) == ["Stock: 24 cards face down; passes unlimited, 0 redeals made so far."]
    assert said(klondike(seed=1, passes="3")) == ["Stock: 24 cards face down; 3 passes left, this one included."]
    assert said(klondike(seed=1, passes="1")) == ["Stock: 24 cards face down; 1 pass left, this one included."]
    assert said(sw.Spider(seed=1)) == ["Stock: 50 cards face down; one pass, no redeal."]
    assert said(sw.Cruel(seed=1)) == ["Redeals: unlimited; 0 made so far."]  # no stock, redeals not counted
    gathers = Gathers(seed=1)
    assert said(gathers) == ["Redeals: 2 left; 0 made so far."]  # no stock, redeals counted
    gathers.gather()
    assert said(gathers) == ["Redeals: 1 left; 1 made so far."]
    gathers.gather()
    assert said(gathers) == ["Redeals: none left; 2 made so far."] and gathers.why_illegal("gather") == "no redeal is left"
    assert said(sw.AcesUp(seed=1)) == ["Stock: 48 cards face down; one pass, no redeal."]
    assert said(Three(seed=1)) == []  # no stock, no redeal: nothing to say


def test_the_text_table_shows_free_cells_and_eight_foundations():
    assert str(Cells.from_position({"t0": "KS QH", "c1": "5H", "f0": "AS"})).splitlines() == [
        "Cells  set-up position  Moves 0 · Home 1/4 · Score 0/3 · Playing",
        "c0       –",
        "c1       5♥",
        "f0–f3    A♠  –   –   –",
        "t0       K♠ Q♥",
        "t1       –",
        "t2       –",
        "t3       –",
    ]
    spider = str(sw.Spider(seed=1, suits="1")).splitlines()
    assert spider[:3] == ["Spider  seed 1  Moves 0 · Home 0/104 · Score 0/104 · Stock 50 · Playing", "stock    [50 cards]",
                          "f0–f7    –   –   –   –   –   –   –   –"]


# --- replay ---------------------------------------------------------------------------------

def test_replay_yields_the_deal_then_each_move_with_an_independent_copy():
    rng = random.Random(8)
    g = sw.Midshipman(seed=4, build="other_colour")
    for _ in range(25):
        g.play(rng.choice(g.legal_moves()))
    g.undo()  # a redo move is not part of the replay
    version, key = g.version, g.key()
    steps = list(g.replay())
    assert [m for m, _ in steps] == [None, *g.history]
    assert steps[0][1].key() == sw.Midshipman(seed=4, build="other_colour").key()
    assert steps[-1][1].key() == key and steps[-1][1].options == g.options
    for n, (_, position) in enumerate(steps):
        assert position.history == g.history[:n]
    # positions are independent: playing on one changes no other, nor the game
    first = steps[0][1]
    first.play(first.legal_moves()[0])
    assert steps[1][1].history == g.history[:1] and g.version == version and g.key() == key
    assert len({id(p) for _, p in steps}) == len(steps)


@pytest.mark.parametrize("name", GAMES)
def test_replay_of_a_deck_dealt_game_replays_that_deck(name):
    deck = list(reversed(sw.standard_deck(sw.new_game(name, seed=0).decks)))
    g = sw.new_game(name, deck=deck)
    rng = random.Random(name)
    for _ in range(10):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_moves()))
    steps = list(g.replay())
    assert steps[0][1].key() == sw.new_game(name, deck=deck).key() and steps[0][1].deck == g.deck
    assert steps[-1][1].key() == g.key()


@pytest.mark.parametrize("name, option, value", every_option_choice())
def test_targets_and_explain_agree_with_legal_moves_under_every_option(name, option, value):
    rng = random.Random(f"{name} {option} {value}")
    g = sw.new_game(name, seed=rng.randrange(10**6), **{option: value})
    for _ in range(25):
        legal = {str(m) for m in g.legal_moves() if not m.is_action and m.partner is None}  # (a pair: no one target)
        via_targets = {str(sw.Move(s, t, k)) for s in g.PILES for k in range(1, max(g.movable(s), 1) + 1)
                       for t, why in g.targets(s, k).items() if why is None}
        assert via_targets == legal
        assert g.explain().startswith(f"**{g.title}**")
        if g.status != "playing":
            break
        g.play(rng.choice(g.legal_moves()))


def test_leap_year_redeal_needs_cards_on_the_tableau():
    # In new-pack order every card goes home right after its deal: the
    # stock and the tableau end empty, and there is nothing to redeal.
    g = sw.LeapYear(deck=sw.standard_deck(4), redeal="once")
    while g.is_legal("deal"):
        g.play("deal")
        while home := [m for m in g.legal_moves() if not m.is_action]:
            g.play(home[0])
    assert g.status == "won" and g.passes_left == 2
    assert reason(g, "redeal") == "the tableau is empty: there is nothing to redeal"
