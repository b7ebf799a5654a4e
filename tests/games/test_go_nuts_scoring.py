"""Go Nuts scoring (rules/go-nuts.md, "Scoring"): every kind, the check figure, ties and tie-breaks."""

import pytest

from holesome.games.go_nuts import GoNuts, Pick
from holesome.games.go_nuts.cards import CODES
from holesome.games.go_nuts.scenario import counts, position
from holesome.games.go_nuts.scoring import breakdown, score, types, winners
from holesome.games.go_nuts.state import GoNutsState

FILLER = ["GL", "PO", "JF", "DH", "PL", "BC", "FC"]
"""Cards of distinct kinds, to give a hand more types."""


def points(*hands: list[str]) -> int:
    """Seat 0's points when the seats hold these hands."""
    return score([counts(hand) for hand in hands], 0)


@pytest.mark.parametrize(
    ("code", "each"),
    [
        ("CF", 0),
        ("EC", 0),
        ("DC", 0),
        ("RF", 0),
        ("GL", 2),
        ("FC", 2),
        ("SP", 2),
        ("PO", 3),
        ("CT", 1),
        ("MI", 5),
        ("RV", -2),
        ("BR", -2),
        ("SG", -2),
    ],
)
def test_kinds_that_score_the_same_for_each_card(code: str, each: int) -> None:
    assert points([code]) == each
    assert points([code, code]) == 2 * each


def test_day_old_donuts_scores_minus_seven() -> None:
    assert points(["DO"]) == -7


@pytest.mark.parametrize(
    ("code", "table"),
    [
        ("DH", [1, 3, 6, 10, 15, 15]),
        ("JF", [0, 5, 5, 10, 10, 15]),
        ("BC", [0, 6, 0, 15, 0, 25]),
    ],
)
def test_sets_score_by_how_many_cards(code: str, table: list[int]) -> None:
    assert [points([code] * count) for count in range(1, len(table) + 1)] == table


def test_plain_single_most_scores_three_more() -> None:
    assert points(["PL", "PL"], ["PL"], []) == 2 + 3
    assert points(["PL"], ["PL", "PL"]) == 1


def test_plain_tied_for_most_score_one_more_each() -> None:
    hands = [counts(["PL", "PL"]), counts(["PL", "PL"]), counts(["PL"])]
    assert [score(hands, seat) for seat in range(3)] == [3, 3, 1]


def test_plain_bonus_needs_at_least_one_plain() -> None:
    assert points(["GL"], []) == 2


def test_maple_bar_needs_seven_or_more_types() -> None:
    six = ["MB", *FILLER[:5]]
    seven = ["MB", *FILLER[:6]]
    assert types(counts(six)) == 6 and types(counts(seven)) == 7
    assert breakdown([counts(six)], 0)[CODES["MB"]] == 0
    assert points(seven) - points(FILLER[:6]) == 3
    assert points([*seven, "MB"]) - points(FILLER[:6]) == 6


def test_mucho_matcha_needs_six_or_fewer_types() -> None:
    six = ["MM", *FILLER[:5]]
    seven = ["MM", *FILLER[:6]]
    assert points(six) - points(FILLER[:5]) == 3
    assert points(seven) - points(FILLER[:6]) == 0
    assert points(["MM", "MM"]) == 6


def test_old_fashioned_needs_nine_or_fewer_cards() -> None:
    nine = ["OF", *["GL"] * 8]
    assert points(nine) == 5 + 16
    assert points([*nine, "GL"]) == 18


def test_maple_frosted_scores_for_the_fewest_cards_ties_included() -> None:
    assert points(["MF"], ["GL", "GL"]) == 5
    assert points(["MF"], ["GL"]) == 5
    assert points(["MF", "MF"], ["GL", "GL"]) == 10
    assert points(["MF", "GL"], ["GL"]) == 2
    assert points(["MF"], [], ["GL"]) == 0


def test_coffee_scores_one_per_negative_card_held() -> None:
    assert points(["CO"]) == 0
    assert points(["CO", "RV", "BR", "SG", "DO"]) == 4 - 2 - 2 - 2 - 7
    assert points(["CO", "CO", "BR"]) == 2 * 1 - 2


def test_check_figure() -> None:
    hand = ["PL"] * 3 + ["GL"] * 2 + ["DH"] * 4 + ["BC"] * 2 + ["CO", "BR", "DO"]
    assert len(hand) == 14 and types(counts(hand)) == 7
    others = [["PL", "PL"]] * 3
    assert points(hand, *others) == 19


def test_winner_has_most_points_then_most_cards_then_shares() -> None:
    assert winners([counts(["PO"]), counts(["GL"])]) == (0,)
    assert winners([counts(["PO"]), counts(["GL", "CT"])]) == (1,)
    assert winners([counts(["PO", "CF"]), counts(["GL", "CT"]), counts(["CT", "CT", "CT"])]) == (2,)
    assert winners([counts(["PO", "CF"]), counts(["GL", "CT"]), counts(["PO"])]) == (0, 1)


def finished(hands: list[list[str]]) -> GoNutsState:
    """A finished 3-player game with these hands: the deck is empty, so the first refill ends it."""
    return position(3, row=["GL", "PO", "JF", "PL"], hands=hands, deck=[])


def test_outcome_scores_winners_and_details() -> None:
    game = GoNuts(3)
    state = finished([["PO", "CF"], ["PL"], ["GL"]])
    for seat, slot in enumerate((4, 4, 4)):
        state = game.apply(state, seat, Pick(slot))
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.scores == (3.0, 4.0, 2.0) and outcome.winners == (1,)
    assert outcome.details["cards"] == [2, 1, 1]
    assert outcome.details["points"][1] == {"PL": 4}


def test_score_is_the_end_scoring_of_the_cards_held_now() -> None:
    game = GoNuts(5)
    hands = [["PL", "PL", "MF"], ["PL"], ["GL", "GL", "GL", "GL"]]
    state = position(5, row=["GL", "PO", "JF", "PL", "DH", "BC"], hands=hands)
    assert game.outcome(state) is None
    assert [game.score(state, seat) for seat in range(5)] == [2.0 + 3.0, 1.0, 8.0, 0.0, 0.0]
    hands = [["PL", "PL", "MF"], ["PL", "GL", "GL"], ["GL", "GL", "PO"], ["DH"] * 3, ["JF"] * 3]
    level = position(5, row=["GL", "PO", "JF", "PL", "DH", "BC"], hands=hands)
    assert game.score(level, 0) == 2.0 + 3.0 + 5.0
