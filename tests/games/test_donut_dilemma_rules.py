"""Donut Dilemma scenarios: one test per rule and ruling of rules/donut-dilemma.md.

Rounds are played through the rules with each seat's submission in notation, e.g. `"a 11 g g"`:
end in bakery A, bake 11 Plain, then two Glazed (`done` is added where the chain is not over).
"""

from collections import Counter
from collections.abc import Mapping

import pytest

from holesome.core.errors import IllegalAction, InvalidOption
from holesome.core.game import Json
from holesome.games.donut_dilemma import Bakery, DilemmaState, DonutDilemma, Move, Plain, Points, Special
from holesome.games.donut_dilemma.actions import DONE, SKIP
from holesome.games.donut_dilemma.components import Donut
from holesome.games.donut_dilemma.state import Submission

FIVE = ["A", "A", "B", "C", "D"]
QUIET = ("a 0", "a 0", "b 0", "c 0", "d 0")
"""Everyone of `FIVE` stays and bakes nothing."""


def play_round(game: DonutDilemma, state: DilemmaState, *chains: str) -> DilemmaState:
    """Play one round: each seat's submission as notation words, seat by seat."""
    assert len(chains) == game.players
    number = state.round
    for seat, chain in enumerate(chains):
        for word in chain.split():
            state = game.apply(state, seat, game.parse_action(state, seat, word))
        if state.round == number and seat in game.to_act(state):
            state = game.apply(state, seat, DONE)
    assert state.round == number + 1, "the round did not resolve"
    return state


def five(**options: object) -> tuple[DonutDilemma, DilemmaState]:
    """A 5-player game with seats starting A, A, B, C, D (unless the options say otherwise)."""
    game = DonutDilemma(5, **{"start": FIVE, **options})
    return game, game.start(0)


def points(state: DilemmaState, seat: int) -> Points:
    """The seat's points in the last round played."""
    return state.history[-1].points[seat]


# Setup.


@pytest.mark.parametrize("seed", range(5))
def test_ten_players_start_two_in_each_bakery(seed: int) -> None:
    state = DonutDilemma().start(seed)
    assert len(state.starts) == 10
    assert Counter(state.starts) == dict.fromkeys(Bakery, 2)
    assert state.bakeries == state.starts


def test_starting_bakeries_are_dealt_from_the_seed() -> None:
    game = DonutDilemma()
    assert game.start(3) == game.start(3)
    assert len({game.start(seed).starts for seed in range(10)}) > 1


@pytest.mark.parametrize("players", range(3, 10))
def test_fewer_players_are_dealt_as_evenly_as_possible(players: int) -> None:
    for seed in range(5):
        counts = Counter(DonutDilemma(players).start(seed).starts)
        assert sum(counts.values()) == players
        per_bakery = [counts.get(bakery, 0) for bakery in Bakery]
        assert max(per_bakery) - min(per_bakery) <= 1


def test_option_start_sets_the_starting_bakeries() -> None:
    game = DonutDilemma(3, start=["e", "E", "b"])
    assert game.start(9).starts == (Bakery.E, Bakery.E, Bakery.B)


def test_garnets_default_to_none_and_the_option_sets_them() -> None:
    assert DonutDilemma(3).start(0).garnets == (0, 0, 0)
    assert DonutDilemma(3, garnets=[2, 0, 5]).start(0).garnets == (2, 0, 5)


@pytest.mark.parametrize(
    "options",
    [
        {"start": ["A", "B"]},
        {"start": ["A", "B", "F"]},
        {"garnets": [1, 2]},
        {"garnets": [1, -1, 0]},
        {"garnets": [1, "x", 0]},
        {"rounds": 0},
        {"colour": "red"},
    ],
)
def test_bad_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(InvalidOption):
        DonutDilemma(3, **options)


@pytest.mark.parametrize("players", [2, 11])
def test_player_counts_outside_3_to_10_are_refused(players: int) -> None:
    with pytest.raises(InvalidOption):
        DonutDilemma(players)


def test_four_rounds_by_default_and_option_rounds() -> None:
    for rounds, game_state in ((4, five()), (2, five(rounds=2))):
        game, state = game_state
        for _ in range(rounds):
            assert game.outcome(state) is None
            state = play_round(game, state, *QUIET)
        assert game.outcome(state) is not None
        assert game.to_act(state) == ()


# The submission chain.


def test_a_move_stays_or_goes_to_a_neighbour_on_the_ring() -> None:
    game, state = five()
    assert game.legal_actions(state, 0) == (Move(Bakery.A), Move(Bakery.B), Move(Bakery.E), SKIP)
    assert game.legal_actions(state, 4) == (Move(Bakery.C), Move(Bakery.D), Move(Bakery.E), SKIP)
    for far in (Bakery.C, Bakery.D):
        with pytest.raises(IllegalAction):
            game.apply(state, 0, Move(far))


def test_where_you_end_is_where_you_start_next_round() -> None:
    game, state = five()
    state = play_round(game, state, "e 0", "b 0", "b 0", "c 0", "d 0")
    assert state.bakeries == (Bakery.E, Bakery.B, Bakery.B, Bakery.C, Bakery.D)
    assert game.legal_actions(state, 0) == (Move(Bakery.A), Move(Bakery.D), Move(Bakery.E), SKIP)


def test_stay_names_your_own_bakery() -> None:
    game, state = five()
    assert game.parse_action(state, 3, "stay") == Move(Bakery.C)


def test_plain_is_0_to_11_without_garnets() -> None:
    game, state = five()
    state = game.apply(state, 0, Move(Bakery.A))
    assert game.legal_actions(state, 0) == (*(Plain(count) for count in range(12)), SKIP)
    with pytest.raises(IllegalAction):
        game.apply(state, 0, Plain(12))


def test_each_garnet_buys_one_more_plain() -> None:
    game, state = five(garnets=[0, 2, 0, 0, 0])
    state = game.apply(state, 1, Move(Bakery.A))
    assert game.legal_actions(state, 1)[-2:] == (Plain(13), SKIP)
    with pytest.raises(IllegalAction):
        game.apply(state, 1, Plain(14))


def test_spent_garnets_are_gone() -> None:
    game, state = five(garnets=[0, 3, 0, 0, 0])
    state = play_round(game, state, "a 0", "b 13", "b 0", "c 0", "d 0")
    assert state.garnets == (0, 1, 0, 0, 0)
    state = game.apply(state, 1, Move(Bakery.B))
    assert game.legal_actions(state, 1)[-2:] == (Plain(12), SKIP)


def test_garnet_plain_scores_like_any_plain() -> None:
    game, state = five(garnets=[0, 2, 0, 0, 0])
    state = play_round(game, state, "a 0", "e 13", "b 0", "c 0", "d 0")
    assert points(state, 1).plain == 13


def test_specials_stop_at_the_allowance() -> None:
    game, state = five()
    for action in (Move(Bakery.A), Plain(3), Special(Donut.GLAZED)):
        state = game.apply(state, 0, action)
    assert 0 not in game.to_act(state)
    assert state.pending[0].done


def test_done_ends_the_submission_early() -> None:
    game, state = five()
    for action in (Move(Bakery.A), Plain(3), DONE):
        state = game.apply(state, 0, action)
    assert 0 not in game.to_act(state)
    assert state.pending[0].specials == ()


def test_the_round_resolves_when_the_last_player_is_done() -> None:
    game, state = five()
    for seat, chain in enumerate(QUIET[:-1]):
        for word in [*chain.split(), "done"]:
            state = game.apply(state, seat, game.parse_action(state, seat, word))
    assert game.to_act(state) == (4,)
    assert state.history == ()
    state = game.apply(state, 4, Move(Bakery.D))
    state = game.apply(state, 4, Plain(0))
    assert state.history == ()
    state = game.apply(state, 4, DONE)
    assert len(state.history) == 1
    assert game.to_act(state) == (0, 1, 2, 3, 4)


def test_rainbow_numbers_run_to_the_largest_round_total_possible() -> None:
    game = DonutDilemma()
    assert game.menus.rainbow_max == (120, 130, 140, 150)
    with_garnets = DonutDilemma(3, garnets=[1, 0, 4], rounds=2)
    assert with_garnets.menus.rainbow_max == (3 * 12 + 5, 3 * 13 + 5)
    state = with_garnets.start(0)
    for action in (Move(state.bakeries[0]), Plain(0)):
        state = with_garnets.apply(state, 0, action)
    legal = with_garnets.legal_actions(state, 0)
    rainbows = [action.number for action in legal if isinstance(action, Special) and action.donut is Donut.RAINBOW]
    assert rainbows == list(range(3 * 12 + 5 + 1))


def test_a_seat_out_of_time_mid_submission_stays_and_bakes_nothing() -> None:
    game, state = five()
    state = game.apply(state, 2, Move(Bakery.C))
    state = game.apply(state, 2, Plain(11))
    state = game.apply(state, 3, Move(Bakery.D))
    assert {game.default_action(state, seat) for seat in range(5)} == {SKIP}
    for seat in range(5):
        state = game.apply(state, seat, game.default_action(state, seat))
    assert state.round == 2, "one default action ends a seat's turn"
    assert state.bakeries == (Bakery.A, Bakery.A, Bakery.B, Bakery.C, Bakery.D), "everyone stayed"
    assert state.history[-1].bakery_totals == (0, 0, 0, 0, 0)
    assert state.history[-1].submissions[2] == Submission(Bakery.B, 0, done=True)
    assert points(state, 2).total == 0


def test_a_seat_may_skip_a_round_at_any_step_and_a_finished_submission_stands() -> None:
    game, state = five()
    state = game.apply(state, 0, Move(Bakery.B))
    state = game.apply(state, 0, Plain(5))
    state = game.apply(state, 0, SKIP)
    state = play_round(game, state, "", "a 3", "b 2", "c 0", "d 1")
    assert state.bakeries[0] is Bakery.A and state.history[-1].bakery_totals == (3, 2, 0, 1, 0)


# Bakery totals.


def test_a_bakery_total_counts_plain_and_specials_of_those_who_ended_there() -> None:
    game, state = five()
    state = play_round(game, state, "b 3 g", "a 2 j", "b 4", "c 0", "d 0")
    assert state.history[-1].bakery_totals == (3, 8, 0, 0, 0)


def test_coffee_counts_where_it_is_baked() -> None:
    game, state = five()
    state = play_round(game, state, "a 5 cc", "a 2 ca", "b 0", "c 1", "d 0")
    assert state.history[-1].bakery_totals == (8, 0, 2, 0, 0)
    assert state.history[-1].total == 10


def test_the_round_total_is_the_sum_over_the_bakeries() -> None:
    game, state = five()
    state = play_round(game, state, "a 5 ce", "b 2 r7", "b 1", "c 11 s", "e 3")
    result = state.history[-1]
    assert result.total == sum(result.bakery_totals) == 6 + 3 + 1 + 12 + 3


# Scoring.


def test_plain_scores_at_13_or_less_and_not_above() -> None:
    game, state = five()
    state = play_round(game, state, "a 11", "a 2", "b 11", "b 3", "d 1")
    assert points(state, 0).plain == 11
    assert points(state, 1).plain == 2
    assert points(state, 2).plain == 0
    assert points(state, 3).plain == 0
    assert points(state, 4).plain == 1


def test_glazed_scores_one_each_and_saves_plain_above_13() -> None:
    game, state = five()
    state = play_round(game, state, "a 11 g", "a 11", "b 0", "c 0", "d 0")
    assert points(state, 0) == Points(plain=11, glazed=1)
    assert points(state, 1) == Points()


def test_glazed_lasts_one_round_only() -> None:
    game, state = five()
    state = play_round(game, state, "a 11 g", "a 11", "b 0", "c 0", "d 0")
    state = play_round(game, state, "a 11", "a 11", "b 0", "c 0", "d 0")
    assert points(state, 0) == Points()


def test_check_figure_11_plain_2_glazed_in_a_bakery_of_15_score_13() -> None:
    game, state = five()
    state = play_round(game, state, "a 0 j", *QUIET[1:])
    assert state.allowances[0] == 2
    state = play_round(game, state, "a 11 g g", "a 2", "b 0", "c 0", "d 0")
    assert state.history[-1].bakery_totals[0] == 15
    assert points(state, 0).total == 13


def test_check_figure_two_rainbows_of_50_with_round_total_50_score_100() -> None:
    game, state = five()
    state = play_round(game, state, "a 0 j", *QUIET[1:])
    state = play_round(game, state, "a 0 r50 r50", "a 11 g", "b 11 g", "c 11 g", "d 11 g")
    assert state.history[-1].total == 50
    assert points(state, 0).rainbow == 100


def test_each_rainbow_scores_separately() -> None:
    game, state = five()
    state = play_round(game, state, "a 0 j", *QUIET[1:])
    state = play_round(game, state, "a 0 r50 r60", "a 11 g", "b 11 g", "c 11 g", "d 11 g")
    assert points(state, 0).rainbow == 50


def test_rainbow_scores_only_the_exact_round_total_whatever_the_bakery() -> None:
    game, state = five()
    state = play_round(game, state, "a 11 r30", "a 11 r29", "b 0 r30", "c 0", "d 5")
    assert state.history[-1].total == 30
    assert [points(state, seat).rainbow for seat in range(3)] == [30, 0, 30]


@pytest.mark.parametrize(
    ("chains", "expected"),
    [
        (("a 11 s", "b 0 ca", "b 0", "c 0", "d 0"), 8),
        (("a 11 s", "a 1", "b 0", "c 0", "d 0"), 16),
        (("a 10 s", "a 1", "a 1", "c 0", "d 0"), 24),
    ],
    ids=["one present (13 with a Coffee from outside)", "two present", "three present"],
)
def test_strawberry_scores_8_per_player_present_at_exactly_13(chains: tuple[str, ...], expected: int) -> None:
    game, state = five()
    state = play_round(game, state, *chains)
    assert state.history[-1].bakery_totals[0] == 13
    assert points(state, 0).strawberry == expected


def test_strawberry_scores_nothing_under_13() -> None:
    game, state = five()
    state = play_round(game, state, "a 10 s", "a 1", "b 0", "c 0", "d 0")
    assert state.history[-1].bakery_totals[0] == 12
    assert points(state, 0).strawberry == 0


def test_strawberry_scores_nothing_above_13() -> None:
    game, state = five()
    state = play_round(game, state, "a 11 s", "a 2", "b 0", "c 0", "d 0")
    assert state.history[-1].bakery_totals[0] == 14
    assert points(state, 0).strawberry == 0


def test_each_strawberry_scores_separately() -> None:
    game, state = five()
    state = play_round(game, state, "a 0 j", *QUIET[1:])
    state = play_round(game, state, "a 10 s s", "a 1", "b 0", "c 0", "d 0")
    assert points(state, 0).strawberry == 2 * 8 * 2


def test_coffee_scores_4_per_player_who_ended_in_its_bakery() -> None:
    game, state = five()
    state = play_round(game, state, "a 0 cc", "b 11 g", "b 0", "c 11", "d 0")
    assert points(state, 0).coffee == 4 * 1
    state = play_round(game, state, "a 0 cb", "b 11 g", "b 5", "b 11", "c 0")
    assert state.history[-1].bakery_totals[1] > 13
    assert points(state, 0).coffee == 4 * 3


def test_coffee_baked_elsewhere_does_not_count_in_your_bakery() -> None:
    game, state = five()
    state = play_round(game, state, "a 10 s", "a 2 cb", "b 0", "c 0", "d 0")
    assert state.history[-1].bakery_totals[:2] == (13, 1)
    assert points(state, 0).strawberry == 16
    assert points(state, 1).coffee == 4 * 1


def test_coffee_in_an_empty_bakery_scores_nothing() -> None:
    game, state = five()
    state = play_round(game, state, "a 0 ce", *QUIET[1:])
    assert points(state, 0).coffee == 0


def test_jelly_scores_nothing_and_adds_one_special_next_round_only() -> None:
    game, state = five()
    state = play_round(game, state, "a 0 j", *QUIET[1:])
    assert points(state, 0) == Points()
    assert state.allowances == (2, 1, 1, 1, 1)
    state = play_round(game, state, "a 0 j j", *QUIET[1:])
    assert state.allowances[0] == 3
    state = play_round(game, state, "a 0 j g", *QUIET[1:])
    assert state.allowances[0] == 2
    state = play_round(game, state, "a 0 g", *QUIET[1:])
    assert state.allowances[0] == 1


# Announcements and the end.


def test_placement_counts_the_players_with_at_least_your_score() -> None:
    game, state = five()
    state = play_round(game, state, "a 5", "e 5", "b 3", "c 0", "d 0")
    assert state.scores == (5, 5, 3, 0, 0)
    assert state.history[-1].placements == (2, 2, 3, 5, 5)


def details(game: DonutDilemma, state: DilemmaState) -> Mapping[str, Json]:
    """The finished game's outcome details."""
    outcome = game.outcome(state)
    assert outcome is not None
    return outcome.details


def _finish(game: DonutDilemma, state: DilemmaState) -> DilemmaState:
    while game.outcome(state) is None:
        state = play_round(game, state, *QUIET)
    return state


def test_the_winner_has_most_points_and_the_loser_fewest() -> None:
    game, state = five(rounds=1)
    state = _finish(game, play_round(game, state, "a 5", "e 6", "b 3", "c 0", "d 2"))
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.winners == (1,)
    assert outcome.details["elimination_candidates"] == [3]
    assert outcome.scores == (5.0, 6.0, 3.0, 0.0, 2.0)


def test_ties_share_the_win_and_the_elimination() -> None:
    game, state = five(rounds=1)
    state = play_round(game, state, "a 5", "e 5", "b 3", "c 0", "d 0")
    outcome = game.outcome(state)
    assert outcome is not None
    assert outcome.winners == (0, 1)
    assert outcome.values == (0.5, 0.5, 0.0, 0.0, 0.0)
    assert outcome.details["elimination_candidates"] == [3, 4]


def test_garnet_awards_winner_3_else_2_at_60_else_1_at_50_never_added() -> None:
    game, state = five(start=["A", "B", "C", "D", "E"], garnets=[0, 0, 0, 0, 1], rounds=1)
    state = play_round(game, state, "a 1 r51", "b 11 r51", "c 11 g", "d 11 r51", "e 12 r51")
    assert state.history[-1].total == 51
    assert state.scores == (52, 62, 12, 62, 63)
    assert details(game, state)["garnet_awards"] == [1, 2, 0, 2, 3]


def test_garnet_awards_start_at_exactly_50_and_60() -> None:
    game, state = five(start=["A", "B", "C", "D", "E"], garnets=[0, 0, 0, 0, 1], rounds=1)
    state = play_round(game, state, "a 1 r49", "b 11 r49", "c 9 g", "d 11 g", "e 12 r49")
    assert state.scores == (50, 60, 10, 12, 61)
    assert details(game, state)["garnet_awards"] == [1, 2, 0, 0, 3]


def test_tied_winners_each_earn_the_winners_garnets() -> None:
    game, state = five(rounds=1)
    state = play_round(game, state, "a 5", "e 5", "b 3", "c 0", "d 0")
    assert details(game, state)["garnet_awards"] == [3, 3, 0, 0, 0]


def test_prize_pool_bonus_when_every_plain_of_rounds_1_and_2_scored() -> None:
    game, state = five()
    state = play_round(game, state, "a 6", "a 7", "b 11 g", "b 11 g", "d 0")
    state = play_round(game, state, "a 6", "a 7", "b 0", "c 0", "d 9")
    state = play_round(game, state, "a 11", "a 11", "b 0", "c 0", "d 0")
    state = _finish(game, state)
    assert details(game, state)["prize_pool_bonus"] is True


def test_no_prize_pool_bonus_when_a_plain_of_round_2_failed() -> None:
    game, state = five()
    state = play_round(game, state, "a 6", "a 7", "b 0", "c 0", "d 0")
    state = play_round(game, state, "a 6", "a 8", "b 0", "c 0", "d 0")
    state = _finish(game, state)
    assert details(game, state)["prize_pool_bonus"] is False
