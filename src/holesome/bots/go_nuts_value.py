"""Two-player Go Nuts judged by a learned value network instead of playouts (`LearnedLeaf`).

The searches' leaf for Go Nuts was the mean of 32 compiled games between greedy seats (`settings`,
`PICK_MIX`): some 600 microseconds a leaf, most of a search's time, and still noisy (a 32-game mean
is off from the games' true mean by some 0.06 to 0.08). `LearnedLeaf` asks a small network
(`value_net`) what those games would say on average, in some 20 microseconds and about as close to
it, so a search at the same CPU runs ten times the iterations and more (docs/bots.md, "Go Nuts 2p:
a learned leaf").

**What it reads.** Only what both seats see at two players: the hands, the row, the discard pile
and the deck's counts, which at two seats hold nothing a seat cannot see once the other's pending
pick is taken back (`determinize` leaves it so). `features` describes them from one seat's side.

**How it is trained** (`python -m holesome.bots.go_nuts_value`): positions from compiled games
between greedy seats at many temperatures, replayed through the engine, and positions the shipped
search itself judged in self-play; each labelled by the mean of `LABEL_GAMES` greedy games from
it, the judgement the network learns. Every position is used from both seats' sides. The
shipped weights are `go_nuts_value.npz`, made by the command's defaults.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

import holesome
from holesome.bots.search import Budget
from holesome.bots.value_net import MAX_EPOCHS, MAX_HIDDEN, ValueNet, train
from holesome.core.errors import HolesomeError
from holesome.core.game import CHANCE, Game
from holesome.core.match import Match
from holesome.fast import MAX_PLAYOUTS
from holesome.games.go_nuts import GoNutsState
from holesome.games.go_nuts.cards import deck_counts
from holesome.games.go_nuts.scoring import scores

WEIGHTS = Path(__file__).with_name("go_nuts_value.npz")
DEALT = int(np.flatnonzero(deck_counts(2))[-1]) + 1
"""The kinds the two-player deck deals (the first 9 of the rulebook's order)."""
UP_TO = 5
"""How many cards of a kind a hand's features tell apart (Donut Holes' table stops at 5)."""
WIDTH = 2 * DEALT * UP_TO + 4 * DEALT + 10
"""How many features a position has."""
LABEL_GAMES = 256
"""Greedy games averaged for one position's training target (off by some 0.02)."""
TEMPERATURES = (0.0, 0.05, 0.1, 0.25, 0.25, 0.5, 1.0, 2.0)
"""The greedy seats' temperatures the training games are played at, one drawn a game (0: random
play), so the positions range from careless play to careful."""
CHUNK = 50
"""Games a worker plays and labels at a time."""
MAX_GAMES = 100_000
MAX_WORKERS = 64

Labelled = tuple[list[GoNutsState], np.ndarray]
"""Positions and seat 0's value at each."""


def features(state: GoNutsState, seat: int) -> np.ndarray:
    """A two-player position from `seat`'s side: for each kind, which of 1..`UP_TO` cards each
    seat holds (so a set's table is a sum), the deck's counts, the row's and the discard pile's
    cards and the pile's top card; then both scores and their difference, the lead in cards (the
    tie-break), the deck's size, a power under way and whose, and each seat's number of types."""
    other = 1 - seat
    mine, theirs = state.hands[seat], state.hands[other]
    points = scores(state.hands)
    out = np.zeros(WIDTH)
    for kind in range(DEALT):
        out[kind * UP_TO : kind * UP_TO + min(mine[kind], UP_TO)] = 1.0
        start = (DEALT + kind) * UP_TO
        out[start : start + min(theirs[kind], UP_TO)] = 1.0
    base = 2 * DEALT * UP_TO
    out[base : base + DEALT] = np.asarray(state.deck[:DEALT]) / 4
    for card in state.row:
        if card is not None:
            out[base + DEALT + card] += 1.0
    for card in state.discard:
        out[base + 2 * DEALT + card] += 0.5
    if state.discard:
        out[base + 3 * DEALT + state.discard[-1]] = 1.0
    base += 4 * DEALT
    task = state.task
    out[base : base + 10] = (
        points[seat] / 10,
        points[other] / 10,
        (points[seat] - points[other]) / 10,
        (sum(mine) - sum(theirs)) / 4,
        sum(state.deck) / 10,
        task is not None,
        task is not None and task.taker == seat,
        sum(1 for count in mine[:DEALT] if count) / 5,
        sum(1 for count in theirs[:DEALT] if count) / 5,
        1.0,
    )
    return out


@cache
def shipped() -> ValueNet:
    """The network in `WEIGHTS`, read once."""
    return ValueNet.load(WEIGHTS)


@dataclass(frozen=True, slots=True)
class LearnedLeaf:
    """A leaf evaluator (`bots.search.Evaluator`) for two-player Go Nuts: a finished game's
    outcome, else the network's value for seat 0 and its complement for seat 1.

    With `playouts` above 0, the value is half the network's and half the mean of that many
    compiled greedy games from the position (the playout leaf's games, `settings.PICK_MIX`):
    the games' noise and the network's errors are each halved, for the games' cost."""

    net: ValueNet = field(default_factory=shipped)
    playouts: int = 0

    def __post_init__(self) -> None:
        if not 0 <= self.playouts <= MAX_PLAYOUTS:  # CompiledRollout's bound
            raise ValueError(f"a learned leaf plays 0 to {MAX_PLAYOUTS} games, got {self.playouts}")

    def evaluate(self, game: Game[Any, Any], state: Any, rng: random.Random) -> tuple[float, ...]:
        """Each seat's estimated value."""
        if game.name != "go-nuts" or game.players != 2:
            raise HolesomeError(f"the learned leaf judges two-player Go Nuts, not {game.title} at {game.players}")
        outcome = game.outcome(state)
        if outcome is not None:
            return outcome.values
        value = float(self.net.values(features(state, 0)))
        if self.playouts:
            from holesome.bots.settings import PICK_MIX
            from holesome.fast import CompiledRollout

            games = CompiledRollout(playouts=self.playouts, mix=PICK_MIX[game.name])
            value = (value + games.evaluate(game, state, rng)[0]) / 2
        return (value, 1.0 - value)


def greedy_positions(games: int, seed: int, keep: float) -> list[GoNutsState]:
    """About `keep` of the positions of `games` compiled games between greedy seats, each game
    at a temperature drawn from `TEMPERATURES`, replayed through the engine."""
    from holesome.fast import compiled

    game = holesome.load("go-nuts", players=2)
    rng = random.Random(seed)
    kept: list[GoNutsState] = []
    for number in range(games):
        fast = compiled(game, rng.choice(TEMPERATURES))
        if fast is None:
            raise RuntimeError("training a Go Nuts leaf needs the compiled path (the `fast` extra)")
        state = game.start(seed=seed * MAX_GAMES + number)
        for seat, action in fast.trace(state, seed * MAX_GAMES + number, 10_000).steps:
            chosen = game.chance_outcomes(state)[action][0] if seat == CHANCE else game.decode(action)
            state = game.apply(state, seat, chosen)
            if game.outcome(state) is None and rng.random() < keep:
                kept.append(state)
    return kept


@dataclass
class _Recorder:
    """An evaluator that keeps about `keep` of the positions it is asked about, then judges them
    by the search's own leaf."""

    keep: float
    rng: random.Random
    kept: list[GoNutsState] = field(default_factory=list)

    def evaluate(self, game: Game[Any, Any], state: Any, rng: random.Random) -> tuple[float, ...]:
        from holesome.bots.settings import playout_leaf

        if self.rng.random() < self.keep:
            self.kept.append(state)
        return playout_leaf(game).evaluate(game, state, rng)


def searched_positions(games: int, seed: int, keep: float, iterations: int) -> list[GoNutsState]:
    """About `keep` of the positions `ismcts` searches at `iterations` judge with the playout leaf
    in `games` games against each other: the positions the search itself asks about."""
    from holesome.bots.ismcts import ISMCTSBot

    game = holesome.load("go-nuts", players=2)
    recorder = _Recorder(keep, random.Random(seed))
    for number in range(games):
        deal = seed * MAX_GAMES + number
        bots = [ISMCTSBot(deal * 2 + seat, Budget(iterations=iterations), evaluator=recorder) for seat in range(2)]
        Match(game, deal).play({seat: bot.act for seat, bot in enumerate(bots)})
    return recorder.kept


def labels(states: Sequence[GoNutsState], seed: int, games: int = LABEL_GAMES) -> np.ndarray:
    """Seat 0's mean value over `games` greedy games from each state (the playout leaf's judgement
    with its noise averaged away)."""
    from holesome.bots.settings import PICK_MIX
    from holesome.fast import compiled

    fast = compiled(holesome.load("go-nuts", players=2), PICK_MIX["go-nuts"])
    if fast is None:
        raise RuntimeError("training a Go Nuts leaf needs the compiled path (the `fast` extra)")
    return np.array(
        [fast.playouts([state] * games, seed + index, 10_000)[:, 0].mean() for index, state in enumerate(states)]
    )


def both_sides(states: Sequence[GoNutsState], values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every position's features from each seat's side, with seat 0's value and seat 1's."""
    rows = np.array([features(state, seat) for state in states for seat in (0, 1)]).reshape(-1, WIDTH)
    return rows, np.column_stack((values, 1.0 - values)).reshape(-1)


def _chunk(task: tuple[str, int, int, float, int]) -> Labelled:
    """One worker's share of positions, labelled."""
    kind, games, seed, keep, iterations = task
    if kind == "greedy":
        states = greedy_positions(games, seed, keep)
    else:
        states = searched_positions(games, seed, keep, iterations)
    return states, labels(states, seed * 7_919)


def _positions(kind: str, games: int, seed: int, keep: float, iterations: int, workers: int) -> list[Labelled]:
    """`games` games' positions in chunks of at most `CHUNK` games, over `workers` processes."""
    tasks = [
        (kind, min(CHUNK, games - start), seed * 1_000 + start // CHUNK, keep, iterations)
        for start in range(0, games, CHUNK)
    ]
    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(_chunk, tasks))


def main(argv: Sequence[str] | None = None) -> None:
    """Train the network and write its weights (see the module docstring)."""
    parser = argparse.ArgumentParser(prog="python -m holesome.bots.go_nuts_value", description=__doc__.split("\n")[0])
    parser.add_argument("--greedy-games", type=int, default=6_000, help="games of greedy seats to learn from")
    parser.add_argument("--searched-games", type=int, default=400, help="games of searches to learn from")
    parser.add_argument("--iterations", type=int, default=60, help="those searches' iterations a move")
    parser.add_argument("--hidden", type=int, default=64, help="the network's hidden units")
    parser.add_argument("--epochs", type=int, default=25)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=WEIGHTS, help="where to write the weights")
    args = parser.parse_args(argv)
    bounds = {
        "greedy_games": MAX_GAMES,  # at least one of each: the last searched games are kept back
        "searched_games": MAX_GAMES,
        "iterations": 10_000,
        "hidden": MAX_HIDDEN,
        "epochs": MAX_EPOCHS,
        "workers": MAX_WORKERS,
    }
    for name, most in bounds.items():
        if not 1 <= getattr(args, name) <= most:
            parser.error(f"--{name.replace('_', '-')} is from 1 to {most}, got {getattr(args, name)}")
    if not args.out.parent.is_dir():
        parser.error(f"--out: there is no directory {args.out.parent}")
    chunks = _positions("greedy", args.greedy_games, args.seed, 0.15, 0, args.workers)
    chunks += _positions("searched", args.searched_games, args.seed + 1, 0.1, args.iterations, args.workers)
    train_rows, train_targets = _stack(chunks[:-1])
    check_rows, check_targets = _stack(chunks[-1:])  # the last searched games, kept back
    net = train(train_rows, train_targets, hidden=args.hidden, epochs=args.epochs, seed=args.seed)
    error = float(np.sqrt(((net.values(check_rows) - check_targets) ** 2).mean()))
    noise = float(np.sqrt((check_targets * (1 - check_targets)).mean() / 32))
    net.save(args.out)
    sys.stdout.write(
        f"{len(train_targets) // 2} positions trained on, {len(check_targets) // 2} kept back (each from both "
        "sides): the network is off by "
        f"{error:.3f} on those (a 32-game leaf by about {noise:.3f}); weights in {args.out}\n"
    )


def _stack(chunks: Sequence[Labelled]) -> tuple[np.ndarray, np.ndarray]:
    """The chunks' positions as one table of features from both sides, and their targets."""
    parts = [both_sides(states, values) for states, values in chunks if states]
    if not parts:
        raise SystemExit("no positions: play more games")
    return np.concatenate([rows for rows, _ in parts]), np.concatenate([targets for _, targets in parts])


if __name__ == "__main__":
    main(sys.argv[1:])
