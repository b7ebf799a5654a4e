"""Leaves judged by a learned value network instead of playouts (`LearnedLeaf`), and the command
that trains one (`main`).

A search spends most of its time judging leaves by whole games played out on the compiled path
(`settings.playout_leaf`). A small network (`value_net`) that has learned what those games say
of a position on average says it in some 20 to 40 microseconds, where the games cost hundreds,
so a search at the same CPU runs several times the iterations. That made two-player Go Nuts
stronger (docs/bots.md, "Go Nuts 2p: a learned leaf") and two-player Doughnut Dash weaker ("Doughnut
Dash 2p: a learned leaf, tried and not kept"): `settings.LEARNED_LEAVES` names where it is the
default.

Each game with such a leaf has a `Recipe` in a module of its own (`go_nuts_value`,
`doughnut_dash_value`): what the network reads of a position (`Recipe.features`, from one
seat's side, so one network serves both seats), for which player count and options, where its
weights are, and how it is trained. The leaf reads only the determinized state it is handed.

**How a network is trained** (`python -m holesome.bots.go_nuts_value`, or `doughnut_dash_value`):
positions from compiled games at the recipe's temperatures (greedy seats, or random ones at 0),
replayed through the engine, and positions the shipped search itself asks its leaf about in
self-play; each labelled by the mean of `Recipe.label_games` games of the playout leaf's kind
from it, the judgement the network learns. Every position is used from both seats' sides, and
the last searched games are kept back to say how far off the network is.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

import numpy as np

import holesome
from holesome.bots.search import Budget
from holesome.bots.value_net import MAX_EPOCHS, MAX_HIDDEN, ValueNet, train
from holesome.core.errors import HolesomeError
from holesome.core.game import CHANCE, Game
from holesome.core.match import Match
from holesome.fast import MAX_PLAYOUTS

CHUNK = 50
"""Games a worker plays and labels at a time."""
MAX_GAMES = 100_000
MAX_WORKERS = 64


@dataclass(frozen=True)
class Recipe:
    """One game's learned leaf: what it reads, where it fits, and how it is trained."""

    game: str
    """The game's name."""
    players: int
    """The one player count the network judges."""
    width: int
    """How many features a position has."""
    features: Callable[[Game[Any, Any], Any, int], np.ndarray]
    """A position's features from one seat's side: `features(game, state, seat)`."""
    weights: Path
    """The shipped weights (`.npz`), made by the training command's defaults."""
    needs: str
    """The module the features need at play ("numpy", or "numba" where they are compiled)."""
    temperatures: tuple[float, ...]
    """The greedy seats' temperatures of the training games, one drawn a game (0: random play)."""
    label_mix: float
    """The temperature of the games that label a position (0: random): the playout leaf's."""
    label_games: int
    """Games averaged for one position's label."""
    keep: tuple[float, float]
    """The share of the played games' positions and of the searched positions kept."""
    defaults: dict[str, int]
    """The training command's defaults: played_games, searched_games, iterations, hidden,
    epochs, seed."""

    def fits(self, game: Game[Any, Any]) -> bool:
        """Whether the network was trained for this game, player count and options."""
        return (
            game.name == self.game and game.players == self.players and game.options == type(game)(self.players).options
        )


RECIPES = {"go-nuts": "holesome.bots.go_nuts_value", "doughnut-dash": "holesome.bots.doughnut_dash_value"}
"""The module holding each game's `RECIPE`, by game name."""


def recipe(name: str) -> Recipe:
    """The recipe of the game `name` (a key of `RECIPES`)."""
    found: Recipe = importlib.import_module(RECIPES[name]).RECIPE
    return found


@cache
def shipped(name: str) -> ValueNet:
    """The game's shipped network, read once."""
    return ValueNet.load(recipe(name).weights)


@dataclass(frozen=True)
class LearnedLeaf:
    """A leaf evaluator (`bots.search.Evaluator`) for the games with a `Recipe`, at the player
    count and options it fits: a finished game's outcome, else the network's value for seat 0 and
    its complement for seat 1.

    With `playouts` above 0, the value is half the network's and half the mean of that many
    compiled games from the position (of the kind that labelled its training): the games' noise
    and the network's errors are each halved, for the games' cost."""

    net: ValueNet | None = None
    """The weights; None for the shipped ones of the game judged."""
    playouts: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.playouts <= MAX_PLAYOUTS:  # CompiledRollout's bound
            raise ValueError(f"a learned leaf plays 0 to {MAX_PLAYOUTS} games, got {self.playouts}")

    def evaluate(self, game: Game[Any, Any], state: Any, rng: random.Random) -> tuple[float, ...]:
        """Each seat's estimated value."""
        found = recipe_for(game)
        if found is None:
            raise HolesomeError(
                "the learned leaf judges two-player Go Nuts and Doughnut Dash with their default options, "
                f"not {game.title} at {game.players} players with {game.options}"
            )
        outcome = game.outcome(state)
        if outcome is not None:
            return outcome.values
        net = self.net or shipped(game.name)
        value = float(net.values(found.features(game, state, 0)))
        if self.playouts:
            from holesome.fast import CompiledRollout

            games = CompiledRollout(playouts=self.playouts, mix=found.label_mix)
            value = (value + games.evaluate(game, state, rng)[0]) / 2
        return (value, 1.0 - value)


_fitted: WeakKeyDictionary[Game[Any, Any], Recipe | None] = WeakKeyDictionary()
"""`recipe_for`'s answer for each loaded game asked about (checking that a recipe fits builds a game)."""


def recipe_for(game: Game[Any, Any]) -> Recipe | None:
    """The recipe whose network was trained for this game, player count and options, or None;
    worked out once per loaded game."""
    if game not in _fitted:
        found = recipe(game.name) if game.name in RECIPES else None
        _fitted[game] = found if found is not None and found.fits(game) else None
    return _fitted[game]


def played_positions(found: Recipe, games: int, seed: int) -> list[Any]:
    """About `found.keep[0]` of the positions of `games` compiled games, each at a temperature
    drawn from `found.temperatures`, replayed through the engine."""
    from holesome.fast import compiled

    game = holesome.load(found.game, players=found.players)
    rng = random.Random(seed)
    kept: list[Any] = []
    for number in range(games):
        fast = compiled(game, rng.choice(found.temperatures))
        if fast is None:
            raise RuntimeError(f"training a learned leaf for {game.title} needs the compiled path (the `fast` extra)")
        state = game.start(seed=seed * MAX_GAMES + number)
        for seat, action in fast.trace(state, seed * MAX_GAMES + number, 10_000).steps:
            chosen = game.chance_outcomes(state)[action][0] if seat == CHANCE else game.decode(action)
            state = game.apply(state, seat, chosen)
            if game.outcome(state) is None and rng.random() < found.keep[0]:
                kept.append(state)
    return kept


@dataclass
class _Recorder:
    """An evaluator that keeps about `keep` of the positions it is asked about, then judges them
    by the search's playout leaf."""

    keep: float
    rng: random.Random
    kept: list[Any] = field(default_factory=list)

    def evaluate(self, game: Game[Any, Any], state: Any, rng: random.Random) -> tuple[float, ...]:
        from holesome.bots.settings import playout_leaf

        if self.rng.random() < self.keep:
            self.kept.append(state)
        return playout_leaf(game).evaluate(game, state, rng)


def searched_positions(found: Recipe, games: int, seed: int, iterations: int) -> list[Any]:
    """About `found.keep[1]` of the positions `ismcts` searches at `iterations` judge with the
    playout leaf in `games` games against each other: the positions the search itself asks about."""
    from holesome.bots.ismcts import ISMCTSBot

    game = holesome.load(found.game, players=found.players)
    recorder = _Recorder(found.keep[1], random.Random(seed))
    for number in range(games):
        deal = seed * MAX_GAMES + number
        bots = [ISMCTSBot(deal * 2 + seat, Budget(iterations=iterations), evaluator=recorder) for seat in range(2)]
        Match(game, deal).play({seat: bot.act for seat, bot in enumerate(bots)})
    return recorder.kept


def labels(found: Recipe, states: Sequence[Any], seed: int) -> np.ndarray:
    """Seat 0's mean value over `found.label_games` games from each state (the playout leaf's
    judgement with its noise averaged away)."""
    from holesome.fast import compiled

    fast = compiled(holesome.load(found.game, players=found.players), found.label_mix)
    if fast is None:
        raise RuntimeError(f"training a learned leaf for {found.game} needs the compiled path (the `fast` extra)")
    games = found.label_games
    return np.array(
        [fast.playouts([state] * games, seed + index, 10_000)[:, 0].mean() for index, state in enumerate(states)]
    )


def both_sides(found: Recipe, states: Sequence[Any], values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every position's features from each seat's side, with seat 0's value and seat 1's."""
    game = holesome.load(found.game, players=found.players)
    rows = [found.features(game, state, seat) for state in states for seat in (0, 1)]
    return np.array(rows).reshape(-1, found.width), np.column_stack((values, 1.0 - values)).reshape(-1)


Labelled = tuple[list[Any], np.ndarray]
"""Positions and seat 0's value at each."""


def _chunk(task: tuple[str, str, int, int, int]) -> Labelled:
    """One worker's share of positions, labelled."""
    name, kind, games, seed, iterations = task
    found = recipe(name)
    if kind == "played":
        states = played_positions(found, games, seed)
    else:
        states = searched_positions(found, games, seed, iterations)
    return states, labels(found, states, seed * 7_919)


def _positions(name: str, kind: str, games: int, seed: int, iterations: int, workers: int) -> list[Labelled]:
    """`games` games' positions in chunks of at most `CHUNK` games, over `workers` processes."""
    tasks = [
        (name, kind, min(CHUNK, games - start), seed * 1_000 + start // CHUNK, iterations)
        for start in range(0, games, CHUNK)
    ]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(_chunk, tasks))


def main(name: str, argv: Sequence[str] | None = None) -> None:
    """Train the game's network and write its weights (see the module docstring)."""
    found = recipe(name)
    module = RECIPES[name]
    parser = argparse.ArgumentParser(prog=f"python -m {module}", description=sys.modules[module].__doc__)
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    for option, help_text in (
        ("played_games", "compiled games to learn from"),
        ("searched_games", "games of searches to learn from"),
        ("iterations", "those searches' iterations a move"),
        ("hidden", "the network's hidden units"),
    ):
        parser.add_argument(f"--{option.replace('_', '-')}", type=int, default=found.defaults[option], help=help_text)
    parser.add_argument("--epochs", type=int, default=found.defaults["epochs"])
    parser.add_argument("--seed", type=int, default=found.defaults["seed"])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=found.weights, help="where to write the weights")
    args = parser.parse_args(argv)
    bounds = {
        "played_games": MAX_GAMES,
        "searched_games": MAX_GAMES,  # at least one: the last searched games are kept back
        "iterations": 10_000,
        "hidden": MAX_HIDDEN,
        "epochs": MAX_EPOCHS,
        "workers": MAX_WORKERS,
    }
    for option, most in bounds.items():
        if not 1 <= getattr(args, option) <= most:
            parser.error(f"--{option.replace('_', '-')} is from 1 to {most}, got {getattr(args, option)}")
    if not args.out.parent.is_dir():
        parser.error(f"--out: there is no directory {args.out.parent}")
    chunks = _positions(name, "played", args.played_games, args.seed, 0, args.workers)
    chunks += _positions(name, "searched", args.searched_games, args.seed + 1, args.iterations, args.workers)
    train_rows, train_targets = _stack(found, chunks[:-1])
    check_rows, check_targets = _stack(found, chunks[-1:])  # the last searched games, kept back
    net = train(train_rows, train_targets, hidden=args.hidden, epochs=args.epochs, seed=args.seed)
    error = float(np.sqrt(((net.values(check_rows) - check_targets) ** 2).mean()))
    noise = float(np.sqrt((check_targets * (1 - check_targets)).mean() / 32))
    net.save(args.out)
    sys.stdout.write(
        f"{len(train_targets) // 2} positions trained on, {len(check_targets) // 2} kept back (each from both "
        "sides): the network is off by "
        f"{error:.3f} on those (a 32-game leaf by about {noise:.3f}); weights in {args.out}\n"
    )


def _stack(found: Recipe, chunks: Sequence[Labelled]) -> tuple[np.ndarray, np.ndarray]:
    """The chunks' positions as one table of features from both sides, and their targets."""
    parts = [both_sides(found, states, values) for states, values in chunks if states]
    if not parts:
        raise SystemExit("no positions: play more games")
    return np.concatenate([rows for rows, _ in parts]), np.concatenate([targets for _, targets in parts])
