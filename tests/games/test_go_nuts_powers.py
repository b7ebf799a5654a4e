"""Every power and its rulings (rules/go-nuts.md, "Powers"), one scenario each.

In most scenarios seat 0 picks slot 1 and every other seat picks the last slot (a clash in games
of three or more), so only seat 0 gains a card from the row and the power is all that happens.
"""

import pytest

from holesome.core.errors import IllegalAction
from holesome.core.game import CHANCE
from holesome.games.go_nuts import (
    Choose,
    Clear,
    Done,
    Draw,
    Forfeit,
    GoNuts,
    GoNutsState,
    Opponent,
    Pick,
    Retrieve,
)
from holesome.games.go_nuts.cards import CODES
from holesome.games.go_nuts.scenario import counts, position
from holesome.games.go_nuts.state import KnownTop


def take_first(game: GoNuts, state: GoNutsState) -> GoNutsState:
    """Seat 0 picks slot 1; every other seat picks the last slot."""
    last = game.players + 1
    state = game.apply(state, 0, Pick(1))
    for seat in range(1, game.players):
        state = game.apply(state, seat, Pick(last))
    return state


def draw(game: GoNuts, state: GoNutsState, code: str) -> GoNutsState:
    return game.apply(state, CHANCE, Draw(CODES[code]))


def card(code: str) -> Choose:
    return Choose(CODES[code])


def pile(state: GoNutsState) -> list[str]:
    codes = {number: code for code, number in CODES.items()}
    return [codes[number] for number in state.discard]


# Chocolate Frosted


def test_chocolate_frosted_draws_the_top_card_by_a_chance_step() -> None:
    game = GoNuts(2)
    state = take_first(game, position(2, row=["CF", "GL", "PL"]))
    assert game.to_act(state) == (CHANCE,) and state.task is not None
    state = draw(game, state, "JF")
    assert state.hands[0] == counts(["CF", "JF"])
    assert state.task is None


def test_chocolate_frosted_with_an_empty_deck_does_nothing() -> None:
    game = GoNuts(2)
    state = take_first(game, position(2, row=["CF", "GL", "PL"], deck=[]))
    assert state.hands[0] == counts(["CF"]) and state.over


def test_chocolate_frosted_takes_a_known_top_card_without_a_chance_step() -> None:
    game = GoNuts(2)
    state = take_first(game, position(2, row=["CF", "GL", "PL"], top=(1, "PO")))
    assert state.hands[0] == counts(["CF", "PO"]) and state.top is None


# Eclair


def test_eclair_takes_the_top_card_of_the_discard_pile() -> None:
    game = GoNuts(2)
    state = take_first(game, position(2, row=["EC", "GL", "PL"], discard=["PO", "JF"]))
    assert state.hands[0] == counts(["EC", "JF"])
    assert pile(state) == ["PO"]


def test_eclair_with_an_empty_discard_pile_does_nothing() -> None:
    game = GoNuts(2)
    state = take_first(game, position(2, row=["EC", "GL", "PL"]))
    assert state.hands[0] == counts(["EC"])


# French Cruller


def test_french_cruller_cannot_discard_a_card_someone_picked() -> None:
    game = GoNuts(3)
    state = position(3, row=["FC", "GL", "PO", "JF"])
    for seat, slot in enumerate((1, 3, 4)):
        state = game.apply(state, seat, Pick(slot))
    assert game.to_act(state) == (0,)
    assert game.legal_actions(state, 0) == (Done(), Clear(2))
    for picked in (Clear(3), Clear(4)):
        with pytest.raises(IllegalAction):
            game.apply(state, 0, picked)
    state = game.apply(state, 0, Clear(2))
    assert pile(state) == ["GL"]
    assert state.hands == (counts(["FC"]), counts(["PO"]), counts(["JF"]))


def test_french_cruller_discards_in_the_order_chosen_before_later_slots_resolve() -> None:
    game = GoNuts(3)
    state = position(3, row=["FC", "GL", "PO", "JF"])
    for seat, slot in enumerate((1, 2, 2)):
        state = game.apply(state, seat, Pick(slot))
    assert game.legal_actions(state, 0) == (Done(), Clear(3), Clear(4))
    state = game.apply(game.apply(state, 0, Clear(4)), 0, Clear(3))
    assert pile(state) == ["JF", "PO", "GL"]


def test_french_cruller_may_stop_early_and_may_discard_nothing() -> None:
    game = GoNuts(3)
    state = position(3, row=["FC", "GL", "PO", "JF"])
    for seat, slot in enumerate((1, 2, 2)):
        state = game.apply(state, seat, Pick(slot))
    state = game.apply(state, 0, Done())
    assert pile(state) == ["GL"] and state.row[2:] == (CODES["PO"], CODES["JF"])


# Double Chocolate


def test_double_chocolate_keeps_one_and_only_the_taker_knows_the_card_put_back() -> None:
    game = GoNuts(3)
    state = position(3, row=["DC", "FC", "PO", "JF"])
    for seat, slot in enumerate((1, 2, 4)):
        state = game.apply(state, seat, Pick(slot))
    state = draw(game, draw(game, state, "JF"), "DH")
    assert game.to_act(state) == (0,)
    assert game.legal_actions(state, 0) == (card("DH"), card("JF"))
    assert game.view(state, 0)["power"]["drawn_cards"] == ["JF", "DH"]
    assert game.view(state, 1)["power"]["drawn_cards"] is None
    state = game.apply(state, 0, card("JF"))
    assert state.hands[0] == counts(["DC", "JF"])
    assert state.top == KnownTop(0, CODES["DH"])
    assert game.to_act(state) == (1,)
    assert game.view(state, 0)["deck_top"] == "DH"
    assert game.view(state, 1)["deck_top"] is None and game.view(state, None)["deck_top"] is None
    state = game.apply(state, 1, Done())
    assert state.row[0] == CODES["DH"] and state.top is None
    state = draw(game, draw(game, state, "MB"), "GL")
    assert state.row == tuple(CODES[code] for code in ("DH", "MB", "PO", "GL"))


def test_double_chocolate_asks_even_when_both_drawn_cards_match() -> None:
    game = GoNuts(3)
    state = take_first(game, position(3, row=["DC", "GL", "PO", "PL"]))
    state = draw(game, draw(game, state, "JF"), "JF")
    assert game.to_act(state) == (0,) and game.legal_actions(state, 0) == (card("JF"),)


def test_double_chocolate_with_one_card_in_the_deck_keeps_it() -> None:
    game = GoNuts(3)
    state = take_first(game, position(3, row=["DC", "GL", "PO", "PL"], deck=["JF"]))
    assert game.chance_outcomes(state) == ((Draw(CODES["JF"]), 1.0),)
    state = draw(game, state, "JF")
    assert state.hands[0] == counts(["DC", "JF"]) and state.top is None and state.over


def test_double_chocolate_with_an_empty_deck_does_nothing() -> None:
    game = GoNuts(3)
    state = take_first(game, position(3, row=["DC", "GL", "PO", "PL"], deck=[]))
    assert state.hands[0] == counts(["DC"]) and state.over


def test_double_chocolate_draws_a_known_top_card_first() -> None:
    game = GoNuts(3)
    state = take_first(game, position(3, row=["DC", "GL", "PO", "JF"], top=(2, "BC")))
    assert game.to_act(state) == (CHANCE,)
    state = draw(game, state, "PL")
    assert game.legal_actions(state, 0) == (card("PL"), card("BC"))


# Red Velvet


def test_red_velvet_takes_any_one_card_of_the_discard_pile() -> None:
    game = GoNuts(3)
    state = take_first(game, position(3, row=["RV", "GL", "PO", "JF"], discard=["PL", "GL", "PL"]))
    plain, glazed = CODES["PL"], CODES["GL"]
    assert game.legal_actions(state, 0) == (Retrieve(plain, 0), Retrieve(glazed, 0), Retrieve(plain, 1))
    state = game.apply(state, 0, Retrieve(plain, 1))
    assert state.hands[0] == counts(["RV", "PL"])
    assert pile(state) == ["GL", "PL", "JF"]


def test_red_velvet_with_an_empty_discard_pile_does_nothing() -> None:
    game = GoNuts(3)
    state = take_first(game, position(3, row=["RV", "GL", "PO", "JF"]))
    assert state.hands[0] == counts(["RV"]) and game.to_act(state) == (CHANCE,)


# Sprinkled


def test_sprinkled_gives_a_chosen_card_to_a_chosen_opponent() -> None:
    game = GoNuts(3)
    state = take_first(game, position(3, row=["SP", "GL", "PO", "JF"], hands=[["PL", "GL"]]))
    assert game.legal_actions(state, 0) == (card("GL"), card("PL"), card("SP"))
    state = game.apply(state, 0, card("GL"))
    assert game.legal_actions(state, 0) == (Opponent(1), Opponent(2))
    state = game.apply(state, 0, Opponent(2))
    assert state.hands[0] == counts(["PL", "SP"]) and state.hands[2] == counts(["GL"])


def test_sprinkled_holding_only_itself_must_be_given() -> None:
    game = GoNuts(3)
    state = take_first(game, position(3, row=["SP", "GL", "PO", "JF"]))
    assert game.legal_actions(state, 0) == (Opponent(1), Opponent(2))
    state = game.apply(state, 0, Opponent(1))
    assert state.hands[0] == counts([]) and state.hands[1] == counts(["SP"])


# Bear Claw


def test_bear_claw_takes_a_card_from_a_chosen_opponent() -> None:
    game = GoNuts(4)
    state = take_first(game, position(4, row=["BR", "GL", "PO", "JF", "DH"], hands=[[], ["PL"], [], ["GL", "JF"]]))
    assert game.legal_actions(state, 0) == (Opponent(1), Opponent(3))
    state = game.apply(state, 0, Opponent(3))
    assert game.legal_actions(state, 0) == (card("GL"), card("JF"))
    state = game.apply(state, 0, card("JF"))
    assert state.hands[0] == counts(["BR", "JF"]) and state.hands[3] == counts(["GL"])


def test_bear_claw_when_no_opponent_holds_a_card_does_nothing() -> None:
    game = GoNuts(4)
    state = take_first(game, position(4, row=["BR", "GL", "PO", "JF", "DH"]))
    assert state.hands[0] == counts(["BR"]) and game.to_act(state) == (CHANCE,)


# Cinnamon Twist


def test_cinnamon_twist_passes_are_secret_commitments_resolved_together() -> None:
    game = GoNuts(4)
    hands = [["PL", "JF"], ["GL", "DH"], ["PO", "JF"], ["DH"]]
    state = take_first(game, position(4, row=["CT", "GL", "PO", "JF", "DH"], hands=hands))
    assert game.to_act(state) == (0, 1, 2)
    assert game.legal_actions(state, 0) == (card("JF"), card("PL"))
    state = game.apply(state, 1, card("GL"))
    assert game.to_act(state) == (0, 2)
    assert state.hands[1] == counts(["GL", "DH"])
    assert game.view(state, 1)["power"]["my_pass"] == "GL"
    assert game.view(state, 0)["power"]["my_pass"] is None
    assert game.view(state, 0)["power"]["passed"] == [False, True, False, True]
    state = game.apply(state, 0, card("PL"))
    state = game.apply(state, 2, card("PO"))
    assert state.hands == (
        counts(["CT", "JF", "DH"]),
        counts(["DH", "PL"]),
        counts(["JF", "GL"]),
        counts(["PO"]),
    )


def test_cinnamon_twist_is_discarded_when_someone_has_no_card_to_pass() -> None:
    game = GoNuts(4)
    hands = [["PL"], ["GL"], [], ["DH"]]
    state = take_first(game, position(4, row=["CT", "GL", "PO", "JF", "DH"], hands=hands))
    assert state.hands[:2] == (counts(["PL"]), counts(["GL"])) and state.hands[3] == counts(["DH"])
    assert pile(state)[0] == "CT"


def test_cinnamon_twist_is_discarded_when_the_taker_has_only_the_twist() -> None:
    game = GoNuts(4)
    hands = [[], ["GL"], ["PO"], ["DH"]]
    state = take_first(game, position(4, row=["CT", "GL", "PO", "JF", "DH"], hands=hands))
    assert state.hands[0] == counts([]) and pile(state)[0] == "CT"


def test_cinnamon_twist_taker_may_pass_an_earlier_twist() -> None:
    game = GoNuts(4)
    hands = [["CT"], ["GL", "DH"], ["PO"], ["DH"]]
    state = take_first(game, position(4, row=["CT", "GL", "PO", "JF", "DH"], hands=hands))
    assert game.to_act(state) == (1,)
    state = game.apply(state, 1, card("DH"))
    assert state.hands[0] == counts(["CT", "DH"]) and state.hands[1] == counts(["GL", "CT"])


# Day-Old Donuts


def test_day_old_donuts_takes_up_to_three_cards_then_stops() -> None:
    game = GoNuts(4)
    state = take_first(game, position(4, row=["DO", "GL", "PO", "JF", "DH"], discard=["PL", "GL", "PO", "JF"]))
    jelly, powdered, glazed, plain = (CODES[code] for code in ("JF", "PO", "GL", "PL"))
    assert game.legal_actions(state, 0) == (Done(), *(Retrieve(card, 0) for card in (jelly, powdered, glazed, plain)))
    for taken in (glazed, jelly, plain):
        state = game.apply(state, 0, Retrieve(taken, 0))
    assert game.to_act(state) == (CHANCE,)
    assert state.hands[0] == counts(["DO", "GL", "JF", "PL"])
    assert pile(state) == ["PO", "DH"]


def test_day_old_donuts_may_take_fewer() -> None:
    game = GoNuts(4)
    state = take_first(game, position(4, row=["DO", "GL", "PO", "JF", "DH"], discard=["PL", "GL"]))
    state = game.apply(game.apply(state, 0, Retrieve(CODES["PL"], 0)), 0, Done())
    assert state.hands[0] == counts(["DO", "PL"]) and pile(state) == ["GL", "DH"]


# Milk


def test_milk_with_fewer_than_three_other_cards_is_discarded() -> None:
    game = GoNuts(4)
    state = take_first(game, position(4, row=["MI", "GL", "PO", "JF", "DH"], hands=[["PL", "GL"]]))
    assert state.hands[0] == counts(["PL", "GL"]) and pile(state)[0] == "MI"


def test_milk_discards_three_other_cards_in_the_order_listed() -> None:
    game = GoNuts(4)
    state = take_first(game, position(4, row=["MI", "GL", "PO", "JF", "DH"], hands=[["PL", "GL", "PO", "JF"]]))
    assert game.legal_actions(state, 0) == (Forfeit(), card("GL"), card("JF"), card("PL"), card("PO"))
    state = game.apply(state, 0, card("PO"))
    assert Forfeit() not in game.legal_actions(state, 0) and card("MI") not in game.legal_actions(state, 0)
    state = game.apply(game.apply(state, 0, card("GL")), 0, card("JF"))
    assert state.hands[0] == counts(["PL", "MI"])
    assert pile(state) == ["PO", "GL", "JF", "DH"]


def test_milk_may_be_discarded_instead() -> None:
    game = GoNuts(4)
    state = take_first(game, position(4, row=["MI", "GL", "PO", "JF", "DH"], hands=[["PL", "GL", "PO"]]))
    state = game.apply(state, 0, Forfeit())
    assert state.hands[0] == counts(["PL", "GL", "PO"]) and pile(state) == ["MI", "DH"]


# Raspberry Frosted


def test_raspberry_frosted_discards_one_other_card() -> None:
    game = GoNuts(5)
    state = take_first(game, position(5, row=["RF", "GL", "PO", "JF", "DH", "PL"], hands=[["PL", "GL"]]))
    assert game.legal_actions(state, 0) == (card("GL"), card("PL"))
    state = game.apply(state, 0, card("PL"))
    assert state.hands[0] == counts(["GL", "RF"]) and pile(state)[0] == "PL"


def test_raspberry_frosted_with_no_other_card_discards_itself() -> None:
    game = GoNuts(5)
    state = take_first(game, position(5, row=["RF", "GL", "PO", "JF", "DH", "PL"]))
    assert state.hands[0] == counts([]) and pile(state)[0] == "RF"


# Strawberry Glazed


def test_strawberry_glazed_discards_a_card_an_opponent_holds() -> None:
    game = GoNuts(5)
    state = take_first(game, position(5, row=["SG", "GL", "PO", "JF", "DH", "PL"], hands=[[], [], ["PL", "GL"]]))
    assert game.legal_actions(state, 0) == (card("GL"), card("PL"))
    state = game.apply(state, 0, card("GL"))
    assert state.hands[2] == counts(["PL"]) and pile(state)[0] == "GL" and state.hands[0] == counts(["SG"])


def test_strawberry_glazed_when_no_opponent_holds_a_card_is_kept() -> None:
    game = GoNuts(5)
    state = take_first(game, position(5, row=["SG", "GL", "PO", "JF", "DH", "PL"]))
    assert state.hands[0] == counts(["SG"]) and pile(state) == ["PL"]
