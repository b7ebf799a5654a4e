"""Agreement checks between a game's compiled path and the pure engine it mirrors, shared by the
fast tests of every game.

Positions come from random games of the pure engine. At each one the compiled path must find the
same legal ids for every seat (and, over packed rows, the same seats to act and chance weights);
a compiled random game from there must replay through the pure engine step by step, every step
legal, to the same values; and its first step must follow `Game.playout`'s distribution.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

import holesome
from holesome.core.game import CHANCE, Game, sample_chance
from holesome.fast import compiled
from holesome.fast.base import CompiledGame, Trace
from holesome.fast.packed import PackedGame

AnyGame = Game[Any, Any]
G = TypeVar("G")
F = TypeVar("F")

OPTIONS: dict[str, list[dict[str, Any]]] = {
    "donut-dilemma": [
        {"players": 3},
        {"players": 4},
        {"players": 5},
        {"players": 7},
        {"players": 10},
        {"players": 4, "garnets": [0, 3, 1, 0], "rounds": 6},
        {"players": 5, "start": ["A", "A", "C", "E", "E"], "rounds": 2},
    ],
    "doughnut-dash": [
        {"players": 2},
        {"players": 3},
        {"players": 4},
        {"players": 3, "layout": "2x8"},
        {"players": 4, "layout": "8x2"},
    ],
    "go-nuts": [{"players": players} for players in (2, 3, 4, 5, 6)],
}
"""Every player count and option the compiled paths over packed rows are checked under."""


def build(name: str, options: dict[str, Any], game_type: type[G], fast_type: type[F]) -> tuple[G, F]:
    """The game loaded with `options` and its compiled path, each checked to be of its type."""
    game = holesome.load(name, **options)
    fast = compiled(game)
    assert isinstance(game, game_type) and isinstance(fast, fast_type), (game, fast)
    return game, fast


def positions(game: AnyGame, seeds: range, every: int = 1, limit: int | None = None) -> list[Any]:
    """Every `every`-th state of one random game of the pure engine per seed, each game's last
    state included; once `limit` states are gathered, the game under way stops (its state then
    the last one) and no other begins."""
    found: list[Any] = []
    bound = float("inf") if limit is None else limit
    for seed in seeds:
        if len(found) >= bound:
            break
        rng = random.Random(seed)
        state = game.start(seed)
        step = 0
        while (seats := game.to_act(state)) and len(found) < bound:
            if step % every == 0:
                found.append(state)
            step += 1
            if seats[0] == CHANCE:
                state = game.apply(state, CHANCE, sample_chance(game, state, rng))
            else:
                seat = rng.choice(seats)
                state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        found.append(state)
    return found


def check_menus(fast: CompiledGame, states: list[Any]) -> int:
    """Compare every seat's legal ids with its encoded legal actions (none for a seat that may
    not act), and over packed rows the seats to act and the chance weights too; return how many
    menus of seats to act were compared."""
    game = fast.game
    compared = 0
    for state in states:
        seats = game.to_act(state)
        if isinstance(fast, PackedGame):
            assert fast.to_act(state) == seats
            if seats == (CHANCE,):
                weights = fast.chance_weights(state)
                chances = [chance for _, chance in game.chance_outcomes(state)]
                assert len(weights) == len(chances)
                assert all(weight / sum(weights) == chance for weight, chance in zip(weights, chances, strict=True))
                assert fast.legal_ids(state, CHANCE) == ()
                continue
            assert fast.chance_weights(state) == ()
        for seat in range(game.players):
            expected = tuple(sorted(game.encode(action) for action in game.legal_actions(state, seat)))
            assert fast.legal_ids(state, seat) == expected, f"seat {seat}: {game.state_to_json(state)}"
            compared += seat in seats
    return compared


def final_values(game: AnyGame, state: Any) -> tuple[float, ...]:
    """The outcome's values once over; else the values of a game cut short there."""
    outcome = game.outcome(state)
    return outcome.values if outcome is not None else game.cutoff_values(state)


def replay(game: AnyGame, state: Any, trace: Trace, max_steps: int) -> list[Any]:
    """Replay a compiled game's trace through the pure engine, every step checked legal (a chance
    outcome possible), and check its values: the outcome's if it ended, else a cut game's after
    exactly `max_steps` steps. Return the states it passes through, `state` first."""
    assert len(trace.steps) <= max_steps
    states = [state]
    for seat, action_id in trace.steps:
        assert seat in game.to_act(state)
        if seat == CHANCE:
            outcome, chance = game.chance_outcomes(state)[action_id]
            assert chance > 0
        else:
            outcome = game.decode(action_id)
            assert outcome in game.legal_actions(state, seat)
        state = game.apply(state, seat, outcome)
        states.append(state)
    assert len(trace.steps) == max_steps or game.outcome(state) is not None
    assert trace.values == final_values(game, state)
    return states


def check_traces(fast: CompiledGame, states: list[Any], seed: int, max_steps: int) -> int:
    """Replay a compiled random game from each state; return the steps replayed."""
    replayed = 0
    for number, state in enumerate(states):
        trace = fast.trace(state, seed + number, max_steps)
        replay(fast.game, state, trace, max_steps)
        replayed += len(trace.steps)
    return replayed


def check_first_steps(fast: CompiledGame, state: Any, games: int) -> None:
    """The first steps of `games` compiled random games from `state` follow the distribution of
    `Game.playout`: a seat uniformly among those to act, then an action uniformly from its menu;
    a chance outcome by its probability (each count within five standard deviations)."""
    game = fast.game
    seats = game.to_act(state)
    expected: dict[tuple[int, int], float] = {}
    if seats == (CHANCE,):
        for index, (_, chance) in enumerate(game.chance_outcomes(state)):
            expected[(CHANCE, index)] = chance
    else:
        for seat in seats:
            menu = game.legal_actions(state, seat)
            for action in menu:
                expected[(seat, game.encode(action))] = 1 / len(seats) / len(menu)
    traces = [fast.trace(state, seed, 1).steps for seed in range(games)]
    assert all(len(steps) == 1 for steps in traces), "a trace of one step took more or none"
    counts = Counter(steps[0] for steps in traces)
    check_counts(counts, expected, games)


def determinized(game: AnyGame, states: list[Any]) -> list[Any]:
    """Each state as seat 0 might imagine it (what the search bots play out from)."""
    return [game.determinize(state, 0, random.Random(number)) for number, state in enumerate(states)]


def softmax(gains: Sequence[float], mix: float) -> list[float]:
    """Chances by a softmax of `gains` at `mix` times their spread; uniform with no spread."""
    best, spread = max(gains), max(gains) - min(gains)
    if spread == 0:
        return [1 / len(gains)] * len(gains)
    weights = [math.exp((gain - best) / (mix * spread)) for gain in gains]
    return [weight / sum(weights) for weight in weights]


def check_counts(counts: Mapping[Any, int], expected: Mapping[Any, float], games: int) -> None:
    """Each outcome came up in `counts` (of `games` draws) as often as its chance in `expected`
    says, within five standard deviations; none came up that `expected` leaves out."""
    assert set(counts) <= set(expected), set(counts) - set(expected)
    for step, chance in expected.items():
        spread = (games * chance * (1 - chance)) ** 0.5
        assert abs(counts.get(step, 0) - games * chance) <= 5 * spread + 1, (step, counts.get(step, 0), games * chance)
