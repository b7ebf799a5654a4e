"""Learned leaves in general: the network's training, the leaf's bounds and the training command."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

import holesome  # noqa: E402
from holesome.bots import learned  # noqa: E402
from holesome.bots.learned import RECIPES, LearnedLeaf, recipe, shipped  # noqa: E402
from holesome.bots.value_net import ValueNet, train  # noqa: E402


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
    net = shipped("go-nuts")
    net.save(tmp_path / "net.npz")
    loaded = ValueNet.load(tmp_path / "net.npz")
    row = np.random.default_rng(1).random(net.inputs)
    assert loaded.values(row) == net.values(row)


@pytest.mark.parametrize("name", sorted(RECIPES))
def test_each_recipe_names_its_game_and_ships_weights_for_its_features(name: str) -> None:
    found = recipe(name)
    assert found.game == name and found.weights.is_file()
    assert shipped(name).inputs == found.width
    game = holesome.load(name, players=found.players)
    assert found.fits(game)
    assert not found.fits(holesome.load(name, players=found.players + 1))


@pytest.mark.parametrize("name", sorted(RECIPES))
def test_the_training_command_writes_weights_the_leaf_can_use(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("numba")
    out = tmp_path / "net.npz"
    small = ["--played-games", "3", "--searched-games", "1", "--iterations", "5", "--workers", "1", "--epochs", "2"]
    learned.main(name, [*small, "--out", str(out)])
    assert "kept back" in capsys.readouterr().out
    game = holesome.load(name, players=recipe(name).players)
    leaf = LearnedLeaf(ValueNet.load(out))
    assert 0 < leaf.evaluate(game, game.start(0), random.Random(0))[0] < 1


@pytest.mark.parametrize(
    ("arguments", "complaint"),
    [
        (["--played-games", "0"], "--played-games is from 1 to 100000, got 0"),
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
    for name in RECIPES:
        with pytest.raises(SystemExit):
            learned.main(name, arguments)
        assert complaint in capsys.readouterr().err


def test_the_leaf_refuses_other_games_and_counts_out_of_bounds() -> None:
    with pytest.raises(ValueError, match="0 to 4096 games"):
        LearnedLeaf(playouts=5000)
    for name, players in (("go-nuts", 4), ("doughnut-dash", 3), ("honey-donut", 2)):
        game = holesome.load(name, players=players)
        with pytest.raises(holesome.HolesomeError, match="learned leaf"):
            LearnedLeaf().evaluate(game, game.start(0), random.Random(0))
    wide = holesome.load("doughnut-dash", players=2, layout="2x8")
    with pytest.raises(holesome.HolesomeError, match="default options"):
        LearnedLeaf().evaluate(wide, wide.start(0), random.Random(0))
