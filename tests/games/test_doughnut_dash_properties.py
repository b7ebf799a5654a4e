"""Hypothesis invariants over random Doughnut Dash games: nothing is created or lost."""

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import holesome
from holesome.core.game import CHANCE, sample_chance
from holesome.games.doughnut_dash import DashState, Doughnut, DoughnutDash
from holesome.games.doughnut_dash.components import DECK


def doughnuts(state: DashState) -> Counter[Doughnut]:
    on_board = Counter(d for d in state.doughnuts if d is not None)
    return on_board + Counter(d for player in state.players for d in player.stack)


@settings(max_examples=12, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6), layout=st.sampled_from(["4x4", "2x8", "8x2"]))
def test_doughnuts_cards_and_thieves_are_conserved(players: int, seed: int, layout: str) -> None:
    game = holesome.load("doughnut-dash", players, layout=layout)
    assert isinstance(game, DoughnutDash)
    state = game.start(seed)
    start = doughnuts(state)
    rng = random.Random(seed)
    while game.outcome(state) is None:
        seat = rng.choice(game.to_act(state))
        action = sample_chance(game, state, rng) if seat == CHANCE else rng.choice(game.legal_actions(state, seat))
        state = game.apply(state, seat, action)
        assert doughnuts(state) == start
        cards = Counter(state.deck) + Counter(state.discards) + Counter(c for p in state.players for c in p.sugar)
        assert cards == Counter(DECK) and sum(cards.values()) == 42
        assert all(0 <= square < game.layout.size for p in state.players for square in p.thieves)
        assert all(state.doughnuts[square] is None for p in state.players for square in p.thieves)
