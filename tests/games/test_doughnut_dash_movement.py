"""Every case of "Moving a thief", on the pure `dash` function over hand-made floors."""

import pytest

from holesome.games.doughnut_dash import Direction, Doughnut, Hop, Stop, dash
from holesome.games.doughnut_dash.board import Terrain, parse_layout
from holesome.games.doughnut_dash.components import feature_kind

LAYOUT = parse_layout("4x4")
SQ = LAYOUT.square
D = Doughnut.CHOCOLATE_COCONUT


def floor(features: dict[int, str]) -> Terrain:
    """A floor with just these features; teleports pair up by colour."""
    full = tuple(features.get(square) for square in range(LAYOUT.size))
    partner: list[int | None] = [None] * LAYOUT.size
    for square, feature in features.items():
        mates = [other for other, f in features.items() if f == feature and other != square]
        if feature.startswith("teleport") and mates:
            partner[square] = mates[0]
    return Terrain(full, tuple(feature_kind(f) for f in full), tuple(partner))


def board(doughnuts: dict[int, Doughnut]) -> tuple[Doughnut | None, ...]:
    return tuple(doughnuts.get(square) for square in range(LAYOUT.size))


EMPTY_FLOOR = floor({})


def test_a_thief_walks_until_it_reaches_a_doughnut_and_stops_on_it() -> None:
    path = dash(LAYOUT, EMPTY_FLOOR, board({SQ(1, 5): D}), (), start=SQ(1, 1), heading=Direction.E)
    assert path.squares == (SQ(1, 2), SQ(1, 3), SQ(1, 4), SQ(1, 5))
    assert path.hops == (Hop.STEP,) * 4
    assert (path.stop, path.end) == (Stop.DOUGHNUT, SQ(1, 5))


def test_leaving_the_east_edge_re_enters_at_the_west_edge() -> None:
    path = dash(LAYOUT, EMPTY_FLOOR, board({SQ(3, 1): D}), (), start=SQ(3, 6), heading=Direction.E)
    assert path.squares == (SQ(3, 7), SQ(3, 0), SQ(3, 1))
    assert path.end == SQ(3, 1)


def test_leaving_the_north_edge_re_enters_at_the_south_edge() -> None:
    path = dash(LAYOUT, EMPTY_FLOOR, board({SQ(6, 3): D}), (), start=SQ(0, 3), heading=Direction.N)
    assert path.squares == (SQ(7, 3), SQ(6, 3))


def test_a_rival_thief_stops_the_mover_on_its_square() -> None:
    path = dash(LAYOUT, EMPTY_FLOOR, board({SQ(5, 1): D}), {SQ(3, 1)}, start=SQ(1, 1), heading=Direction.S)
    assert (path.stop, path.end) == (Stop.THIEF, SQ(3, 1))


def test_a_fixed_barrier_stops_the_thief_on_it_though_it_is_empty() -> None:
    path = dash(LAYOUT, floor({SQ(1, 4): "fixed"}), board({SQ(1, 6): D}), (), start=SQ(1, 1), heading=Direction.E)
    assert (path.stop, path.end) == (Stop.BARRIER, SQ(1, 4))


def test_a_reflecting_barrier_turns_the_thief_back_and_it_keeps_moving() -> None:
    path = dash(LAYOUT, floor({SQ(1, 4): "reflect"}), board({SQ(1, 0): D}), (), start=SQ(1, 2), heading=Direction.E)
    assert path.squares == (SQ(1, 3), SQ(1, 4), SQ(1, 3), SQ(1, 2), SQ(1, 1), SQ(1, 0))
    assert path.hops[1] is Hop.BOUNCE
    assert path.heading is Direction.E
    assert (path.stop, path.end) == (Stop.DOUGHNUT, SQ(1, 0))


def test_a_teleport_jumps_to_its_partner_and_the_thief_keeps_its_heading() -> None:
    teleports = floor({SQ(1, 3): "teleport-blue", SQ(5, 5): "teleport-blue"})
    path = dash(LAYOUT, teleports, board({SQ(5, 7): D}), (), start=SQ(1, 1), heading=Direction.E)
    assert path.squares == (SQ(1, 2), SQ(1, 3), SQ(5, 5), SQ(5, 6), SQ(5, 7))
    assert path.hops == (Hop.STEP, Hop.STEP, Hop.JUMP, Hop.STEP, Hop.STEP)


def test_a_teleport_under_a_doughnut_is_not_used() -> None:
    teleports = floor({SQ(1, 3): "teleport-blue", SQ(5, 5): "teleport-blue"})
    path = dash(LAYOUT, teleports, board({SQ(1, 3): D}), (), start=SQ(1, 1), heading=Direction.E)
    assert (path.stop, path.end, Hop.JUMP in path.hops) == (Stop.DOUGHNUT, SQ(1, 3), False)


def test_a_doughnut_on_the_partner_teleport_stops_the_thief_there() -> None:
    teleports = floor({SQ(1, 3): "teleport-blue", SQ(5, 5): "teleport-blue"})
    path = dash(LAYOUT, teleports, board({SQ(5, 5): D}), (), start=SQ(1, 1), heading=Direction.E)
    assert (path.stop, path.end, path.hops[-1]) == (Stop.DOUGHNUT, SQ(5, 5), Hop.JUMP)


def test_a_rival_on_the_partner_teleport_stops_the_thief_there() -> None:
    teleports = floor({SQ(1, 3): "teleport-blue", SQ(5, 5): "teleport-blue"})
    path = dash(LAYOUT, teleports, board({SQ(1, 7): D}), {SQ(5, 5)}, start=SQ(1, 1), heading=Direction.E)
    assert (path.stop, path.end) == (Stop.THIEF, SQ(5, 5))


def test_a_thief_starting_on_a_teleport_may_use_it_or_ignore_it() -> None:
    teleports = floor({SQ(1, 1): "teleport-pink", SQ(5, 5): "teleport-pink"})
    doughnuts = board({SQ(1, 3): D, SQ(5, 7): D})
    used = dash(LAYOUT, teleports, doughnuts, (), start=SQ(1, 1), heading=Direction.E, teleport=True)
    ignored = dash(LAYOUT, teleports, doughnuts, (), start=SQ(1, 1), heading=Direction.E, teleport=False)
    assert used.squares == (SQ(5, 5), SQ(5, 6), SQ(5, 7))
    assert ignored.squares == (SQ(1, 2), SQ(1, 3))


def test_a_teleport_without_a_partner_on_the_floor_is_a_plain_square() -> None:
    lone = floor({SQ(1, 3): "teleport-green"})
    path = dash(LAYOUT, lone, board({SQ(1, 5): D}), (), start=SQ(1, 1), heading=Direction.E)
    assert path.squares == (SQ(1, 2), SQ(1, 3), SQ(1, 4), SQ(1, 5))


def test_an_empty_row_is_an_endless_loop_of_every_square_in_it() -> None:
    path = dash(LAYOUT, EMPTY_FLOOR, board({}), (), start=SQ(3, 2), heading=Direction.W)
    assert path.stop is Stop.LOOP
    assert path.loop == tuple(SQ(3, col) for col in range(8))


def test_bouncing_between_two_reflecting_barriers_is_a_loop_of_the_squares_between() -> None:
    mirrors = floor({SQ(1, 1): "reflect", SQ(1, 4): "reflect"})
    path = dash(LAYOUT, mirrors, board({}), (), start=SQ(1, 2), heading=Direction.E)
    assert path.stop is Stop.LOOP
    assert path.loop == (SQ(1, 1), SQ(1, 2), SQ(1, 3), SQ(1, 4))


def test_a_loop_through_teleports_lists_only_the_squares_passed() -> None:
    teleports = floor({SQ(1, 2): "teleport-blue", SQ(1, 6): "teleport-blue"})
    path = dash(LAYOUT, teleports, board({}), (), start=SQ(1, 0), heading=Direction.E)
    assert path.stop is Stop.LOOP
    assert path.loop == (SQ(1, 0), SQ(1, 1), SQ(1, 2), SQ(1, 6), SQ(1, 7))


def test_a_loop_offers_no_square_of_the_movers_own_other_thief_or_a_doughnut() -> None:
    path = dash(LAYOUT, EMPTY_FLOOR, board({}), (), start=SQ(3, 2), heading=Direction.W, friend=SQ(3, 6))
    assert path.stop is Stop.LOOP
    assert SQ(3, 6) in path.squares
    assert path.loop == tuple(SQ(3, col) for col in range(8) if col != 6)


@pytest.mark.parametrize("feature", ["fixed", "reflect", "teleport-blue"])
def test_leap_passes_over_the_whole_square_feature_included(feature: str) -> None:
    features = floor({SQ(1, 3): feature, SQ(5, 5): "teleport-blue"})
    doughnuts = board({SQ(1, 3): D, SQ(1, 6): D})
    path = dash(LAYOUT, features, doughnuts, (), start=SQ(1, 1), heading=Direction.E, leap=True)
    assert path.squares == (SQ(1, 2), SQ(1, 3), SQ(1, 4), SQ(1, 5), SQ(1, 6))
    assert path.hops == (Hop.STEP, Hop.LEAP, Hop.STEP, Hop.STEP, Hop.STEP)
    assert (path.stop, path.end) == (Stop.DOUGHNUT, SQ(1, 6))


def test_leap_passes_over_the_first_doughnut_which_stays_and_stops_at_the_next() -> None:
    doughnuts = board({SQ(1, 3): D, SQ(1, 5): D})
    path = dash(LAYOUT, EMPTY_FLOOR, doughnuts, (), start=SQ(1, 1), heading=Direction.E, leap=True)
    assert path.hops == (Hop.STEP, Hop.LEAP, Hop.STEP, Hop.STEP)
    assert (path.stop, path.end) == (Stop.DOUGHNUT, SQ(1, 5))
