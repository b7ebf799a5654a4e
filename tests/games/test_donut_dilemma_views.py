"""Donut Dilemma's views and determinize: the announcements, and secrets that stay secret."""

import json
import random
from dataclasses import replace
from typing import TypeVar

import pytest
from tests.games.donut_dilemma_twins import scramble

from holesome.core.game import View
from holesome.games.donut_dilemma import (
    Action,
    Bakery,
    DilemmaState,
    DonutDilemma,
    Move,
    Plain,
    Points,
)
from holesome.games.donut_dilemma.actions import DONE
from holesome.games.donut_dilemma.scoring import resolve
from holesome.games.donut_dilemma.state import EMPTY

T = TypeVar("T")


def random_states(game: DonutDilemma, seed: int) -> list[DilemmaState]:
    """Every state of one random game, in order."""
    rng = random.Random(seed)
    state = game.start(seed)
    states = [state]
    while game.outcome(state) is None:
        seat = rng.choice(game.to_act(state))
        state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        states.append(state)
    return states


GAMES = [DonutDilemma(), DonutDilemma(3), DonutDilemma(6, garnets=[0, 2, 0, 1, 0, 0], rounds=3)]


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_no_view_shows_another_players_bakery_or_submission(game: DonutDilemma) -> None:
    rng = random.Random(1)
    checked = 0
    for state in random_states(game, seed=game.players)[:-1:2]:
        for seat in [None, *range(game.players)]:
            view = game.view(state, seat)
            other = scramble(state, seat, rng)
            assert other != state
            assert game.view(other, seat) == view
            checked += 1
    assert checked >= 40


def test_the_scrambled_twin_differs_in_every_other_seats_secrets() -> None:
    game = DonutDilemma()
    state = random_states(game, seed=4)[45]
    other = scramble(state, 0, random.Random(0))
    assert other.bakeries[1:] != state.bakeries[1:]
    assert other.pending[1:] != state.pending[1:]
    assert other.bakeries[0] == state.bakeries[0]
    assert other.pending[0] == state.pending[0]


def test_every_view_announces_the_round_total_and_bakery_totals_only() -> None:
    game = DonutDilemma()
    states = random_states(game, seed=2)
    middle = next(state for state in states if len(state.history) == 2)
    expected = [
        {
            "round": number,
            "total": result.total,
            "bakeries": dict(zip([bakery.value for bakery in Bakery], result.bakery_totals, strict=True)),
        }
        for number, result in enumerate(middle.history, start=1)
    ]
    for seat in [None, *range(game.players)]:
        view = game.view(middle, seat)
        assert view["announcements"] == expected
        assert view["last"] == expected[-1]
        assert view["final"] is None
        assert view["outcome"] is None


def test_a_seat_learns_its_own_score_and_placement() -> None:
    game = DonutDilemma(5, start=["A", "A", "B", "C", "D"])
    state = game.start(0)
    for seat, words in enumerate(["a 5 done", "e 5 done", "b 3 done", "c 0 done", "d 0 done"]):
        for word in words.split():
            state = game.apply(state, seat, game.parse_action(state, seat, word))
    views = [game.view(state, seat) for seat in range(5)]
    assert [view["me"]["score"] for view in views] == [5, 5, 3, 0, 0]
    assert [view["me"]["placement"] for view in views] == [2, 2, 3, 5, 5]
    assert views[1]["me"]["bakery"] == "E"
    assert views[1]["me"]["rounds"][0]["points"] == 5, "a round's points are heard as one number"
    assert game.view(state, None)["me"] is None


def test_a_seat_hears_its_round_points_as_one_number_not_split_by_kind() -> None:
    """The Ruling's case: Strawberry 16 + Coffee 0 and Strawberry 8 + Coffee 8 sound the same."""
    game = DonutDilemma(5, start=["A", "A", "B", "C", "D"])
    state = random_states(game, seed=1)[-1]
    history = list(state.history)
    first = history[0]
    split = [Points(strawberry=16), Points(strawberry=8, coffee=8)]
    twins = [
        replace(state, history=(replace(first, points=(points, *first.points[1:])), *history[1:])) for points in split
    ]
    views = [game.view(twin, 0)["me"]["rounds"][0] for twin in twins]
    assert views[0] == views[1]
    assert views[0]["points"] == 16


@pytest.mark.parametrize("start", [["A", "A", "B", "C", "D"], ["B", "C", "B", "D", "B"]])
def test_a_seat_knows_its_starting_partners_for_the_whole_game(start: list[str]) -> None:
    game = DonutDilemma(5, start=start)
    for state in random_states(game, seed=6)[::7]:
        for seat in range(5):
            expected = [other for other in range(5) if start[other] == start[seat] and other != seat]
            assert game.view(state, seat)["me"]["partners"] == expected


def test_two_games_differing_only_in_the_partner_give_different_views() -> None:
    game = DonutDilemma()
    base = game.start(0)
    partner = next(other for other in range(1, 10) if base.starts[other] is base.starts[0])
    stranger = next(other for other in range(1, 10) if base.starts[other] is not base.starts[0])
    starts = list(base.starts)
    starts[partner], starts[stranger] = starts[stranger], starts[partner]
    swapped = replace(base, starts=tuple(starts), bakeries=tuple(starts))
    assert game.view(base, 0)["me"]["partners"] == [partner]
    assert game.view(swapped, 0)["me"]["partners"] == [stranger]


def test_the_end_announces_every_final_score_and_bakery() -> None:
    game = DonutDilemma()
    final = random_states(game, seed=3)[-1]
    for seat in [None, 0, 9]:
        view = game.view(final, seat)
        assert view["final"] == {
            "scores": list(final.scores),
            "bakeries": [bakery.value for bakery in final.bakeries],
        }
        assert view["outcome"]["details"]["final_bakeries"] == view["final"]["bakeries"]


def test_views_are_plain_json_with_the_contract_keys() -> None:
    game = DonutDilemma()
    for state in random_states(game, seed=5)[::17]:
        for seat in [None, 0]:
            view: View = game.view(state, seat)
            assert json.loads(json.dumps(view)) == view
            assert {"game", "seat", "to_act", "prompt"} <= set(view)
            assert view["game"] == "donut-dilemma"


# Determinize.


def _replays(game: DonutDilemma, state: DilemmaState, seat: int) -> None:
    """The seat's pending submission is one its menus allow, step by step."""
    target = state.pending[seat]
    actions: list[Action] = [] if target.move is None else [Move(target.move)]
    actions += [] if target.plain is None else [Plain(target.plain)]
    actions += target.specials
    if target.done and len(target.specials) < state.allowances[seat]:
        actions.append(DONE)
    replay = state.with_pending(seat, EMPTY)
    for action in actions:
        assert game.is_legal(replay, seat, action)
        replay = replay.with_pending(
            seat, replay.pending[seat].after(action, state.allowances[seat], state.bakeries[seat])
        )
    assert replay.pending[seat] == target


def _keeps_what_the_seat_knows(game: DonutDilemma, real: DilemmaState, sample: DilemmaState, seat: int) -> None:
    """`sample` looks the same to `seat` and to spectators, and every hidden submission is legal."""
    assert game.view(sample, seat) == game.view(real, seat)
    assert game.view(sample, None) == game.view(real, None)
    for other in range(game.players):
        assert sample.pending[other].done == real.pending[other].done
        _replays(game, sample, other)
    for result in sample.history:
        assert all(sub.move is not None and sub.plain is not None and sub.done for sub in result.submissions)


def _explains(real: DilemmaState, sample: DilemmaState, seat: int) -> bool:
    """Whether the sampled history, scored again, gives every announcement and the seat's results."""
    before = (0,) * len(real.pending)
    for seen, remade in zip(real.history, sample.history, strict=True):
        again = resolve(remade.submissions, before)
        if (again.bakery_totals, again.points[seat], again.placements[seat]) != (
            seen.bakery_totals,
            seen.points[seat],
            seen.placements[seat],
        ):
            return False
        before = again.scores
    return True


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_determinize_resamples_what_the_seat_cannot_see(game: DonutDilemma) -> None:
    rng = random.Random(7)
    changed = explained = samples = 0
    for state in random_states(game, seed=11)[:-1:5]:
        for seat in range(game.players):
            sample = game.determinize(state, seat, rng)
            _keeps_what_the_seat_knows(game, state, sample, seat)
            changed += sample.bakeries != state.bakeries or sample.pending != state.pending
            explained += _explains(state, sample, seat)
            samples += 1
    assert changed > samples // 2
    assert explained >= 0.8 * samples


@pytest.mark.parametrize("game", GAMES, ids=repr)
def test_determinize_reads_only_what_the_seat_knows(game: DonutDilemma) -> None:
    rng = random.Random(3)
    for state in random_states(game, seed=12)[:-1:9]:
        for seat in range(game.players):
            twin = scramble(state, seat, rng)
            seed = rng.randrange(2**32)
            assert game.determinize(twin, seat, random.Random(seed)) == game.determinize(
                state, seat, random.Random(seed)
            )


def test_determinize_keeps_public_starting_bakeries_and_garnets() -> None:
    start = ["A", "A", "B", "B", "C", "C"]
    garnets = [0, 1, 0, 1, 0, 1]
    game = DonutDilemma(6, start=start, garnets=garnets)
    states = random_states(game, seed=3)
    rng = random.Random(0)
    for state in states[:-1:4]:
        sample = game.determinize(state, 0, rng)
        assert [bakery.value for bakery in sample.starts] == start
        spent = [sum(max(0, (r.submissions[seat].plain or 0) - 11) for r in sample.history) for seat in range(6)]
        assert all(used <= brought for used, brought in zip(spent, garnets, strict=True))
        _keeps_what_the_seat_knows(game, state, sample, 0)
    final = states[-1]
    assert game.determinize(final, 0, rng) == final
