"""Every rule and ruling of the games (docs/rules.md), one game at a time, on
explicit decks whose layout can be read off the test.

Decks are built from ``sw.standard_deck(n)`` (new-pack order: A♠ … K♠, A♥ …
K♥, A♦ … K♦, A♣ … K♣, repeated per deck) by putting chosen cards in front
(or at the back) and leaving the rest in pack order.
"""

from __future__ import annotations

import pytest
from helpers import GAMES
from positions import cards

import solitaire_widgets as sw
from solitaire_widgets import Card, IllegalMoveError

# --- deck helpers -------------------------------------------------------------



def complete(front, decks: int, back=()) -> list[Card]:
    """``front`` first, ``back`` last, the rest of a ``decks``-deck pack
    between them in new-pack order."""
    pool = sw.standard_deck(decks)
    for card in list(front) + list(back):
        pool.remove(card)  # fails if a card is used more often than the pack holds
    return list(front) + pool + list(back)


def by_ranks(ranks, decks: int) -> list[Card]:
    """For games that ignore suits: one card per rank given, suits taken in
    pack order.  Must use the whole pack."""
    pool = sw.standard_deck(decks)
    deck = []
    for rank in ranks:
        card = next(c for c in pool if c.rank == rank)
        pool.remove(card)
        deck.append(card)
    assert not pool, f"{len(pool)} cards left over"
    return deck


def text(cards_) -> str:
    return " ".join(str(c) for c in cards_)


def pile(game, pile_id: str) -> str:
    """A pile as text, bottom card first."""
    return text(game[pile_id])


def drawn_order(game) -> str:
    """The stock as text in the order it will be turned up (top first)."""
    return text(reversed(game["stock"]))


def reason(game, move) -> str:
    why = game.why_illegal(move)
    assert why is not None, f"{move} should be illegal"
    # play() raises the same reason, and changes nothing
    before = (game.key(), game.history, game.version)
    with pytest.raises(IllegalMoveError) as info:
        game.play(move)
    assert str(info.value) == why
    assert (game.key(), game.history, game.version) == before
    return why


def play_out(game, limit: int = 3000) -> str:
    """Foundation moves first, then stock actions, then any legal move, until the game ends."""
    for _ in range(limit):
        if game.status != "playing":
            return game.status
        moves = game.legal_moves()
        move = (next((m for m in moves if m.target and m.target[0] == "f"), None)
                or next((m for m in moves if m.is_action), None)
                or moves[0])
        game.play(move)
    raise AssertionError("the game did not end")


def ids_once(game) -> None:
    ids = sorted(i for p in game.PILES for i in game.card_ids(p))
    assert ids == list(range(game.card_count))


# ==============================================================================
# Frog
# ==============================================================================

class TestFrog:
    def test_piles(self):
        g = sw.Frog(deck=sw.standard_deck(2))
        assert g.PILES == ("stock", "waste", "reserve", *(f"f{i}" for i in range(8)),
                           *(f"t{i}" for i in range(5)))
        assert g.decks == 2 and g.card_count == 104

    def test_deal_aces_to_next_empty_foundation_while_filling_13_card_reserve(self):
        front = cards("2♠ A♠ 3♠ A♥ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ 2♥ A♦ 3♥")
        deck = complete(front, 2)
        g = sw.Frog(deck=deck)
        assert pile(g, "reserve") == "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ 2♥"
        assert pile(g, "f0") == "A♠" and pile(g, "f1") == "A♥"
        assert all(g[f"f{i}"] == () for i in range(2, 8))
        # The reserve was full at 2♥, so A♦ stays in the stock: it is the next card.
        assert g.top("stock") == Card.parse("A♦")
        assert list(reversed(g["stock"])) == deck[15:]
        assert len(g["stock"]) == 89
        assert g["waste"] == () and all(g[f"t{i}"] == () for i in range(5))
        assert g.face_down("stock") == 89 and g.face_down("reserve") == 0
        assert g.cards_home == 2 and g.score == 0 and g.max_score == 102
        ids_once(g)

    def test_reserve_never_holds_an_ace_and_eight_aces_fill_all_foundations(self):
        pack = sw.standard_deck(2)
        aces = [c for c in pack if c.rank == 1]
        others = [c for c in pack if c.rank != 1]
        g = sw.Frog(deck=aces + others)
        assert [pile(g, f"f{i}") for i in range(8)] == "A♠ A♥ A♦ A♣ A♠ A♥ A♦ A♣".split()
        assert list(g["reserve"]) == others[:13]
        assert list(reversed(g["stock"])) == others[13:]

    def test_no_ace_in_reserve_deal_pulls_the_first_ace_left_in_the_deck_to_f0(self):
        pack = sw.standard_deck(2)
        aces = [c for c in pack if c.rank == 1]  # A♠ A♥ A♦ A♣ A♠ A♥ A♦ A♣
        others = [c for c in pack if c.rank != 1]
        # 18 non-aces, then A♦ (the first ace), then the rest.
        deck = others[:18] + [aces[2]] + others[18:] + aces[:2] + aces[3:]
        g = sw.Frog(deck=deck)
        assert pile(g, "reserve") == "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ 2♥"
        assert pile(g, "f0") == "A♦"
        assert all(g[f"f{i}"] == () for i in range(1, 8))
        # The stock is the deck after the reserve, with only that one ace taken out.
        assert list(reversed(g["stock"])) == others[13:] + aces[:2] + aces[3:]
        assert drawn_order(g).startswith("3♥ 4♥ 5♥ 6♥ 7♥ 8♥")
        ids_once(g)

    def test_no_ace_at_all_until_the_end_pulls_exactly_one(self):
        pack = sw.standard_deck(2)
        aces = [c for c in pack if c.rank == 1]
        others = [c for c in pack if c.rank != 1]
        g = sw.Frog(deck=others + aces)
        assert pile(g, "f0") == "A♠"
        assert sum(len(g[f"f{i}"]) for i in range(8)) == 1
        assert drawn_order(g).endswith("K♣ A♥ A♦ A♣ A♠ A♥ A♦ A♣")

    def test_one_ace_met_in_reserve_deal_means_no_ace_is_pulled(self):
        pack = sw.standard_deck(2)
        others = [c for c in pack if c.rank != 1]
        a_club = Card.parse("A♣")
        deck = others[:5] + [a_club] + others[5:] + [c for c in pack if c.rank == 1 and c is not a_club] + [a_club]
        g = sw.Frog(deck=deck)
        assert pile(g, "f0") == "A♣"
        assert all(g[f"f{i}"] == () for i in range(1, 8))
        assert sum(c.rank == 1 for c in g["stock"]) == 7  # the other aces wait in the stock
        assert g["reserve"] == tuple(others[:13])

    def _building_game(self):
        # A♠ to f0; reserve K♠ … 3♠ 5♥ 2♥ (2♥ on top); stock 3♣ 2♦ K♦ A♦ …
        front = cards("A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 6♠ 5♠ 4♠ 3♠ 5♥ 2♥ 3♣ 2♦ K♦ A♦")
        return sw.Frog(deck=complete(front, 2))

    def test_foundations_take_an_ace_then_the_next_rank_in_any_suit(self):
        g = self._building_game()
        assert pile(g, "reserve").endswith("5♥ 2♥")
        why = reason(g, "reserve f1")
        assert "2♥" in why and "f1" in why and "only an ace" in why
        g.play("reserve f0")  # 2♥ on A♠: any suit
        assert pile(g, "f0") == "A♠ 2♥" and g.top("reserve") == Card.parse("5♥")
        why = reason(g, "reserve f0")
        assert "5♥" in why and "2♥" in why and "up in rank, any suit" in why and "2♥ takes only a 3" in why
        g.play("draw")
        g.play("waste f0")  # 3♣ on 2♥
        assert pile(g, "f0") == "A♠ 2♥ 3♣" and g.score == 2
        g.play("draw")  # 2♦
        assert "3♣ takes only a 4" in reason(g, "waste f0")
        assert "only an ace" in reason(g, "waste f1")
        g.play("waste t0")
        g.play("draw")  # K♦ goes onto the 2♦: the waste card goes on any column card
        g.play("waste t0")
        assert pile(g, "t0") == "2♦ K♦"
        # Only the top card moves: the 2♦ under the K♦ is not available.
        g.play("draw")
        g.play("waste f1")  # A♦ starts the next foundation
        assert "K♦ cannot go on A♦ (f1)" in reason(g, "t0 f1")
        assert g.why_illegal("reserve f1") is not None
        assert g.legal_moves() == [sw.Move("draw")]

    def test_complete_foundation_takes_nothing_more(self):
        g = self._frog_won_deck_game()
        # The reserve plays out A♠–K♠ style onto f0; then f0 is complete.
        for _ in range(13):
            g.play(next(m for m in g.legal_moves() if m.source == "reserve"))
        assert len(g["f0"]) == 13 and g.top("f0").rank == 13
        g.play("draw")  # a 3
        assert "f0 is complete" in reason(g, "waste f0")

    def test_draw_turns_stock_top_onto_waste_which_holds_one_card(self):
        g = self._building_game()
        move = g.draw()
        assert move == sw.Move("draw") and pile(g, "waste") == "3♣"
        assert len(g["stock"]) == 104 - 14 - 1
        why = reason(g, "draw")
        assert "3♣" in why and "before the next draw" in why
        assert sw.Move("draw") not in g.legal_moves()
        g.play("waste t3")
        assert g.is_legal("draw")
        assert g.draw() and pile(g, "waste") == "2♦"

    def test_waste_card_goes_to_any_column_empty_or_not(self):
        g = self._building_game()
        g.draw()  # 3♣
        legal = {str(m) for m in g.legal_moves()}
        assert {"waste t0", "waste t1", "waste t2", "waste t3", "waste t4"} <= legal
        assert "waste f0" not in legal  # 3♣ on A♠
        g.play("waste t4")
        g.draw()  # 2♦ onto 3♣: any rank, any suit
        g.play("waste t4")
        g.draw()  # K♦
        g.play("waste t4")
        assert pile(g, "t4") == "3♣ 2♦ K♦"

    def test_nothing_but_the_waste_card_goes_onto_a_column(self):
        g = self._building_game()
        g.draw()
        g.play("waste t0")
        g.draw()
        assert "only the waste card may go onto a column" in reason(g, "reserve t1")
        assert "only the waste card may go onto a column" in reason(g, "t0 t1")
        assert "onto itself" in reason(g, "t0 t0")
        assert "no card may be put on the reserve" in reason(g, "t0 reserve")
        assert "no card may be put on the reserve" in reason(g, "waste reserve")
        assert "only the stock feeds the waste" in reason(g, "reserve waste")
        assert "only the stock feeds the waste" in reason(g, "t0 waste")
        assert "not taken from the stock by hand" in reason(g, "stock t1")
        assert "never go back to the stock" in reason(g, "waste stock")
        assert "foundations are final" in reason(g, "f0 t1")
        assert "foundations are final" in reason(g, "f0 f1")
        assert "t1 is empty" in reason(g, "t1 f1")
        assert "Frog has no pile t5" in reason(g, "waste t5")
        assert "Frog has no deal" in reason(g, "deal")
        assert "Frog has no redeal" in reason(g, "redeal")

    @staticmethod
    def _frog_won_deck_game():
        # 8 aces to f0–f7.  Reserve (bottom → top) K Q J 10 9 8 7 6 5 4 3 2 2.
        # Stock: 3 … K, then six times 2 … K.
        ranks = ([1] * 8 + list(range(13, 1, -1)) + [2]
                 + list(range(3, 14)) + list(range(2, 14)) * 6)
        return sw.Frog(deck=by_ranks(ranks, 2))

    def test_won_deck(self):
        g = self._frog_won_deck_game()
        assert g.cards_home == 8 and len(g["reserve"]) == 13
        assert play_out(g) == "won"
        assert g.cards_home == 104 and g.score == 96 == g.max_score
        assert all(len(g[f"f{i}"]) == 13 for i in range(8))
        assert all(c.rank == n % 13 + 1 for i in range(8) for n, c in enumerate(g[f"f{i}"]))
        assert g.legal_moves() == [] and g.is_over
        ids_once(g)

    def test_lost_deck(self):
        # Aces to f0–f7; the reserve holds one 2 under all eight kings.  Only
        # seven 2s can reach the foundations, so the eighth king never can.
        ranks = [1] * 8 + [2] + [13] * 8 + [12] * 4
        ranks += [2] * 7 + [r for r in range(3, 12) for _ in range(8)] + [12] * 4
        g = sw.Frog(deck=by_ranks(ranks, 2))
        assert pile(g, "reserve").startswith("2")
        assert play_out(g) == "lost"
        assert g.legal_moves() == [] and g["stock"] == () and g["waste"] == ()
        assert [c.rank for c in g["reserve"]] == [2, 13]
        assert sum(len(g[f"f{i}"]) == 13 for i in range(8)) == 7
        assert "stock is empty" in reason(g, "draw") and "one pass" in g.why_illegal("draw")
        ids_once(g)


# ==============================================================================
# Leap Year
# ==============================================================================

class TestLeapYear:
    def test_piles(self):
        g = sw.LeapYear(deck=sw.standard_deck(4))
        assert g.PILES == ("stock", *(f"f{i}" for i in range(16)), *(f"t{i}" for i in range(8)))
        assert g.card_count == 208

    def test_deal_aces_out_then_eight_cards_then_stock_in_deck_order(self):
        g = sw.LeapYear(deck=sw.standard_deck(4))
        assert [pile(g, f"f{i}") for i in range(16)] == "A♠ A♥ A♦ A♣".split() * 4
        assert [pile(g, f"t{i}") for i in range(8)] == "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠".split()
        assert len(g["stock"]) == 184
        assert drawn_order(g).startswith("10♠ J♠ Q♠ K♠ 2♥ 3♥")
        non_aces = [c for c in sw.standard_deck(4) if c.rank != 1]
        assert list(reversed(g["stock"])) == non_aces[8:]
        assert g.score == 0 and g.max_score == 192 and g.cards_home == 16
        ids_once(g)

    def test_aces_anywhere_in_the_deck_are_taken_out_in_deck_order(self):
        pack = sw.standard_deck(4)
        aces = [c for c in pack if c.rank == 1]
        others = [c for c in pack if c.rank != 1]
        deck = others[:3] + aces[::-1] + others[3:]  # A♣ first now
        g = sw.LeapYear(deck=deck)
        assert [pile(g, f"f{i}") for i in range(4)] == ["A♣", "A♦", "A♥", "A♠"]
        assert [pile(g, f"t{i}") for i in range(8)] == "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠".split()

    def test_foundations_build_up_in_rank_any_suit(self):
        g = sw.LeapYear(deck=sw.standard_deck(4))
        g.play("t0 f1")  # 2♠ on A♥
        why = reason(g, "t2 f2")  # 4♠ on A♦
        assert "4♠ cannot go on A♦ (f2)" in why and "up in rank, any suit" in why and "A♦ takes only a 2" in why
        g.play("t1 f1")  # 3♠ on 2♠
        g.play("t2 f1")
        assert pile(g, "f1") == "A♥ 2♠ 3♠ 4♠"
        assert g.score == 3

    def test_no_building_on_the_tableau_even_onto_an_empty_pile(self):
        g = sw.LeapYear(deck=sw.standard_deck(4))
        assert "no building on the tableau" in reason(g, "t1 t2")
        g.play("t0 f0")
        assert g["t0"] == ()
        assert "no building on the tableau" in reason(g, "t1 t0")
        assert "t0 is empty" in reason(g, "t0 f1")
        assert "foundations are final" in reason(g, "f0 t0")
        assert "not taken from the stock by hand" in reason(g, "stock t0")
        assert "never go back to the stock" in reason(g, "t1 stock")
        assert "Leap Year has no draw" in reason(g, "draw")

    def test_deal_puts_one_card_on_each_pile_empty_ones_included(self):
        g = sw.LeapYear(deck=sw.standard_deck(4))
        g.play("t0 f0")
        g.play("t1 f0")
        assert g["t0"] == () and g["t1"] == ()
        move = g.deal()
        assert move == sw.Move("deal")
        assert [pile(g, f"t{i}") for i in range(8)] == [
            "10♠", "J♠", "4♠ Q♠", "5♠ K♠", "6♠ 2♥", "7♠ 3♥", "8♠ 4♥", "9♠ 5♥"]
        assert len(g["stock"]) == 176

    def test_deal_allowed_any_time_while_the_stock_has_cards_one_pass(self):
        g = sw.LeapYear(deck=sw.standard_deck(4))
        assert g.legal_moves()[-1] == sw.Move("deal")
        assert len(g.legal_moves()) > 1  # a card move is open, deal is allowed anyway
        for _ in range(23):
            g.play("deal")
        assert g["stock"] == ()
        assert "stock is empty" in reason(g, "deal") and "one pass" in g.why_illegal("deal")
        assert all(len(g[f"t{i}"]) == 24 for i in range(8))

    @staticmethod
    def _rank_order_deck():
        # 16 aces, then sixteen 2s, sixteen 3s … sixteen kings.
        return by_ranks([1] * 16 + [r for r in range(2, 14) for _ in range(16)], 4)

    def test_won_deck(self):
        g = sw.LeapYear(deck=self._rank_order_deck())
        assert play_out(g) == "won"
        assert g.cards_home == 208 and g.score == 192
        assert all([c.rank for c in g[f"f{i}"]] == list(range(1, 14)) for i in range(16))
        assert g.legal_moves() == []

    def test_same_deck_lost_by_dealing_without_playing(self):
        g = sw.LeapYear(deck=self._rank_order_deck())
        for _ in range(23):
            g.play("deal")
        # Each pile, bottom to top: 2 2 3 3 … K K; kings on top, aces home.
        assert [c.rank for c in g["t0"]] == [r for r in range(2, 14) for _ in range(2)]
        assert g.status == "lost" and g.legal_moves() == []


# ==============================================================================
# Bobby
# ==============================================================================

class TestBobby:
    def test_deal_first_card_to_f0_rest_is_stock_in_deck_order(self):
        deck = sw.standard_deck()
        g = sw.Bobby(deck=deck)
        assert g.PILES == ("stock", "waste", "f0", "f1")
        assert pile(g, "f0") == "A♠" and g["f1"] == () and g["waste"] == ()
        assert list(reversed(g["stock"])) == deck[1:]
        assert g.top("stock") == Card.parse("2♠")
        assert g.passes_left == 3 and g.redeals == 0
        assert g.legal_moves() == [sw.Move("draw")]

    def _game(self):
        return sw.Bobby(deck=complete(cards("K♠ A♥ K♦ 2♣ Q♣ 7♥"), 1))

    def test_foundations_up_or_down_one_rank_any_suit_wrapping_king_and_ace(self):
        g = self._game()
        assert pile(g, "f0") == "K♠"
        g.draw()
        g.play("waste f0")  # A♥ on K♠: up, K→A
        g.draw()
        g.play("waste f0")  # K♦ on A♥: down, A→K
        g.draw()
        why = reason(g, "waste f0")  # 2♣ on K♦
        assert "2♣ cannot go on K♦ (f0)" in why and "up or down by one rank" in why
        assert "K and A joined" in why and "K♦ takes only a queen or an ace" in why
        g.play("waste f1")  # an empty foundation takes any card, not only an ace
        g.draw()
        g.play("waste f0")  # Q♣ on K♦: down
        assert pile(g, "f0") == "K♠ A♥ K♦ Q♣" and pile(g, "f1") == "2♣"
        g.draw()  # 7♥ fits neither Q nor 2
        assert "Q♣ takes only a jack or a king" in reason(g, "waste f0")
        assert "7♥ cannot go on 2♣ (f1)" in reason(g, "waste f1")
        assert g.legal_moves() == [sw.Move("draw")]
        assert g.score == 4

    def test_only_the_waste_top_plays(self):
        g = self._game()
        g.draw()
        g.draw()
        assert pile(g, "waste") == "A♥ K♦"
        assert g.legal_moves() == [sw.Move("waste", "f1"), sw.Move("draw")]  # K♦ does not fit K♠
        g.play("waste f1")  # K♦; now the A♥ below is the top
        assert g.top("waste") == Card.parse("A♥")
        assert "not taken from the stock by hand" in reason(g, "stock f1")
        assert "foundations are final" in reason(g, "f1 f0")
        assert "foundations are final" in reason(g, "f0 waste")
        assert "onto itself" in reason(g, "waste waste")
        assert "Bobby has no deal" in reason(g, "deal")

    def test_two_redeals_three_passes(self):
        g = sw.Bobby(deck=sw.standard_deck(), redeal="turn")
        assert "stock still holds 51 cards" in reason(g, "redeal")
        for n_pass in (1, 2, 3):
            assert g.passes_left == 4 - n_pass
            for _ in range(51):
                g.draw()
            assert g["stock"] == () and len(g["waste"]) == 51
            if n_pass < 3:
                assert "redeal" in reason(g, "draw")
                assert g.legal_moves()[-1] == sw.Move("redeal")
                g.redeal()
                assert g.redeals == n_pass and g["waste"] == ()
        assert g.passes_left == 1
        assert "both are used" in reason(g, "redeal")
        assert "no more passes" in reason(g, "draw")
        # The waste top can still be played: the game goes on.
        assert g.legal_moves() == [sw.Move("waste", "f0"), sw.Move("waste", "f1")]

    def test_redeal_turn_gives_the_cards_in_the_first_pass_order_again(self):
        deck = sw.standard_deck()
        g = sw.Bobby(deck=deck, redeal="turn")
        for _ in range(51):
            g.draw()
        g.redeal()
        assert list(reversed(g["stock"])) == deck[1:]
        assert g.draw() and g.top("waste") == Card.parse("2♠")

    def test_redeal_shuffle_is_default_and_reshuffles_the_waste(self):
        g = sw.Bobby(seed=11)
        assert g.options == {"redeal": "shuffle"}
        for _ in range(51):
            g.draw()
        waste = g.card_ids("waste")
        g.redeal()
        stock = g.card_ids("stock")
        assert sorted(stock) == sorted(waste) and g["waste"] == ()
        assert list(stock) != list(waste)[::-1] and list(stock) != list(waste)  # really shuffled

    def _stock_after_redeals(self, game, n):
        for _ in range(n):
            while game["stock"]:
                game.draw()
            game.redeal()
        return game.card_ids("stock")

    def test_redeal_shuffle_is_fixed_by_seed_and_pass(self):
        a = self._stock_after_redeals(sw.Bobby(seed=11), 1)
        assert a == self._stock_after_redeals(sw.Bobby(seed=11), 1)
        third = self._stock_after_redeals(sw.Bobby(seed=11), 2)
        assert sorted(third) == sorted(a) and third != a  # pass 3 is shuffled anew
        # An explicit deck (it takes no seed) gives the same shuffle each time.
        d0 = self._stock_after_redeals(sw.Bobby(deck=sw.standard_deck()), 1)
        assert d0 == self._stock_after_redeals(sw.Bobby(deck=sw.standard_deck()), 1)
        # Earlier versions took a seed beside a deck, and it was part of the
        # shuffle: their saves load with the shuffle they were played with.
        old = {"format": 2, "game": "bobby", "options": {}, "deck": [c.code for c in sw.standard_deck()],
               "moves": [], "redo": []}
        d1 = self._stock_after_redeals(sw.load({**old, "seed": 1}), 1)
        assert d1 == self._stock_after_redeals(sw.load({**old, "seed": 1}), 1)
        d2 = self._stock_after_redeals(sw.load({**old, "seed": 2}), 1)
        assert sorted(d1) == sorted(d2) and d1 != d2 and d0 not in (d1, d2)
        assert sw.load({**old, "seed": 1}).to_dict()["seed"] == 1  # and save them as they were

    def test_redeal_shuffle_exact_under_undo_redo_and_load(self):
        g = sw.Bobby(seed=11)
        g.draw()
        g.play(g.legal_moves()[0])  # something onto a foundation
        while g["stock"]:
            g.draw()
        before = (g.key(), g.card_ids("waste"))
        g.redeal()
        after = g.card_ids("stock")
        g.undo()
        assert (g.key(), g.card_ids("waste")) == before and g.redeals == 0
        g.redo()
        assert g.card_ids("stock") == after and g.redeals == 1
        g.undo()
        g.redeal()  # played afresh, not redone
        assert g.card_ids("stock") == after
        assert sw.load(g.to_dict()).card_ids("stock") == after

    def test_won_with_all_52_on_one_foundation_no_13_card_cap(self):
        g = sw.Bobby(deck=sw.standard_deck())
        assert play_out(g) == "won"
        assert len(g["f0"]) == 52 and g["f1"] == ()
        assert g.score == 51 == g.max_score
        assert g.legal_moves() == []

    def test_won_with_an_uneven_split(self):
        g = sw.Bobby(deck=sw.standard_deck())
        g.draw()
        g.play("waste f1")  # 2♠ starts f1; everything after follows it
        for _ in range(50):
            g.draw()
            g.play("waste f1")
        assert g.status == "won" and len(g["f0"]) == 1 and len(g["f1"]) == 51

    def test_lost_after_three_passes(self):
        # f0 gets A♠; the last two cards are 5♥ then 9♦.
        deck = complete(cards("A♠"), 1, back=cards("5♥ 9♦"))
        g = sw.Bobby(deck=deck, redeal="turn")
        for _ in range(2):
            for _ in range(51):
                g.draw()
            g.redeal()
        for _ in range(51):
            g.draw()
        assert g.status == "playing" and g.legal_moves() == [sw.Move("waste", "f1")]  # 9♦ does not fit A♠
        g.play("waste f1")  # 9♦
        assert g.top("waste") == Card.parse("5♥")
        assert g.status == "lost" and g.legal_moves() == []


# ==============================================================================
# Cruel
# ==============================================================================

def cruel_deck(*packets: str) -> list[Card]:
    """Aces first (so f0–f3 = A♠ A♥ A♦ A♣), then the packets for t0, t1, …
    (bottom card first); cards not named fill the later packets in pack order."""
    front = cards("A♠ A♥ A♦ A♣") + [c for p in packets for c in cards(p)]
    assert all(len(cards(p)) == 4 for p in packets)
    return complete(front, 1)


# Each suit as three packets that play straight home.
WON_PACKETS = [p.replace("s", suit) for suit in "♠♥♦♣"
               for p in ("5s 4s 3s 2s", "9s 8s 7s 6s", "Ks Qs Js 10s")]


class TestCruel:
    def test_deal_aces_out_in_deck_order_then_packets_of_four(self):
        pack = sw.standard_deck()
        deck = pack[13:] + pack[:13]  # hearts, diamonds, clubs, spades
        g = sw.Cruel(deck=deck)
        assert g.PILES == (*(f"f{i}" for i in range(4)), *(f"t{i}" for i in range(12)))
        assert [pile(g, f"f{i}") for i in range(4)] == ["A♥", "A♦", "A♣", "A♠"]
        assert pile(g, "t0") == "2♥ 3♥ 4♥ 5♥"
        assert pile(g, "t1") == "6♥ 7♥ 8♥ 9♥"
        assert pile(g, "t2") == "10♥ J♥ Q♥ K♥"
        assert pile(g, "t11") == "10♠ J♠ Q♠ K♠"
        assert all(len(g[f"t{i}"]) == 4 for i in range(12))
        assert g.score == 0 and g.max_score == 48 and g.cards_home == 4

    def test_standard_deck_is_lost_at_the_deal(self):
        g = sw.Cruel(deck=sw.standard_deck())
        # Tops 5 9 K of each suit: nothing goes home or onto another top, and a
        # redeal would give back the same layout.
        assert "same layout" in reason(g, "redeal")
        assert g.legal_moves() == [] and g.status == "lost"

    def test_foundations_up_in_suit(self):
        g = sw.Cruel(deck=cruel_deck("5♥ 4♥ 3♥ 2♥", "K♠ Q♠ J♠ 3♠"))
        why = reason(g, "t0 f0")
        assert "2♥ cannot go on A♠ (f0)" in why and "up in suit" in why and "A♠ takes only 2♠" in why
        assert "A♠ takes only 2♠" in reason(g, "t1 f0")
        g.play("t0 f1")
        g.play("t0 f1")
        assert pile(g, "f1") == "A♥ 2♥ 3♥" and g.score == 2

    def test_tableau_builds_down_in_suit(self):
        g = sw.Cruel(deck=cruel_deck("K♠ K♥ K♦ 7♠", "Q♠ Q♥ Q♦ 6♠", "J♠ J♥ J♦ 6♥", "10♠ 10♥ 10♦ 8♠"))
        why = reason(g, "t2 t0")  # 6♥ on 7♠
        assert why == "6♥ cannot go on 7♠ (t0): Cruel builds down in suit, so 7♠ takes only 6♠"
        assert "7♠ takes only 6♠" in reason(g, "t3 t0")  # 8♠ on 7♠: up is not down
        assert "t1 t0" in {str(m) for m in g.legal_moves()}
        g.play("t1", "t0")
        assert pile(g, "t0") == "K♠ K♥ K♦ 7♠ 6♠" and pile(g, "t1") == "Q♠ Q♥ Q♦"
        assert "foundations are final" in reason(g, "f0 t1")
        assert "Cruel has no pile stock" in reason(g, "stock t0")
        assert "Cruel has no draw" in reason(g, "draw") and "Cruel has no deal" in reason(g, "deal")

    def test_an_empty_pile_is_never_filled(self):
        g = sw.Cruel(deck=cruel_deck("5♠ 4♠ 3♠ 2♠", "J♦ 9♠ 8♠ 6♠"))
        for _ in range(4):
            g.play("t0 f0")
        assert g["t0"] == ()
        g.play("t1 f0")  # 6♠ home
        assert "t0 is empty, and in Cruel an empty pile is never filled" in reason(g, "t1 t0")
        assert all(m.target != "t0" for m in g.legal_moves())

    def _after_five_home(self, **options):
        g = sw.Cruel(deck=cruel_deck(*WON_PACKETS), **options)
        for move in ["t0 f0"] * 4 + ["t1 f0"]:
            g.play(move)
        assert g["t0"] == () and pile(g, "t1") == "9♠ 8♠ 7♠"
        return g

    def test_redeal_gathers_in_order_and_deals_packets_of_four_from_the_front(self):
        g = self._after_five_home()
        layout = {f"t{i}": pile(g, f"t{i}") for i in range(12)}
        assert g.options == {"gather": "in_order"}
        g.redeal()
        assert g.redeals == 1
        assert [pile(g, f"t{i}") for i in range(12)] == [
            "9♠ 8♠ 7♠ K♠", "Q♠ J♠ 10♠ 5♥", "4♥ 3♥ 2♥ 9♥", "8♥ 7♥ 6♥ K♥",
            "Q♥ J♥ 10♥ 5♦", "4♦ 3♦ 2♦ 9♦", "8♦ 7♦ 6♦ K♦", "Q♦ J♦ 10♦ 5♣",
            "4♣ 3♣ 2♣ 9♣", "8♣ 7♣ 6♣ K♣", "Q♣ J♣ 10♣", "",  # short last packet, then empty
        ]
        # The same layout again is not a move.
        assert "same layout" in reason(g, "redeal")
        g.undo()
        assert {f"t{i}": pile(g, f"t{i}") for i in range(12)} == layout and g.redeals == 0
        ids_once(g)

    def test_redeal_refills_piles_emptied_before(self):
        g = self._after_five_home()
        g.redeal()
        assert pile(g, "t0") == "9♠ 8♠ 7♠ K♠"  # t0 was empty; a redeal deals to it again

    def test_gather_pysol_strings_piles_last_to_first_and_cuts_packets_from_the_end(self):
        g = self._after_five_home(gather="pysol")
        g.redeal()
        # The sequence is t11 … t1 (each bottom to top); the last four cards
        # go to t0, the four before them to t1, …; the short packet is the front.
        assert [pile(g, f"t{i}") for i in range(12)] == [
            "10♠ 9♠ 8♠ 7♠", "2♥ K♠ Q♠ J♠", "6♥ 5♥ 4♥ 3♥", "10♥ 9♥ 8♥ 7♥",
            "2♦ K♥ Q♥ J♥", "6♦ 5♦ 4♦ 3♦", "10♦ 9♦ 8♦ 7♦", "2♣ K♦ Q♦ J♦",
            "6♣ 5♣ 4♣ 3♣", "10♣ 9♣ 8♣ 7♣", "K♣ Q♣ J♣", "",
        ]
        assert "same layout" in reason(g, "redeal")

    def test_redeal_any_time_and_unlimited(self):
        g = sw.Cruel(deck=cruel_deck(*WON_PACKETS))
        assert "same layout" in reason(g, "redeal")  # full packets: nothing would change
        count = 0
        for _ in range(6):
            g.play(next(m for m in g.legal_moves() if not m.is_action))  # one card home
            assert g.is_legal("redeal")  # allowed although card moves are open too
            g.redeal()
            count += 1
        assert g.redeals == count == 6

    def test_won_deck_and_score(self):
        g = sw.Cruel(deck=cruel_deck(*WON_PACKETS))
        assert play_out(g) == "won"
        assert g.score == 48 == g.max_score and g.cards_home == 52
        assert [pile(g, f"f{i}").split()[-1] for i in range(4)] == ["K♠", "K♥", "K♦", "K♣"]
        assert g.legal_moves() == []
        assert "same layout" in g.why_illegal("redeal")

    def test_standard_won_packets_reversed_are_lost_at_the_deal(self):
        packets = [p.replace("s", suit) for suit in "♠♥♦♣"
                   for p in ("2s 3s 4s 5s", "6s 7s 8s 9s", "10s Js Qs Ks")]
        g = sw.Cruel(deck=cruel_deck(*packets))
        assert g.status == "lost" and g.score == 0 and g.legal_moves() == []

    def test_lost_after_a_redeal_that_leaves_no_move(self):
        # The gathered sequence after 2♠ goes home is twelve blocks
        # [filler, filler, a, b] (the last block has no b).  Before the redeal
        # the tops are the a's; after it (packets of four from the front) the
        # b's and the last a.  Neither set has a card that goes home or onto
        # another top of its suit one rank higher.
        a_cards = cards("K♠ K♥ K♦ K♣ J♠ J♥ J♦ J♣ 9♠ 9♥ 9♦ 7♣")
        b_cards = cards("Q♠ Q♥ Q♦ Q♣ 10♠ 10♥ 10♦ 10♣ 8♠ 8♥ 8♦")
        two = Card.parse("2♠")
        fillers = [c for c in sw.standard_deck()
                   if c.rank != 1 and c is not two and c not in a_cards + b_cards]
        sequence = []
        for i in range(12):
            sequence += fillers[2 * i:2 * i + 2] + [a_cards[i]] + ([b_cards[i]] if i < 11 else [])
        deck = cards("A♠ A♥ A♦ A♣") + sequence[:3] + [two] + sequence[3:]
        g = sw.Cruel(deck=deck)
        assert pile(g, "t0").endswith("K♠ 2♠")
        assert g.legal_moves() == [sw.Move("t0", "f0")]
        g.play("t0 f0")
        assert [g.top(f"t{i}") for i in range(12)] == a_cards
        assert g.legal_moves() == [sw.Move("redeal")] and g.status == "playing"
        g.redeal()
        assert [g.top(f"t{i}") for i in range(12)] == b_cards + [Card.parse("7♣")]
        assert g.status == "lost" and g.legal_moves() == []
        assert "same layout" in g.why_illegal("redeal")
        assert g.score == 1


# ==============================================================================
# Midshipman
# ==============================================================================

def midshipman_deck(piles, stock="", back=""):
    """``piles``: nine piles, bottom card first, four cards each.  Dealt in four
    rounds across t0–t8; then ``stock`` (drawn first), the rest of the pack in
    pack order, and ``back`` (drawn last)."""
    rows = [cards(p) for p in piles]
    assert len(rows) == 9 and all(len(r) == 4 for r in rows)
    front = [rows[t][r] for r in range(4) for t in range(9)] + cards(stock)
    return complete(front, 2, back=cards(back))


LAYOUT = [
    "Q♠ Q♥ 8♥ 7♠",      # t0
    "Q♦ Q♣ 4♦ 6♦",      # t1
    "K♠ K♥ 9♠ 6♠",      # t2
    "K♦ K♣ 9♣ 7♥",      # t3
    "4♣ 9♦ 10♠ A♥",     # t4
    "J♠ J♦ 3♠ J♥",      # t5
    "8♠ 8♦ 8♣ 5♦",      # t6
    "2♣ 3♣ 3♥ 2♠",      # t7
    "10♥ 10♦ 10♣ 7♦",   # t8
]


class TestMidshipman:
    def test_deal_four_rounds_two_face_down(self):
        deck = sw.standard_deck(2)
        g = sw.Midshipman(deck=deck)
        assert g.PILES == ("stock", "waste", *(f"f{i}" for i in range(8)), *(f"t{i}" for i in range(9)))
        # Cards 1–9 bottom, 10–18 second, 19–27 third, 28–36 top.
        assert pile(g, "t0") == "A♠ 10♠ 6♥ 2♦"
        assert pile(g, "t8") == "9♠ 5♥ A♦ 10♦"
        assert all(g.face_down(f"t{i}") == 2 for i in range(9))
        assert list(reversed(g["stock"])) == deck[36:] and len(g["stock"]) == 68
        assert g["waste"] == () and all(g[f"f{i}"] == () for i in range(8))
        assert "t0       ## ## 6♥ 2♦" in str(g).splitlines()

    def test_layout_helper_deals_as_written(self):
        g = sw.Midshipman(deck=midshipman_deck(LAYOUT, stock="A♠ 5♠"))
        assert [pile(g, f"t{i}") for i in range(9)] == LAYOUT
        assert drawn_order(g).startswith("A♠ 5♠")

    def test_tableau_builds_down_by_one_in_any_different_suit(self):
        g = sw.Midshipman(deck=midshipman_deck(LAYOUT))
        legal = {str(m) for m in g.legal_moves()}
        assert "t1 t0" in legal     # 6♦ on 7♠
        assert "t1 t3" in legal     # 6♦ on 7♥: same colour, different suit is fine
        assert "t2 t3" in legal     # 6♠ on 7♥
        assert reason(g, "t1 t8") == ("6♦ cannot go on 7♦ (t8): Midshipman builds down in a different "
                                      "suit, so 7♦ takes only a 6 that is not a diamond")
        assert "7♠ takes only a 6 that is not a spade" in reason(g, "t2 t0")  # 6♠ on 7♠
        assert "5♦ cannot go on 7♠" in reason(g, "t6 t0") and "7♠ takes only a 6" in g.why_illegal("t6 t0")
        assert "7♠ cannot go on 6♦" in reason(g, "t0 t1")  # never up

    def test_foundations_ace_then_up_in_suit(self):
        g = sw.Midshipman(deck=midshipman_deck(LAYOUT, stock="A♠ 2♥"))
        assert "2♠ cannot start f0: an empty foundation takes only an ace" in reason(g, "t7 f0")
        g.play("t4 f0")  # A♥
        why = reason(g, "t7 f0")
        assert "2♠ cannot go on A♥ (f0)" in why and "up in suit" in why and "A♥ takes only 2♥" in why
        g.draw()
        g.play("waste f1")  # A♠ from the waste
        g.play("t7 f1")     # 2♠ on A♠
        g.draw()
        g.play("waste f0")  # 2♥ on A♥
        g.play("t7 f0")     # 3♥
        assert pile(g, "f0") == "A♥ 2♥ 3♥" and pile(g, "f1") == "A♠ 2♠"
        assert g.score == 5
        assert "foundations are final" in reason(g, "f0 t7")

    def test_face_down_cards_turn_up_when_they_become_top_and_undo_turns_them_back(self):
        g = sw.Midshipman(deck=midshipman_deck(LAYOUT))
        g.play("t4 f0")       # A♥ home; 10♠ (dealt face up) is on top
        assert g.face_down("t4") == 2
        g.play("t4 t5")       # 10♠ on J♥; 9♦ is now on top and turns up
        assert pile(g, "t4") == "4♣ 9♦" and g.face_down("t4") == 1
        assert "t4       ## 9♦" in str(g).splitlines()
        g.undo()
        assert pile(g, "t4") == "4♣ 9♦ 10♠" and g.face_down("t4") == 2
        assert "t4       ## ## 10♠" in str(g).splitlines()
        g.redo()
        assert g.face_down("t4") == 1
        g.play("t4 t5")       # 9♦ on 10♠; 4♣ turns up
        assert g.face_down("t4") == 0 and pile(g, "t4") == "4♣"
        g.play("t4 t6")       # 4♣ on 5♦; t4 is empty
        assert g["t4"] == () and g.face_down("t4") == 0
        g.undo()
        g.undo()
        assert pile(g, "t4") == "4♣ 9♦" and g.face_down("t4") == 1

    def test_an_empty_pile_takes_any_single_card_from_tableau_or_waste(self):
        g = sw.Midshipman(deck=midshipman_deck(LAYOUT, stock="K♥ 5♠"))
        for move in ("t4 f0", "t4 t5", "t4 t5", "t4 t6"):
            g.play(move)
        assert g["t4"] == ()
        legal = {str(m) for m in g.legal_moves()}
        assert {f"t{i} t4" for i in range(9) if i != 4} <= legal  # any top card, any rank
        g.draw()
        assert "waste t4" in {str(m) for m in g.legal_moves()}
        assert "K♥ cannot go on" in reason(g, "waste t0") and "only to an empty pile" in g.why_illegal("waste t0")
        g.play("waste t4")  # a king from the waste
        assert pile(g, "t4") == "K♥"
        g.draw()
        assert "5♠ cannot go on K♥" in reason(g, "waste t4")

    def test_draw_one_pass_and_routes(self):
        g = sw.Midshipman(deck=midshipman_deck(LAYOUT, stock="A♠ 5♠"))
        assert g.legal_moves()[-1] == sw.Move("draw")
        g.draw()
        assert pile(g, "waste") == "A♠"
        g.draw()
        assert pile(g, "waste") == "A♠ 5♠"  # the waste keeps cards; only the top plays
        assert "5♠ cannot start f0" in reason(g, "waste f0")
        assert "only the stock feeds the waste" in reason(g, "t0 waste")
        assert "never go back to the stock" in reason(g, "waste stock")
        assert "not taken from the stock by hand" in reason(g, "stock t0")
        assert "Midshipman has no redeal" in reason(g, "redeal")
        for _ in range(66):
            g.draw()
        assert g["stock"] == ()
        assert "stock is empty" in reason(g, "draw") and "one pass" in g.why_illegal("draw")

    def test_won_deck(self):
        # t0–t7: 4 3 2 A of each suit (two of each); t8: 8♠ 7♠ 6♠ 5♠;
        # the stock then turns up the rest of each suit in order.
        piles = [f"4{s} 3{s} 2{s} A{s}" for s in "♠♥♦♣♠♥♦♣"] + ["8♠ 7♠ 6♠ 5♠"]
        stock = " ".join([f"{r}♠" for r in "9 10 J Q K".split()]
                         + [f"{r}♠" for r in "5 6 7 8 9 10 J Q K".split()]
                         + [f"{r}{s}" for s in "♥♥♦♦♣♣" for r in "5 6 7 8 9 10 J Q K".split()])
        deck = midshipman_deck(piles, stock=stock)
        g = sw.Midshipman(deck=deck)
        assert play_out(g) == "won"
        assert g.cards_home == 104 and g.score == 104 == g.max_score
        assert all([c.rank for c in g[f"f{i}"]] == list(range(1, 14)) for i in range(8))
        assert all(len({c.suit for c in g[f"f{i}"]}) == 1 for i in range(8))
        assert g.legal_moves() == []

    def test_lost_deck(self):
        # Kings and a 10 on top, 5♥ the last stock card: after drawing it all,
        # nothing can move.
        piles = ["2♠ 3♠ 4♠ K♠", "2♥ 3♥ 4♥ K♥", "2♦ 3♦ 4♦ K♦", "2♣ 3♣ 4♣ K♣",
                 "5♠ 6♠ 7♠ K♠", "5♥ 6♥ 7♥ K♥", "5♦ 6♦ 7♦ K♦", "5♣ 6♣ 7♣ K♣", "8♠ 9♠ J♠ 10♠"]
        g = sw.Midshipman(deck=midshipman_deck(piles, back="5♥"))
        assert g.legal_moves() == [sw.Move("draw")]
        for _ in range(68):
            assert g.status == "playing"
            g.draw()
        assert g.top("waste") == Card.parse("5♥")
        assert g.status == "lost" and g.legal_moves() == []
        ids_once(g)


# ==============================================================================
# Shared rules: status, foundations are final, only the top card moves
# ==============================================================================

@pytest.mark.parametrize("name", sorted(GAMES))  # (the seed games: classic games move runs too)
def test_only_the_top_card_of_a_pile_moves(name):
    g = sw.new_game(name, seed=3)
    for _ in range(40):
        moves = [m for m in g.legal_moves() if not m.is_action] or g.legal_moves()
        if not moves:
            break
        move = moves[-1]
        if move.is_action:
            g.play(move)
            continue
        sources = (move.source,) if move.partner is None else (move.source, move.partner)  # (a pair: one from each)
        count = len(g[move.source]) if move.source in g.whole_piles else move.count  # (a pile that moves only whole)
        before, target = {s: g[s] for s in sources}, g[move.target]
        g.play(move)
        assert all(g[s] == before[s][:-count] for s in sources)
        assert g[move.target] == target + tuple(c for s in sources for c in before[s][-count:])


@pytest.mark.parametrize("name", sorted(GAMES))  # (the classic games: their oracles in tests/test_catalogue.py)
def test_foundations_are_final_in_every_game(name):
    g = sw.new_game(name, seed=5)
    for _ in range(150):  # get some cards home
        moves = g.legal_moves()
        if not moves:
            break
        g.play(next((m for m in moves if m.target and m.target[0] == "f"), moves[-1]))
    assert g.cards_home > 0
    for f in (p for p in g.PILES if p[0] == "f"):
        for target in g.PILES:
            if target != f and g[f]:
                assert reason(g, f"{f} {target}") == "cards on the foundations never move: foundations are final"
