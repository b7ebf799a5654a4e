"""Doughnut Dash's greedy compiled games (`holesome.fast.doughnut_dash_games`): they stay games
of the rules, their seats keep their Sugar Rush cards, and each seat heads where its thieves
would land on most, as the pure engine's own `movement.dash` finds it."""

from collections import Counter
from typing import Any

import pytest

pytest.importorskip("numba", reason="the compiled path needs numba (the `fast` extra)")

from holesome.core.game import CHANCE
from holesome.fast.doughnut_dash import CompiledDoughnutDash
from holesome.fast.doughnut_dash_games import CARD_WORTH
from holesome.games.doughnut_dash import (
    Choose,
    DashState,
    Direction,
    Doughnut,
    DoughnutDash,
    Phase,
    Play,
    Sidestep,
    Spin,
)
from holesome.games.doughnut_dash.components import CARD_COUNTS, CARD_POINTS, DOUGHNUT_POINTS, Card
from holesome.games.doughnut_dash.movement import Stop, dash
from holesome.games.doughnut_dash.scoring import rainbow_points
from tests.fast.agreement import OPTIONS, build, check_counts, check_traces, positions, softmax

MIX = 0.25


def greedy(options: dict[str, Any]) -> tuple[DoughnutDash, CompiledDoughnutDash]:
    game, _ = build("doughnut-dash", options, DoughnutDash, CompiledDoughnutDash)
    return game, CompiledDoughnutDash(game, MIX)


def worth(stack: tuple[Doughnut, ...], doughnut: Doughnut, taken: bool) -> float:
    """What the doughnut on top adds to the stack (`taken`) or what losing it costs."""
    if doughnut is Doughnut.RAINBOW_FROSTED:
        rainbows = stack.count(doughnut) + (1 if taken else 0)
        return rainbow_points(rainbows) - rainbow_points(rainbows - 1)
    bonus = CARD_WORTH if taken and doughnut is Doughnut.STRAWBERRY_LEMONADE else 0.0
    return DOUGHNUT_POINTS[doughnut] + bonus


def direction_gain(game: DoughnutDash, state: DashState, seat: int, heading: Direction) -> float:
    """Both the seat's thieves dashed that way from where they stand, by the pure engine."""
    player = state.players[seat]
    rivals = [square for other, p in enumerate(state.players) if other != seat for square in p.thieves]
    gain = 0.0
    for thief in range(2):
        path = dash(
            game.layout,
            game.floor(state),
            state.doughnuts,
            rivals,
            start=player.thieves[thief],
            friend=player.thieves[1 - thief],
            heading=heading,
        )
        if path.stop is Stop.DOUGHNUT:
            doughnut = state.doughnuts[path.end]
            assert doughnut is not None
            gain += worth(player.stack, doughnut, taken=True)
        elif path.stop is Stop.THIEF:
            for other, victim in enumerate(state.players):
                if other != seat and path.end in victim.thieves and victim.stack:
                    top = victim.stack[-1]
                    gain += worth(player.stack, top, True) + worth(victim.stack, top, False) - CARD_WORTH
    return gain


def test_a_drawn_card_is_worth_the_decks_mean_points() -> None:
    assert (
        pytest.approx(sum(CARD_POINTS[card] * count for card, count in CARD_COUNTS.items()) / sum(CARD_COUNTS.values()))
        == CARD_WORTH
    )


@pytest.mark.parametrize("options", OPTIONS["doughnut-dash"])
def test_greedy_games_are_games_of_the_rules_and_keep_their_cards(options: dict[str, Any]) -> None:
    game, fast = greedy(options)
    states = positions(game, range(2), every=7)
    assert check_traces(fast, states, seed=5, max_steps=10_000) > 1000
    chosen_plays = {Card.ABOUT_TURN, Card.HOLD_STILL, Card.LEAP, Card.SECOND_WIND, Card.LAST_WORD}
    for number, state in enumerate(states[:20]):
        for seat, action_id in fast.trace(state, number, 10_000).steps:
            action = None if seat == CHANCE else game.decode(action_id)
            assert not (isinstance(action, Play) and action.card in chosen_plays), action
            assert not isinstance(action, Spin | Sidestep), action


def test_greedy_directions_follow_what_the_thieves_would_land_on() -> None:
    """At every choosing position of a few games where the directions differ, the first step of
    greedy games comes out as a softmax of `direction_gain`, for a seat drawn uniformly."""
    game, fast = greedy({"players": 2})
    checked = 0
    for state in positions(game, range(3)):
        seats = game.to_act(state)
        if state.phase is not Phase.CHOOSE or seats == (CHANCE,) or not seats:
            continue
        expected: dict[tuple[int, int], float] = {}
        spread = False
        for seat in seats:
            menu = [action for action in game.legal_actions(state, seat) if isinstance(action, Choose)]
            gains = [direction_gain(game, state, seat, action.direction) for action in menu]
            spread = spread or max(gains) > min(gains)
            for action, chance in zip(menu, softmax(gains, MIX), strict=True):
                expected[(seat, game.encode(action))] = chance / len(seats)
        if not spread:
            continue
        games = 1500
        counts = Counter(fast.trace(state, seed, 1).steps[0] for seed in range(games))
        check_counts(counts, expected, games)
        checked += 1
        if checked == 6:
            break
    assert checked == 6
