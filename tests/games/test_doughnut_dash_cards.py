"""Every Sugar Rush kind in its window, on positions built directly (see the rules tests)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import holesome
from holesome.games.doughnut_dash import (
    Card,
    Choose,
    DashState,
    Direction,
    Doughnut,
    DoughnutDash,
    Go,
    Phase,
    Play,
    Player,
    Ready,
    Side,
    Sidestep,
    Spin,
    Turn,
)
from holesome.games.doughnut_dash.board import terrain
from holesome.games.doughnut_dash.components import DECK, DIRECTIONS
from holesome.games.doughnut_dash.scoring import card_points

CC = Doughnut.CHOCOLATE_COCONUT
SL = Doughnut.STRAWBERRY_LEMONADE
KE = Doughnut.KETCHUP


def sq(row: int, col: int) -> int:
    return row * 8 + col


def table(
    sugar: tuple[Card, ...], doughnuts: dict[int, Doughnut], thieves: tuple[int, int]
) -> tuple[DoughnutDash, DashState]:
    """Seat 0 of 2, revealed East, at the start of her turn, holding `sugar`; Ketchup parked far off."""
    game = DoughnutDash(2)
    players = (
        Player(
            thieves,
            (),
            (Direction.N, Direction.S, Direction.W),
            (Direction.E,),
            tuple(sorted(sugar)),
            None,
            Direction.E,
        ),
        Player(
            (sq(7, 5), sq(7, 7)), (), (Direction.N, Direction.E, Direction.W), (Direction.S,), (), None, Direction.S
        ),
    )
    board = {sq(6, 1): KE, sq(6, 3): KE} | doughnuts
    deck = tuple(sorted((Counter(DECK) - Counter(sugar)).elements()))
    state = DashState(
        tuple(range(1, 17)), (0,) * 16, tuple(board.get(s) for s in range(64)), players, deck, (), 1, 0,
        Phase.TURN, Turn(0), (), False, (), (), (),
    )  # fmt: skip
    return game, state


def go(game: DoughnutDash, state: DashState, *actions: object) -> DashState:
    for action in actions:
        state = game.apply(state, 0, action)  # type: ignore[arg-type]
    return state


def test_about_turn_sends_both_thieves_opposite_to_the_revealed_direction() -> None:
    doughnuts = {sq(1, 3): SL, sq(1, 7): CC, sq(3, 3): SL, sq(3, 7): CC}
    game, state = table((Card.ABOUT_TURN,), doughnuts, (sq(1, 1), sq(3, 1)))
    assert Play(Card.ABOUT_TURN) in game.legal_actions(state, 0)
    state = go(game, state, Play(Card.ABOUT_TURN), Ready(0), Go(teleport=False), Ready(1), Go(teleport=False))
    assert state.players[0].stack == (CC, CC)
    assert state.discards == (Card.ABOUT_TURN,) and state.players[0].sugar == ()


def test_about_turn_and_hold_still_are_only_played_before_moving() -> None:
    game, state = table((Card.ABOUT_TURN, Card.HOLD_STILL), {sq(1, 3): CC}, (sq(1, 1), sq(3, 5)))
    state = go(game, state, Ready(0), Go(teleport=False))
    assert Play(Card.ABOUT_TURN) not in game.legal_actions(state, 0)
    assert Play(Card.HOLD_STILL) not in game.legal_actions(state, 0)


def test_leap_makes_that_thief_pass_over_the_first_doughnut_which_stays() -> None:
    game, state = table((Card.LEAP,), {sq(1, 3): SL, sq(1, 5): CC}, (sq(1, 1), sq(3, 1)))
    state = go(game, state, Ready(0))
    assert Play(Card.LEAP) in game.legal_actions(state, 0)
    state = go(game, state, Play(Card.LEAP), Go(teleport=False))
    assert state.players[0].stack == (CC,) and state.doughnuts[sq(1, 3)] is SL
    assert state.turn is not None and not state.turn.leap


def test_spin_turns_a_tile_with_its_feature_doughnuts_and_thieves() -> None:
    # grid position 5 covers c3 d3 c4 d4 (rows 2-3, cols 2-3); tile 6 has its green teleport on its NW square.
    game, state = table((Card.SPIN,), {sq(2, 3): CC}, (sq(3, 3), sq(1, 1)))
    before = game.floor(state)
    assert game.action_to_text(Spin(5, clockwise=True)) == "spin c3 cw"
    assert game.parse_action(state, 0, "spin c3 ccw") == Spin(5, clockwise=False)
    assert before.features[sq(2, 2)] == "teleport-green"
    state = go(game, state, Spin(5, clockwise=True))
    after = game.floor(state)
    assert after.features[sq(2, 3)] == "teleport-green" and after.features[sq(2, 2)] is None
    assert state.doughnuts[sq(3, 3)] is CC and state.doughnuts[sq(2, 3)] is None
    assert state.players[0].thieves[0] == sq(3, 2)
    assert state.turns[5] == 1 and state.discards == (Card.SPIN,)
    back = go(
        game,
        replace(state, players=(replace(state.players[0], sugar=(Card.SPIN,)), state.players[1])),
        Spin(5, clockwise=False),
    )
    assert game.floor(back) == before and back.doughnuts[sq(2, 3)] is CC and back.players[0].thieves[0] == sq(3, 3)


def test_the_floor_a_spin_turns_is_the_floor_laid_out_afresh() -> None:
    # The game turns its floor with the tile instead of laying every tile out again: the two must agree.
    rng = random.Random(5)
    for layout in ("4x4", "2x8", "8x2"):
        game = DoughnutDash(2, layout=layout)
        _, state = table((), {}, (sq(1, 1), sq(3, 1)))
        for _ in range(30):
            tiles = list(range(1, 17))
            rng.shuffle(tiles)
            state = replace(state, tiles=tuple(tiles), turns=tuple(rng.randrange(4) for _ in tiles))
            for _ in range(3):  # each Spin turns the floor the one before turned
                holding = replace(state.players[0], sugar=(Card.SPIN,))
                state = go(
                    game,
                    replace(state, players=(holding, *state.players[1:])),
                    Spin(rng.randrange(16), rng.random() < 0.5),
                )
                assert game.floor(state) == terrain(game.layout, state.tiles, state.turns)


def test_spin_may_be_played_between_the_two_thief_moves() -> None:
    game, state = table((Card.SPIN,), {sq(1, 3): CC}, (sq(1, 1), sq(5, 1)))
    state = go(game, state, Ready(0), Go(teleport=False))
    assert Spin(0, clockwise=False) in game.legal_actions(state, 0)


def test_hold_still_moves_only_one_thief_this_turn() -> None:
    game, state = table((Card.HOLD_STILL,), {sq(1, 3): CC, sq(3, 3): CC}, (sq(1, 1), sq(3, 1)))
    state = go(game, state, Play(Card.HOLD_STILL), Ready(1), Go(teleport=False))
    assert state.turn == Turn(1)
    assert state.players[0].thieves == (sq(1, 1), sq(3, 3))


def test_sidestep_turns_that_thief_ninety_degrees_either_way() -> None:
    doughnuts = {sq(1, 3): CC, sq(3, 1): SL, sq(7, 1): KE}
    game, state = table((Card.SIDESTEP,), doughnuts, (sq(1, 1), sq(5, 5)))
    state = go(game, state, Ready(0))
    assert Sidestep(Side.LEFT) in game.legal_actions(state, 0)
    right = go(game, state, Sidestep(Side.RIGHT), Go(teleport=False))
    assert right.players[0].stack == (SL,)
    left = go(game, state, Sidestep(Side.LEFT), Go(teleport=False))
    assert left.players[0].thieves[0] == sq(7, 1) and left.players[0].stack == (KE,)


def test_second_wind_takes_the_played_direction_cards_back_before_choosing() -> None:
    game = holesome.load("doughnut-dash", 2)
    state = game.start(9)
    seat = replace(state.players[0], hand=(Direction.N,), played=(Direction.E, Direction.S), sugar=(Card.SECOND_WIND,))
    state = replace(state, players=(seat, state.players[1]))
    assert game.legal_actions(state, 0) == (Choose(Direction.N), Play(Card.SECOND_WIND))
    state = game.apply(state, 0, Play(Card.SECOND_WIND))
    assert game.legal_actions(state, 0) == tuple(Choose(d) for d in DIRECTIONS)
    assert game.view(state, 1)["seats"][0]["hand"] == ["n"]
    state = game.apply(state, 0, Choose(Direction.E))
    state = game.apply(state, 1, Choose(Direction.N))
    assert state.players[0].hand == (Direction.N, Direction.S, Direction.W)
    assert state.players[0].played == (Direction.E,) and state.players[0].sugar == ()
    assert Card.SECOND_WIND in state.discards


def test_last_word_chooses_after_everyone_else_has_revealed() -> None:
    game = holesome.load("doughnut-dash", 3)
    state = game.start(2)
    seat = replace(state.players[1], sugar=(Card.LAST_WORD,))
    state = replace(state, players=(state.players[0], seat, state.players[2]))
    state = game.apply(state, 1, Play(Card.LAST_WORD))
    state = game.apply(state, 0, Choose(Direction.S))
    state = game.apply(state, 2, Choose(Direction.W))
    assert state.phase is Phase.LAST_WORD and game.to_act(state) == (1,)
    assert game.view(state, 1)["seats"][0]["revealed"] == "s"
    assert game.view(state, 1)["seats"][2]["revealed"] == "w"
    state = game.apply(state, 1, Choose(Direction.N))
    assert state.players[1].revealed is Direction.N and state.phase is Phase.TURN
    assert state.discards == (Card.LAST_WORD,)


def test_unplayed_cards_score_their_points() -> None:
    assert card_points((Card.GUARD, Card.LEAP, Card.SPIN)) == 3
