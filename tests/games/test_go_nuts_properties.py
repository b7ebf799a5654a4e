"""Go Nuts invariants over random games (Hypothesis): cards are conserved, the row is full at each
pick, a finished game has left no slot unaccounted for, and every game ends."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from holesome.core.game import CHANCE, sample_chance
from holesome.games.go_nuts import GoNuts, GoNutsState
from holesome.games.go_nuts.cards import deck_counts


def every_card(state: GoNutsState) -> tuple[int, ...]:
    """Counts per kind across the row, deck, known top, discard pile, hands and drawn cards."""
    total = list(state.deck)
    located = [card for card in state.row if card is not None] + list(state.discard)
    if state.top is not None:
        located.append(state.top.card)
    if state.task is not None:
        located.extend(state.task.drawn)
    for card in located:
        total[card] += 1
    for hand in state.hands:
        total = [a + b for a, b in zip(total, hand, strict=True)]
    return tuple(total)


@settings(max_examples=25, deadline=None)
@given(players=st.sampled_from(GoNuts.player_counts), seed=st.integers(0, 2**31 - 1), rng=st.randoms())
def test_random_games_conserve_cards_and_keep_the_row_full(players: int, seed: int, rng: random.Random) -> None:
    game = GoNuts(players)
    expected = deck_counts(players)
    state = game.start(seed)
    for _ in range(2_000):
        assert every_card(state) == expected
        assert all(count >= 0 for hand in state.hands for count in hand)
        if not state.over and not any(pick is not None for pick in state.picks):
            assert None not in state.row
        seats = game.to_act(state)
        if not seats:
            break
        if seats == (CHANCE,):
            state = game.apply(state, CHANCE, sample_chance(game, state, rng))
        else:
            seat = rng.choice(seats)
            state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    assert state.over
    assert state.deck_size < state.row.count(None)
    outcome = game.outcome(state)
    assert outcome is not None
    assert list(outcome.scores) == [game.score(state, seat) for seat in range(players)]
