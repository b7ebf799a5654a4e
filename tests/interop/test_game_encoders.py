"""What every game's own encoder promises: a fixed length, values in range, equal views alike."""

import copy
import math

import pytest

import holesome
from holesome.interop.encoders import (
    ENCODERS,
    DonutDilemmaEncoder,
    DoubleDashEncoder,
    DoughnutDashEncoder,
    GoNutsEncoder,
    HashedViewEncoder,
    encoder_for,
)
from holesome.interop.encoders.layout import Layout
from tests.interop.encoding import sampled_views

ENCODED_GAMES = ["go-nuts", "double-dash", "doughnut-dash", "donut-dilemma"]
"""The games whose encoders this file checks (Honey Donut has its own tests)."""

LAID_OUT = (GoNutsEncoder, DoubleDashEncoder, DoughnutDashEncoder, DonutDilemmaEncoder)
"""Their encoder classes, each with a `layout` of named blocks."""

STEPS = 60
"""Steps of the random game sampled per case: the first rounds, few enough to stay fast."""

WHOLE_GAMES: list[tuple[str, dict[str, object]]] = [
    ("go-nuts", {}),
    ("doughnut-dash", {}),
    ("donut-dilemma", {}),
    ("double-dash", {"board": ["111", "...", ".#.", "...", "222"]}),
]
"""Games played to the end (Double Dash on a small board, where a game is short)."""

CASES = [(name, players) for name in ENCODED_GAMES for players in holesome.GAMES[name].player_counts]


@pytest.mark.parametrize(("name", "players"), CASES, ids=[f"{name}-{players}p" for name, players in CASES])
def test_fixed_length_finite_and_in_range(name: str, players: int) -> None:
    game = holesome.load(name, players)
    encoder = encoder_for(game)
    assert not isinstance(encoder, HashedViewEncoder)
    views = list(sampled_views(game, seed=players, max_steps=STEPS))
    vectors = [encoder.encode(view) for view in views]
    assert all(len(vector) == encoder.size for vector in vectors)
    for vector in vectors:
        assert all(math.isfinite(value) and encoder.low <= value <= encoder.high for value in vector)
    assert len({tuple(vector) for vector in vectors}) > 1, "the views of a whole game cannot all encode alike"


@pytest.mark.parametrize(("name", "options"), WHOLE_GAMES, ids=[name for name, _ in WHOLE_GAMES])
def test_in_range_to_the_end_of_a_game(name: str, options: dict[str, object]) -> None:
    game = holesome.load(name, None, **options)
    encoder = encoder_for(game)
    views = list(sampled_views(game, seed=1, max_steps=5_000))
    assert not views[-1]["to_act"], "the sampled game should have ended"
    for view in views:
        assert all(encoder.low <= value <= encoder.high for value in encoder.encode(view))


@pytest.mark.parametrize("name", ENCODED_GAMES)
def test_more_players_more_floats(name: str) -> None:
    counts = holesome.GAMES[name].player_counts
    sizes = [encoder_for(holesome.load(name, players)).size for players in counts]
    assert sizes == sorted(set(sizes))


@pytest.mark.parametrize("name", ENCODED_GAMES)
def test_equal_views_give_equal_vectors(name: str) -> None:
    game = holesome.load(name)
    encoder = ENCODERS[name](game)
    for view in sampled_views(game, seed=5, max_steps=20):
        assert encoder.encode(view) == encoder.encode(copy.deepcopy(view))
        assert encoder.encode(view) == encoder_for(game).encode(view)


@pytest.mark.parametrize("name", ENCODED_GAMES)
def test_blocks_tile_the_vector(name: str) -> None:
    encoder = encoder_for(holesome.load(name))
    assert isinstance(encoder, LAID_OUT)
    layout = encoder.layout
    stops = [0]
    for block_name, block in layout:
        assert block.start == stops[-1], f"block {block_name} does not follow the one before"
        stops.append(block.stop)
    assert stops[-1] == encoder.size


def test_a_layout_refuses_a_second_block_of_the_same_name() -> None:
    layout = Layout()
    layout.add("hands", 3)
    with pytest.raises(ValueError, match="already has a block called 'hands'"):
        layout.add("hands", 2)
