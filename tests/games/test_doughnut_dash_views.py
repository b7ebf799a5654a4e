"""What each seat sees: secrets stay secret, determinize resamples only what a seat cannot see."""

import json
import random
from collections import Counter
from dataclasses import replace

import holesome
from holesome.core.game import CHANCE, sample_chance
from holesome.games.doughnut_dash import Card, Choose, Commit, DashState, Direction, DoughnutDash, Draw, Phase, Play
from holesome.games.doughnut_dash.components import DECK


def dash_game(players: int) -> DoughnutDash:
    game = holesome.load("doughnut-dash", players)
    assert isinstance(game, DoughnutDash)
    return game


def midgame(game: DoughnutDash, seed: int, steps: int) -> DashState:
    state, rng = game.start(seed), random.Random(seed)
    for _ in range(steps):
        seat = game.to_act(state)[0]
        action = sample_chance(game, state, rng) if seat == CHANCE else rng.choice(game.legal_actions(state, seat))
        state = game.apply(state, seat, action)
    return state


def with_sugar(state: DashState, hands: dict[int, tuple[Card, ...]]) -> DashState:
    """Give seats these Sugar Rush hands, taking the cards from the deck."""
    players = tuple(replace(p, sugar=tuple(sorted(hands.get(seat, p.sugar)))) for seat, p in enumerate(state.players))
    held = Counter(card for p in players for card in p.sugar)
    deck = tuple(sorted((Counter(DECK) - held - Counter(state.discards)).elements()))
    return replace(state, players=players, deck=deck)


def test_a_view_has_the_contract_keys_and_is_plain_json() -> None:
    game = dash_game(4)
    state = midgame(game, 1, 30)
    for seat in (None, 0, 1, 2, 3):
        view = game.view(state, seat)
        assert {"game", "seat", "to_act", "prompt"} <= set(view)
        assert json.loads(json.dumps(view)) == view
        assert len(view["board"]["squares"]) == 64 and len(view["thieves"]) == 8


def test_others_sugar_rush_cards_and_the_deck_order_do_not_show() -> None:
    game = dash_game(3)
    state = game.start(4)
    one = with_sugar(state, {1: (Card.GUARD, Card.LEAP), 2: (Card.SPIN,)})
    other = with_sugar(state, {1: (Card.HOLD_STILL, Card.HOLD_STILL), 2: (Card.GUARD,)})
    assert game.view(one, 0) == game.view(other, 0)
    assert game.view(one, None) == game.view(other, None)
    assert game.view(one, 1) != game.view(other, 1)
    assert game.view(one, 1)["seats"][1]["sugar_rush"] == ["guard", "leap"]
    assert game.view(one, 0)["seats"][1]["sugar_rush"] is None
    assert game.view(one, 0)["seats"][1]["sugar_rush_count"] == 2


def test_a_chosen_direction_and_cards_played_into_it_stay_secret_until_the_reveal() -> None:
    game = dash_game(3)
    state = with_sugar(game.start(6), {1: (Card.LAST_WORD,)})
    north = game.apply(state, 1, Choose(Direction.N))
    south = game.apply(state, 1, Choose(Direction.S))
    last = game.apply(state, 1, Play(Card.LAST_WORD))
    assert game.view(north, 0) == game.view(south, 0) == game.view(last, 0)
    assert game.view(north, None) == game.view(last, None)
    assert game.view(north, 1)["seats"][1]["choice"]["direction"] == "n"


def test_only_the_drawer_sees_the_card_drawn() -> None:
    game = dash_game(2)
    state = game.start(3)
    state = replace(state, draws=(1,))
    guard, leap = game.apply(state, CHANCE, Draw(Card.GUARD)), game.apply(state, CHANCE, Draw(Card.LEAP))
    assert game.view(guard, 0) == game.view(leap, 0)
    assert game.view(guard, 1)["events"][-1]["card"] == "guard"
    assert game.view(guard, 0)["events"][-1] == {**game.view(guard, 1)["events"][-1], "card": None}


def test_determinize_resamples_the_other_hands_and_choices_and_keeps_the_seat_view() -> None:
    game = dash_game(3)
    state = with_sugar(game.start(8), {0: (Card.SPIN,), 1: (Card.GUARD, Card.SECOND_WIND), 2: (Card.LEAP,)})
    state = game.apply(state, 1, Choose(Direction.W))
    rng = random.Random(0)
    samples = [game.determinize(state, 0, rng) for _ in range(40)]
    assert all(game.view(sample, 0) == game.view(state, 0) for sample in samples)
    assert all(sample.players[0].sugar == (Card.SPIN,) for sample in samples)
    assert len({sample.players[1].sugar for sample in samples}) > 1
    assert len({sample.players[1].commit for sample in samples}) > 1
    for sample in samples:
        cards = Counter(sample.deck) + Counter(c for p in sample.players for c in p.sugar) + Counter(sample.discards)
        assert cards == Counter(DECK)
        commit = sample.players[1].commit
        assert commit is not None and commit.is_done
        assert not commit.second_wind or Card.SECOND_WIND in sample.players[1].sugar


def test_the_view_keeps_last_rounds_paths_for_animation() -> None:
    game = dash_game(4)
    state = game.start(2)
    rng = random.Random(2)
    while state.round == 1:
        seat = game.to_act(state)[0]
        action = sample_chance(game, state, rng) if seat == CHANCE else game.legal_actions(state, seat)[0]
        state = game.apply(state, seat, action)
    if game.outcome(state) is None:
        assert state.phase is Phase.CHOOSE and state.players[0].commit == Commit()
    trails = game.view(state, None)["last_trails"]
    assert len(trails) == 8
    assert {(t["seat"], t["thief"]) for t in trails} == {(s, t) for s in range(4) for t in (0, 1)}
    assert all(t["squares"][-1] == t["end"] or t["stop"] == "loop" for t in trails)
