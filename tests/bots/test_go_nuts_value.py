"""The learned Go Nuts leaf: its features, its network, its training command and what it judges."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

import holesome  # noqa: E402
from holesome.bots import go_nuts_value  # noqa: E402
from holesome.bots.go_nuts_value import WIDTH, LearnedLeaf, features, shipped  # noqa: E402
from holesome.bots.value_net import ValueNet, train  # noqa: E402
from holesome.core.game import CHANCE, sample_chance  # noqa: E402
from holesome.games.go_nuts import GoNutsState  # noqa: E402

GAME = holesome.load("go-nuts", players=2)


def _positions(count: int, seed: int) -> list[GoNutsState]:
    """Positions of random two-player games, the last ones near the end."""
    rng = random.Random(seed)
    found: list[GoNutsState] = []
    while len(found) < count:
        state = GAME.start(rng.randrange(10**6))
        while GAME.outcome(state) is None:
            seat = GAME.to_act(state)[0]
            action = sample_chance(GAME, state, rng) if seat == CHANCE else rng.choice(GAME.legal_actions(state, seat))
            state = GAME.apply(state, seat, action)
            if GAME.outcome(state) is None and rng.random() < 0.2:
                found.append(state)
    return found[:count]


def _swapped(state: GoNutsState) -> GoNutsState:
    """The same position with the two hands exchanged."""
    return replace(state, hands=state.hands[::-1])


def test_features_describe_a_position_from_either_side_alike() -> None:
    """A seat's features do not depend on which seat number it has: the position seen from seat 1
    is the exchanged position seen from seat 0."""
    for state in _positions(30, 1):
        assert features(state, 0).shape == (WIDTH,)
        assert np.array_equal(features(state, 1), features(_swapped(state), 0))
        assert not np.array_equal(features(state, 0), features(state, 1)) or state.hands[0] == state.hands[1]


def test_the_shipped_network_reads_the_features() -> None:
    assert shipped().inputs == WIDTH


def test_the_leaf_gives_a_finished_game_its_outcome_and_shares_a_value_otherwise() -> None:
    leaf, rng = LearnedLeaf(), random.Random(0)
    for state in _positions(20, 2):
        values = leaf.evaluate(GAME, state, rng)
        assert len(values) == 2 and 0 < values[0] < 1 and values[0] + values[1] == pytest.approx(1)
    over = GAME.start(3)
    while (outcome := GAME.outcome(over)) is None:
        seat = GAME.to_act(over)[0]
        action = sample_chance(GAME, over, rng) if seat == CHANCE else GAME.legal_actions(over, seat)[0]
        over = GAME.apply(over, seat, action)
    assert leaf.evaluate(GAME, over, rng) == outcome.values


def test_the_shipped_network_sees_who_is_far_ahead_near_the_end() -> None:
    """Near the end, a seat holding four Powdered (12 points) against nothing is almost sure to win."""
    leaf, rng = LearnedLeaf(), random.Random(0)
    late = [state for state in _positions(200, 3) if sum(state.deck) <= 6 and state.task is None]
    assert late
    powdered = next(kind.id for kind in holesome.games.go_nuts.cards.KINDS if kind.name == "Powdered")
    for state in late[:10]:
        ahead = tuple(4 if kind == powdered else 0 for kind in range(len(state.hands[0])))
        empty = tuple(0 for _ in ahead)
        assert leaf.evaluate(GAME, replace(state, hands=(ahead, empty)), rng)[0] > 0.9
        assert leaf.evaluate(GAME, replace(state, hands=(empty, ahead)), rng)[0] < 0.1


def test_training_fits_what_it_is_shown_and_repeats_itself() -> None:
    """On a smooth target the network ends far closer than the targets' own spread, and the same
    arguments give the same weights."""
    rng = np.random.default_rng(0)
    inputs = rng.normal(size=(2_000, 6))
    targets = 1 / (1 + np.exp(-(inputs[:, 0] - 2 * inputs[:, 1] * inputs[:, 2])))
    net = train(inputs, targets, hidden=16, epochs=30, rate=1e-2)
    error = np.sqrt(((net.values(inputs) - targets) ** 2).mean())
    assert error < 0.2 * targets.std()
    again = train(inputs, targets, hidden=16, epochs=30, rate=1e-2)
    assert np.array_equal(net.hidden, again.hidden) and net.out_bias == again.out_bias


def test_training_refuses_sizes_out_of_bounds() -> None:
    inputs, targets = np.zeros((4, 2)), np.zeros(4)
    for bad in ({"hidden": 0}, {"hidden": 10**6}, {"epochs": 0}):
        with pytest.raises(ValueError, match="hidden units"):
            train(inputs, targets, **bad)
    with pytest.raises(ValueError, match="as many targets"):
        train(inputs, np.zeros(3))


def test_weights_survive_a_save_and_a_load(tmp_path: Path) -> None:
    net = shipped()
    net.save(tmp_path / "net.npz")
    loaded = ValueNet.load(tmp_path / "net.npz")
    row = features(_positions(1, 4)[0], 0)
    assert loaded.values(row) == net.values(row)


def test_the_training_command_writes_weights_the_leaf_can_use(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("numba")
    out = tmp_path / "net.npz"
    small = ["--greedy-games", "3", "--searched-games", "1", "--iterations", "5", "--workers", "1"]
    go_nuts_value.main([*small, "--out", str(out)])
    assert "kept back" in capsys.readouterr().out
    leaf = LearnedLeaf(ValueNet.load(out))
    assert 0 < leaf.evaluate(GAME, GAME.start(0), random.Random(0))[0] < 1


@pytest.mark.parametrize(
    ("arguments", "complaint"),
    [
        (["--greedy-games", "0"], "--greedy-games is from 1 to 100000, got 0"),
        (["--searched-games", "100001"], "--searched-games is from 1"),
        (["--hidden", "5000"], "--hidden is from 1 to 1024"),
        (["--epochs", "0"], "--epochs is from 1"),
        (["--workers", "0"], "--workers is from 1"),
        (["--out", "/no/such/place/net.npz"], "no directory"),
    ],
)
def test_the_training_command_refuses_bad_options_at_once(
    arguments: list[str], complaint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit):
        go_nuts_value.main(arguments)
    assert complaint in capsys.readouterr().err


def test_a_leaf_with_playouts_averages_the_network_and_the_greedy_games() -> None:
    pytest.importorskip("numba")
    from holesome.bots.settings import PICK_MIX
    from holesome.fast import CompiledRollout

    state = _positions(1, 5)[0]
    network = LearnedLeaf().evaluate(GAME, state, random.Random(3))[0]
    games = CompiledRollout(playouts=8, mix=PICK_MIX["go-nuts"]).evaluate(GAME, state, random.Random(3))[0]
    blended = LearnedLeaf(playouts=8).evaluate(GAME, state, random.Random(3))
    assert blended[0] == pytest.approx((network + games) / 2) and sum(blended) == pytest.approx(1)


def test_the_leaf_refuses_other_games_and_counts_out_of_bounds() -> None:
    with pytest.raises(ValueError, match="0 to 4096 games"):
        LearnedLeaf(playouts=5000)
    four = holesome.load("go-nuts", players=4)
    with pytest.raises(ValueError, match="two-player Go Nuts"):
        LearnedLeaf().evaluate(four, four.start(0), random.Random(0))
