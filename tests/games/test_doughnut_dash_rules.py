"""Scenario tests for Doughnut Dash's rules: setup, rounds, taking, stealing and the end.

Positions are built directly on a floor of the tile set laid in order without turns: tile
features then sit on the even rows and even columns only, so odd rows and columns are clear.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

import holesome
from holesome.core.errors import IllegalAction, InvalidOption
from holesome.core.game import CHANCE
from holesome.games.doughnut_dash import (
    Card,
    Choose,
    Commit,
    DashState,
    Direction,
    Doughnut,
    DoughnutDash,
    Draw,
    Give,
    Go,
    Halt,
    Pass,
    Phase,
    Play,
    Player,
    Ready,
    Rob,
    Turn,
)
from holesome.games.doughnut_dash.components import DECK, DIRECTIONS, DOUGHNUT_COUNTS
from holesome.games.doughnut_dash.scoring import MAX_STACK

SL = Doughnut.STRAWBERRY_LEMONADE
CC = Doughnut.CHOCOLATE_COCONUT
BV = Doughnut.BLUEBERRY_VIOLET
KE = Doughnut.KETCHUP
RF = Doughnut.RAINBOW_FROSTED


def sq(row: int, col: int) -> int:
    return row * 8 + col


PARKED = ((sq(7, 1), sq(7, 3)), (sq(7, 5), sq(7, 7)), (sq(5, 1), sq(5, 3)), (sq(5, 5), sq(5, 7)))
"""Out-of-the-way thief squares per seat."""


def table(
    players: int = 3,
    *,
    thieves: dict[int, tuple[int, int]] | None = None,
    doughnuts: dict[int, Doughnut] | None = None,
    stacks: dict[int, tuple[Doughnut, ...]] | None = None,
    sugar: dict[int, tuple[Card, ...]] | None = None,
    revealed: Direction = Direction.E,
    mover: int = 0,
    deck: tuple[Card, ...] | None = None,
) -> tuple[DoughnutDash, DashState]:
    """A position at the start of `mover`'s turn (she holds the first-player card)."""
    game = DoughnutDash(players)
    sugar = sugar or {}
    given = Counter(card for cards in sugar.values() for card in cards)
    rest = Counter(DECK) - given
    seats = []
    for seat in range(players):
        seats.append(
            Player(
                (thieves or {}).get(seat, PARKED[seat]),
                (stacks or {}).get(seat, ()),
                tuple(d for d in DIRECTIONS if d is not revealed),
                (revealed,),
                tuple(sorted(sugar.get(seat, ()))),
                None,
                revealed,
            )
        )
    board = tuple((doughnuts or {}).get(square) for square in range(64))
    state = DashState(
        tuple(range(1, 17)),
        (0,) * 16,
        board,
        tuple(seats),
        tuple(sorted(rest.elements())) if deck is None else deck,
        (),
        1,
        mover,
        Phase.TURN,
        Turn(mover),
        (),
        False,
        (),
        (),
        (),
    )
    return game, state


def play(game: DoughnutDash, state: DashState, *moves: tuple[int, object]) -> DashState:
    for seat, action in moves:
        state = game.apply(state, seat, action)  # type: ignore[arg-type]
    return state


def draw(game: DoughnutDash, state: DashState, card: Card) -> DashState:
    assert game.to_act(state) == (CHANCE,)
    return game.apply(state, CHANCE, Draw(card))


# Setup.


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_fills_every_square_with_a_thief_or_a_doughnut(players: int) -> None:
    game = holesome.load("doughnut-dash", players)
    state = game.start(5)
    thieves = {square for player in state.players for square in player.thieves}
    assert len(thieves) == 2 * players
    assert all((state.doughnuts[s] is None) == (s in thieves) for s in range(64))


def test_setup_removes_doughnuts_by_player_count() -> None:
    def counts(players: int) -> Counter[Doughnut]:
        state = holesome.load("doughnut-dash", players).start(1)
        return Counter(d for d in state.doughnuts if d is not None)

    assert counts(2) == Counter(DOUGHNUT_COUNTS)
    assert counts(3) == Counter(DOUGHNUT_COUNTS) - Counter({SL: 1, CC: 1})
    assert counts(4) == Counter(DOUGHNUT_COUNTS) - Counter({SL: 2, CC: 1, BV: 1})


def test_seats_start_at_their_corners_and_the_far_central_squares() -> None:
    four = holesome.load("doughnut-dash", 4).start(0)
    assert [p.thieves for p in four.players] == [
        (sq(0, 0), sq(4, 4)),
        (sq(0, 7), sq(4, 3)),
        (sq(7, 7), sq(3, 3)),
        (sq(7, 0), sq(3, 4)),
    ]
    three = holesome.load("doughnut-dash", 3).start(0)
    assert [p.thieves for p in three.players] == [(sq(0, 0), sq(4, 4)), (sq(0, 7), sq(4, 3)), (sq(7, 7), sq(3, 3))]
    two = holesome.load("doughnut-dash", 2).start(0)
    assert [p.thieves for p in two.players] == [(sq(0, 0), sq(4, 4)), (sq(7, 7), sq(3, 3))]


def test_setup_deals_the_tile_set_turned_and_a_full_deck_from_the_seed() -> None:
    game = DoughnutDash(3)
    states = [game.start(seed) for seed in range(12)]
    assert all(sorted(s.tiles) == list(range(1, 17)) for s in states)
    assert all(s.deck == DECK and len(s.deck) == 42 for s in states)
    assert len({s.tiles for s in states}) == 12
    assert {turn for s in states for turn in s.turns} == {0, 1, 2, 3}
    assert {s.first for s in states} == {0, 1, 2}
    features = Counter(f for f in game.floor(states[0]).features if f is not None)
    assert features == Counter(
        {"fixed": 4, "reflect": 4, **{f"teleport-{c}": 2 for c in ("blue", "pink", "green", "yellow")}}
    )


@pytest.mark.parametrize(("grid", "rows", "cols"), [("2x8", 2, 8), ("8x2", 8, 2)])
def test_a_layout_option_lays_all_sixteen_tiles_in_another_grid(grid: str, rows: int, cols: int) -> None:
    game = holesome.load("doughnut-dash", 3, layout=grid)
    assert isinstance(game, DoughnutDash)
    state = game.start(2)
    assert (game.layout.rows, game.layout.cols) == (rows, cols)
    assert len(state.doughnuts) == 64 and sorted(state.tiles) == list(range(1, 17))
    on_board = Counter(d for d in state.doughnuts if d is not None)
    assert on_board == Counter(DOUGHNUT_COUNTS) - Counter({SL: 1, CC: 1})


@pytest.mark.parametrize("bad", ["2x2", "3x5", "4x3", "1x16", "16x1", "5x5", "four"])
def test_a_layout_without_all_sixteen_tiles_is_refused_naming_the_layouts(bad: str) -> None:
    with pytest.raises(InvalidOption, match=r"layout.*4x4, 2x8, 8x2"):
        holesome.load("doughnut-dash", 3, layout=bad)


# Choosing and the round.


def test_directions_are_chosen_in_secret_and_revealed_together() -> None:
    game = DoughnutDash(3)
    state = game.start(3)
    assert game.to_act(state) == (0, 1, 2)
    state = game.apply(state, 1, Choose(Direction.S))
    assert game.to_act(state) == (0, 2)
    assert game.view(state, 0)["seats"][1]["committed"] is True
    assert game.view(state, 0)["seats"][1]["revealed"] is None
    assert game.view(state, 1)["seats"][1]["choice"]["direction"] == "s"
    state = play(game, state, (0, Choose(Direction.N)), (2, Choose(Direction.N)))
    assert [p.revealed for p in state.players] == [Direction.N, Direction.S, Direction.N]
    assert state.players[1].hand == (Direction.N, Direction.E, Direction.W)
    assert state.players[1].played == (Direction.S,)
    assert game.to_act(state) == (state.first,)


def test_players_move_from_the_first_player_clockwise_then_the_first_player_card_passes() -> None:
    doughnuts = {sq(1, c): CC for c in (2, 4, 6)} | {sq(3, c): CC for c in (2, 4, 6)} | {sq(0, 0): KE, sq(2, 1): KE}
    thieves = {0: (sq(1, 1), sq(3, 1)), 1: (sq(1, 3), sq(3, 3)), 2: (sq(1, 5), sq(3, 5))}
    game, state = table(thieves=thieves, doughnuts=doughnuts, mover=2)
    movers = []
    while state.phase is not Phase.CHOOSE:
        seat = game.to_act(state)[0]
        movers.append(seat)
        state = game.apply(state, seat, game.legal_actions(state, seat)[0])
    assert movers == [2, 2, 2, 2, 0, 0, 0, 0, 1, 1, 1, 1]
    assert state.first == 0 and state.round == 2


def test_a_player_may_move_her_second_thief_first() -> None:
    game, state = table(thieves={0: (sq(1, 1), sq(3, 1))}, doughnuts={sq(3, 4): CC, sq(1, 6): CC, sq(0, 0): KE})
    state = play(game, state, (0, Ready(1)), (0, Go(teleport=False)))
    assert state.players[0].thieves == (sq(1, 1), sq(3, 4))
    assert game.legal_actions(state, 0) == (Ready(0),)


def test_ruling_a_player_left_with_one_direction_card_takes_her_played_cards_back() -> None:
    game = DoughnutDash(2)
    state = game.start(4)
    hands = []
    for _round in range(4):
        hands.append(len(state.players[0].hand))
        assert state.phase is Phase.CHOOSE
        state = play(game, state, (0, Choose(state.players[0].hand[0])), (1, Choose(state.players[1].hand[0])))
        while state.phase is not Phase.CHOOSE and game.outcome(state) is None:
            seat = game.to_act(state)[0]
            action = game.default_action(state, seat) if seat != CHANCE else game.chance_outcomes(state)[0][0]
            state = game.apply(state, seat, action)
    assert hands == [4, 3, 2, 4]


# Taking.


def test_taking_a_doughnut_puts_it_on_top_of_the_stack() -> None:
    game, state = table(thieves={0: (sq(1, 1), sq(3, 1))}, doughnuts={sq(1, 4): CC, sq(0, 0): KE, sq(0, 2): KE})
    state = play(game, state, (0, Ready(0)), (0, Go(teleport=False)))
    assert state.players[0].stack == (CC,) and state.doughnuts[sq(1, 4)] is None
    assert state.players[0].thieves[0] == sq(1, 4)


def test_taking_strawberry_lemonade_draws_the_taker_a_sugar_rush_card() -> None:
    game, state = table(thieves={0: (sq(1, 1), sq(3, 1))}, doughnuts={sq(1, 4): SL, sq(0, 0): KE, sq(0, 2): KE})
    state = play(game, state, (0, Ready(0)), (0, Go(teleport=False)))
    assert state.draws == (0,)
    outcomes = dict(game.chance_outcomes(state))
    assert outcomes[Draw(Card.GUARD)] == pytest.approx(6 / 42)
    state = draw(game, state, Card.GUARD)
    assert state.players[0].sugar == (Card.GUARD,) and len(state.deck) == 41


def test_blueberry_violet_makes_the_opponent_with_fewest_doughnuts_draw() -> None:
    game, state = table(
        thieves={0: (sq(1, 1), sq(3, 1))},
        doughnuts={sq(1, 4): BV, sq(0, 0): KE, sq(0, 2): KE},
        stacks={1: (CC,), 2: ()},
    )
    state = play(game, state, (0, Ready(0)), (0, Go(teleport=False)))
    assert state.draws == (2,)


def test_on_a_blueberry_violet_tie_the_taker_chooses_who_draws() -> None:
    game, state = table(
        thieves={0: (sq(1, 1), sq(3, 1))},
        doughnuts={sq(1, 4): BV, sq(0, 0): KE, sq(0, 2): KE},
        stacks={1: (CC,), 2: (SL,)},
    )
    state = play(game, state, (0, Ready(0)), (0, Go(teleport=False)))
    assert state.phase is Phase.BLUEBERRY
    assert game.legal_actions(state, 0) == (Give(1), Give(2))
    state = game.apply(state, 0, Give(1))
    assert state.draws == (1,)


def test_the_mover_passes_through_her_own_other_thief() -> None:
    game, state = table(thieves={0: (sq(1, 1), sq(1, 3))}, doughnuts={sq(1, 5): CC, sq(0, 0): KE, sq(0, 2): KE})
    state = play(game, state, (0, Ready(0)), (0, Go(teleport=False)))
    assert state.players[0].thieves == (sq(1, 5), sq(1, 3))


def test_a_looping_thief_stops_on_the_square_of_the_loop_its_player_chooses() -> None:
    game, state = table(thieves={0: (sq(1, 1), sq(3, 1))}, doughnuts={sq(0, 0): KE, sq(0, 2): KE})
    state = play(game, state, (0, Ready(0)), (0, Go(teleport=False)))
    assert state.phase is Phase.LOOP
    assert game.legal_actions(state, 0) == tuple(Halt(sq(1, c)) for c in range(8))
    state = game.apply(state, 0, Halt(sq(1, 6)))
    assert state.players[0].thieves[0] == sq(1, 6)
    assert state.trails[-1].end == sq(1, 6)


def test_a_loop_offers_no_square_of_the_movers_own_other_thief() -> None:
    game, state = table(thieves={0: (sq(1, 1), sq(1, 5))}, doughnuts={sq(0, 0): KE, sq(0, 2): KE})
    state = play(game, state, (0, Ready(0)), (0, Go(teleport=False)))
    assert state.phase is Phase.LOOP
    assert game.legal_actions(state, 0) == tuple(Halt(sq(1, c)) for c in range(8) if c != 5)
    with pytest.raises(IllegalAction):
        game.apply(state, 0, Halt(sq(1, 5)))


def test_a_thief_on_a_teleport_is_offered_to_use_it() -> None:
    # tile 1 (blue teleport) lies at grid position 0: its teleport is a1, its partner c1.
    game, state = table(thieves={0: (sq(0, 0), sq(3, 1))}, doughnuts={sq(0, 3): CC, sq(0, 1): SL, sq(5, 0): KE})
    state = play(game, state, (0, Ready(0)))
    assert Go(teleport=True) in game.legal_actions(state, 0)
    jumped = play(game, state, (0, Go(teleport=True)))
    assert jumped.players[0].stack == (CC,)
    walked = play(game, state, (0, Go(teleport=False)))
    assert walked.players[0].stack == (SL,)


# Stealing.


def test_a_steal_takes_the_top_doughnut_and_the_victim_draws_not_the_stealer() -> None:
    game, state = table(
        thieves={0: (sq(1, 1), sq(3, 1)), 1: (sq(1, 5), sq(7, 7))},
        doughnuts={sq(0, 0): KE, sq(0, 2): KE},
        stacks={1: (SL, CC)},
    )
    state = play(game, state, (0, Ready(0)), (0, Go(teleport=False)))
    assert state.phase is Phase.GUARD and game.to_act(state) == (1,)
    assert game.legal_actions(state, 1) == (Pass(),)
    state = game.apply(state, 1, Pass())
    assert state.players[0].stack == (CC,) and state.players[1].stack == (SL,)
    assert state.draws == (1,)


def test_landing_on_two_rivals_the_mover_robs_each_in_the_order_she_chooses() -> None:
    game, state = table(
        thieves={0: (sq(1, 1), sq(3, 1)), 1: (sq(1, 5), sq(7, 7)), 2: (sq(1, 5), sq(5, 5))},
        doughnuts={sq(0, 0): KE, sq(0, 2): KE},
        stacks={1: (SL,), 2: (CC,)},
    )
    state = play(game, state, (0, Ready(0)), (0, Go(teleport=False)))
    assert state.phase is Phase.STEAL
    assert game.legal_actions(state, 0) == (Rob(1), Rob(2))
    state = play(game, state, (0, Rob(2)), (2, Pass()))
    assert game.to_act(state) == (CHANCE,)
    state = draw(game, state, Card.LEAP)
    assert game.to_act(state) == (1,)
    state = game.apply(state, 1, Pass())
    assert state.players[0].stack == (CC, SL)
    assert state.players[2].sugar == (Card.LEAP,) and state.draws == (1,)


def test_robbing_an_empty_stack_takes_nothing_and_draws_nothing() -> None:
    game, state = table(
        thieves={0: (sq(1, 1), sq(3, 1)), 1: (sq(1, 5), sq(7, 7))},
        doughnuts={sq(0, 0): KE, sq(0, 2): KE},
    )
    state = play(game, state, (0, Ready(0)), (0, Go(teleport=False)))
    assert state.phase is Phase.TURN and state.draws == ()
    assert state.players[0].thieves[0] == sq(1, 5) and state.players[1].stack == ()


def test_guard_cancels_a_steal_and_its_player_draws_no_card() -> None:
    game, state = table(
        thieves={0: (sq(1, 1), sq(3, 1)), 1: (sq(1, 5), sq(7, 7))},
        doughnuts={sq(0, 0): KE, sq(0, 2): KE},
        stacks={1: (SL, CC)},
        sugar={1: (Card.GUARD,)},
    )
    state = play(game, state, (0, Ready(0)), (0, Go(teleport=False)))
    assert game.legal_actions(state, 1) == (Pass(), Play(Card.GUARD))
    state = game.apply(state, 1, Play(Card.GUARD))
    assert state.players[1].stack == (SL, CC) and state.players[0].stack == ()
    assert state.draws == () and state.players[1].sugar == () and state.discards == (Card.GUARD,)


# Drawing.


def test_an_empty_deck_is_refilled_from_the_discards() -> None:
    game, state = table(thieves={0: (sq(1, 1), sq(3, 1))}, doughnuts={sq(1, 4): SL, sq(0, 0): KE, sq(0, 2): KE})
    state = replace(state, deck=(), discards=(Card.SPIN, Card.LEAP, Card.SPIN))
    state = play(game, state, (0, Ready(0)), (0, Go(teleport=False)))
    assert dict(game.chance_outcomes(state)) == {
        Draw(Card.LEAP): pytest.approx(1 / 3),
        Draw(Card.SPIN): pytest.approx(2 / 3),
    }
    state = draw(game, state, Card.SPIN)
    assert Counter(state.deck) == Counter({Card.SPIN: 1, Card.LEAP: 1}) and state.discards == ()


def test_with_deck_and_discards_empty_nothing_is_drawn() -> None:
    game, state = table(thieves={0: (sq(1, 1), sq(3, 1))}, doughnuts={sq(1, 4): SL, sq(0, 0): KE, sq(0, 2): KE})
    state = replace(state, deck=())
    state = play(game, state, (0, Ready(0)), (0, Go(teleport=False)))
    assert state.draws == () and game.to_act(state) == (0,)


# The end.


def test_the_game_ends_at_the_end_of_the_round_in_which_one_ketchup_is_left() -> None:
    thieves = {0: (sq(1, 1), sq(3, 1)), 1: (sq(5, 1), sq(7, 1))}
    doughnuts = {sq(1, 3): KE, sq(3, 3): CC, sq(5, 3): CC, sq(7, 3): CC, sq(0, 0): KE}
    game, state = table(2, thieves=thieves, doughnuts=doughnuts)
    state = play(game, state, (0, Ready(0)), (0, Go(teleport=False)))
    assert state.ending and game.outcome(state) is None
    state = play(game, state, (0, Ready(1)), (0, Go(teleport=False)), (1, Ready(0)), (1, Go(teleport=False)))
    assert game.outcome(state) is None
    state = play(game, state, (1, Ready(1)), (1, Go(teleport=False)))
    assert state.phase is Phase.OVER and game.outcome(state) is not None


def test_the_game_ends_at_the_end_of_the_round_in_which_a_stack_reached_the_maximum() -> None:
    tall = (CC,) * (MAX_STACK[3] - 1)
    doughnuts = {sq(1, 3): SL, sq(3, 3): CC, sq(0, 0): KE, sq(0, 2): KE}
    game, state = table(thieves={0: (sq(1, 1), sq(3, 1))}, doughnuts=doughnuts, stacks={0: tall}, mover=2)
    state = replace(state, turn=Turn(0), first=1)
    state = play(game, state, (0, Ready(0)), (0, Go(teleport=False)))
    state = draw(game, state, Card.SPIN)
    assert state.ending and game.outcome(state) is None
    state = play(game, state, (0, Ready(1)), (0, Go(teleport=False)))
    assert game.outcome(state) is not None


def test_most_points_wins_with_ties_broken_by_most_ketchup_then_shared() -> None:
    game, state = table(stacks={0: (SL, SL, KE), 1: (CC,), 2: (SL, SL)})
    over = replace(state, phase=Phase.OVER, turn=None)
    outcome = game.outcome(over)
    assert outcome is not None
    assert outcome.scores == (1.0, 3.0, 2.0) and outcome.winners == (1,)
    tie = replace(
        over,
        players=tuple(
            replace(p, stack=s) for p, s in zip(over.players, ((CC, KE, SL), (CC,), (SL, SL, SL)), strict=True)
        ),
    )
    outcome = game.outcome(tie)
    assert outcome is not None and outcome.scores == (3.0, 3.0, 3.0) and outcome.winners == (0,)
    shared = replace(
        over, players=tuple(replace(p, stack=s) for p, s in zip(over.players, ((CC,), (CC,), (SL,)), strict=True))
    )
    outcome = game.outcome(shared)
    assert outcome is not None and outcome.winners == (0, 1) and outcome.values == (0.5, 0.5, 0.0)


# Errors and timeouts.


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    game, state = table(thieves={0: (sq(1, 1), sq(3, 1))}, doughnuts={sq(1, 4): CC, sq(0, 0): KE})
    with pytest.raises(IllegalAction, match="doughnut-dash"):
        game.apply(state, 0, Play(Card.LEAP))
    with pytest.raises(IllegalAction, match="not this seat's turn"):
        game.apply(state, 1, Ready(0))
    assert state.phase is Phase.TURN and state.turn == Turn(0)


def test_a_seat_out_of_time_plays_no_sugar_rush_card() -> None:
    game, state = table(
        thieves={0: (sq(1, 1), sq(3, 1)), 1: (sq(1, 5), sq(7, 7))},
        doughnuts={sq(0, 0): KE},
        stacks={1: (CC,)},
        sugar={0: (Card.ABOUT_TURN, Card.SPIN), 1: (Card.GUARD,)},
    )
    assert game.default_action(state, 0) == Ready(0)
    state = play(game, state, (0, Ready(0)), (0, Go(teleport=False)))
    assert game.default_action(state, 1) == Pass()
    choosing = holesome.load("doughnut-dash", 3).start(1)
    assert choosing.players[0].commit == Commit()
    assert game.default_action(choosing, 0) == Choose(Direction.N)
