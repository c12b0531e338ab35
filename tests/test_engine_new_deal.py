"""New deal in place and resuming an earlier deal (engine)."""

from __future__ import annotations

import pytest

import solitaire_widgets as sw

GAMES = ["frog", "leap_year", "bobby", "cruel", "midshipman"]


@pytest.mark.parametrize("name", GAMES)
def test_new_deal_is_in_place_with_a_new_seed_and_tells_observers(name: str) -> None:
    game = sw.new_game(name, seed=11)
    game.play(game.legal_moves()[0])
    version = game.version
    seen: list[sw.GameChange] = []
    game.observe(lambda g, change: seen.append(change))
    earlier = game.new_deal()
    assert game.seed != 11 and game.history == () and game.redo_moves == ()
    assert game.version == version + 1
    fresh = sw.new_game(name, seed=game.seed)
    assert game.key() == fresh.key()
    assert [c.kind for c in seen] == ["new_deal"] and seen[0].earlier is earlier
    assert set(seen[0].piles) == set(game.PILES)
    assert earlier.seed == 11 and len(earlier.history) == 1


@pytest.mark.parametrize("name", GAMES)
def test_resume_puts_the_earlier_deal_back_exactly(name: str) -> None:
    game = sw.new_game(name, seed=4)
    game.play(game.legal_moves()[0])
    game.play(game.legal_moves()[0])
    game.undo()
    key, history, redo = game.key(), game.history, game.redo_moves
    earlier = game.new_deal(seed=5)
    game.play(game.legal_moves()[0])
    seen: list[sw.GameChange] = []
    game.observe(lambda g, change: seen.append(change))
    game.resume(earlier)
    assert (game.key(), game.history, game.redo_moves, game.seed) == (key, history, redo, 4)
    assert [(c.kind, c.move, set(c.piles)) for c in seen] == [("resume", None, set(game.PILES))]
    game.redo()  # the redo list came back too
    # the copy returned stays independent of the game
    assert len(earlier.history) == 1


def test_new_deal_keeps_options_and_a_given_seed() -> None:
    game = sw.new_game("cruel", seed=1, gather="pysol")
    game.new_deal(seed=2)
    assert game.seed == 2 and game.options == {"gather": "pysol"}


def test_new_deal_of_a_deck_dealt_game_deals_from_a_seed() -> None:
    game = sw.new_game("bobby", deck=sw.standard_deck())
    game.new_deal()
    assert game.deck is None and isinstance(game.seed, int)


def test_new_deal_deals_a_card_order_given_and_refuses_a_seed_beside_it() -> None:
    game = sw.new_game("bobby", seed=3)
    deck = [card.code for card in reversed(sw.standard_deck())]
    earlier = game.new_deal(deck=deck)
    assert game.seed is None and list(game.deck) == deck and earlier.seed == 3
    assert game.key() == sw.new_game("bobby", deck=deck).key()
    key = game.key()
    with pytest.raises(ValueError, match="pass seed or deck to new_deal, not both"):
        game.new_deal(seed=4, deck=deck)
    with pytest.raises(ValueError, match="deck has 1 cards; Bobby needs 52"):
        game.new_deal(deck=["AS"])
    assert game.key() == key and list(game.deck) == deck  # nothing changed


def test_resume_refuses_another_kind_of_game() -> None:
    game = sw.new_game("cruel", seed=1)
    with pytest.raises(TypeError, match="resume needs a Cruel game, not Bobby"):
        game.resume(sw.new_game("bobby", seed=1))


def test_new_deal_never_deals_the_current_seed_again(monkeypatch: pytest.MonkeyPatch) -> None:
    # The random draw is the one thing a test cannot run for real: make it
    # return the current seed twice before another, as it may by chance.
    game = sw.Cruel(seed=7)
    draws = iter([7, 7, 8])
    monkeypatch.setattr(sw.game.secrets, "randbelow", lambda n: next(draws))
    game.new_deal()
    assert game.seed == 8 and game.key() == sw.Cruel(seed=8).key()
