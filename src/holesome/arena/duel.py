"""One bot against another, seats rotated, with the CPU time each side spends per decision.

    python -m holesome.arena.duel honey-donut --ours mcts:1000 --theirs openspiel-mcts:1000 --games 100
    python -m holesome.arena.duel go-nuts --ours ismcts@0.05 --theirs openspiel-ismcts:1000 --games 100
    python -m holesome.arena.duel go-nuts --ours ismcts@0.1 --theirs ismcts@0.1/rollout --games 100

A bot is named as in the arena (`greedy`, `mcts:N`), or with a time budget (`mcts@S`: S seconds
a move), or as OpenSpiel's searcher at N iterations (`openspiel-mcts:N`, `openspiel-ismcts:N`,
through our adapter: `holesome.interop.spiel_bots`). A search bot may add options after
slashes: `/rollout` judges leaves by a uniformly random playout of up to 200 steps (the old
default) instead of the game's default leaf (`bots.settings.leaf_for`), `/game` by the game's own
`evaluate`, `/compiled` by whole random playouts on the compiled path
(`holesome.fast.CompiledRollout`), `/p8` by the mean of 8 such playouts a leaf, `/s40` cuts
each after 40 steps (judged by the lead in points where the game has one), `/c0.5` sets the
exploration constant, `/g0.25` has those games' seats choose greedily at that temperature (Go
Nuts and Doughnut Dash; `/g0` at random), `/deep` has `mcts` search past the next roll where
`settings.TURN_HORIZON` would stop it, `/infer` has `ismcts` draw its worlds with
`bots.inference.InferenceSampler`, `/pure` has `ismcts` play its most visited move at
simultaneous decisions too (not a mixed one), `/n8` judges leaves by the learned network
averaged with 8 games of the playout leaf's kind (two-player Go Nuts and Doughnut Dash,
`bots.learned.LearnedLeaf`; `/n0` the network alone), and `exploiter:N/blind` is the exploiter's flat
best reply without its predictions.

Our bot sits in one seat (seat `seed % players`), theirs in all the others. Both sides' CPU
seconds per decision are measured with `time.process_time`, so "equal CPU time" is checked,
not assumed. Prints our win rate (a shared win counts as its share) with a Wilson 95% interval
and each side's CPU milliseconds per decision as one Markdown table row; `--json` keeps it all.
`--records DIR` saves each game's holesome record as `DIR/SEED.json`, so a lost game can be
replayed move by move (`holesome replay DIR/SEED.json`) or its positions searched again.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import holesome
from holesome.arena.stats import wilson
from holesome.bots import Bot, ExploiterBot, ISMCTSBot, MCTSBot, make_bot
from holesome.bots.inference import InferenceSampler
from holesome.bots.search import Budget, Evaluator, GameEvaluation, RandomRollout
from holesome.core.errors import HolesomeError
from holesome.core.match import Match

SPIEL = "openspiel-"
MAX_GAMES = 100_000
MAX_WORKERS = 64


@dataclass(frozen=True, slots=True)
class Played:
    """One finished game: our value, and each side's decisions and CPU seconds."""

    seed: int
    our_seat: int
    value: float
    our_moves: int
    our_cpu: float
    their_moves: int
    their_cpu: float


def bot(name: str, seed: int) -> Bot:
    """The bot `name` names (see the module docstring), seeded."""
    if name.startswith(SPIEL):
        from holesome.interop.spiel_bots import SpielBot

        kind, _, iterations = name.removeprefix(SPIEL).partition(":")
        return SpielBot(kind, seed, int(iterations or 1000))
    base, *extras = name.split("/")
    kind, at, seconds = base.partition("@")
    if not at and not extras:
        return make_bot(name, seed)
    if at:
        budget = Budget(iterations=None, seconds=float(seconds))
    else:
        kind, _, iterations = base.partition(":")
        budget = Budget(iterations=int(iterations or 1000))
    evaluator = _leaf(name, extras)
    exploration = _number(extras, "c")
    if kind == "mcts":
        return MCTSBot(seed, budget, exploration, evaluator, horizon=False if "deep" in extras else None)
    if kind == "ismcts":
        sampler = InferenceSampler() if "infer" in extras else None
        return ISMCTSBot(seed, budget, exploration, evaluator, mixed="pure" not in extras, sampler=sampler)
    if kind == "exploiter":
        return ExploiterBot(seed, budget, predict="blind" not in extras)
    raise HolesomeError(f"{name}: budgets and options are for mcts, ismcts or exploiter, not {kind!r}")


def _leaf(name: str, extras: list[str]) -> Evaluator | None:
    """The leaf evaluator a search bot's options name (see the module docstring), else None."""
    evaluator: Evaluator | None = RandomRollout() if "rollout" in extras else None
    if "game" in extras:
        evaluator = GameEvaluation()
    playouts = _number(extras, "p")
    steps = _number(extras, "s")
    learned = _number(extras, "n")
    for letter, number, unit in (
        ("p", playouts, "games a leaf"),
        ("s", steps, "steps a game"),
        ("n", learned, "games a leaf"),
    ):
        if number is not None and not number.is_integer():
            raise HolesomeError(f"{name}: /{letter} takes a whole number of {unit}, not {number:g}")
    mix = _number(extras, "g")
    if "compiled" in extras or playouts is not None or mix is not None or steps is not None:
        from holesome.fast import CompiledRollout

        evaluator = CompiledRollout(
            max_steps=10_000 if steps is None else int(steps),
            playouts=1 if playouts is None else int(playouts),
            mix=mix or 0.0,
        )
    if learned is not None:
        from holesome.bots.learned import LearnedLeaf

        evaluator = LearnedLeaf(playouts=int(learned))
    return evaluator


def _number(extras: list[str], letter: str) -> float | None:
    """The number of the first option `letter`N among a bot's `extras` (`c0.5`, `p8`), else None."""
    for extra in extras:
        if extra[:1] == letter and extra[1:].replace(".", "", 1).isdigit():
            return float(extra[1:])
    return None


def refuse_unwritable_json(parser: argparse.ArgumentParser, path: Path | None) -> None:
    """Refuse `--json PATH` at once when there is no directory to write it in, rather than after
    every game has been played."""
    if path is not None and not path.parent.is_dir():
        parser.error(f"--json: there is no directory {path.parent} to write {path.name} in")


def play(game_name: str, players: int, ours: str, theirs: str, seed: int, records: Path | None = None) -> Played:
    """One game, our bot in seat `seed % players`, theirs in every other seat; its record saved
    in the directory `records` if one is given."""
    game = holesome.load(game_name, players)
    match: Match[Any, Any] = Match(game, seed)
    our_seat = seed % players
    bots: list[Bot] = [bot(ours if seat == our_seat else theirs, seed * 10 + seat) for seat in range(players)]
    cpu = [0.0] * players
    moves = [0] * players

    def timed(seat: int) -> Any:
        def act(decision: Any) -> Any:
            started = time.process_time()
            action = bots[seat].act(decision)
            cpu[seat] += time.process_time() - started
            moves[seat] += 1
            return action

        return act

    outcome = match.play({seat: timed(seat) for seat in range(players)})
    if records is not None:
        match.record.save(records / f"{seed}.json")
    others = [seat for seat in range(players) if seat != our_seat]
    return Played(
        seed,
        our_seat,
        outcome.values[our_seat],
        moves[our_seat],
        cpu[our_seat],
        sum(moves[seat] for seat in others),
        sum(cpu[seat] for seat in others),
    )


def summary(games: Sequence[Played]) -> dict[str, Any]:
    """Our win rate with its interval, and each side's CPU milliseconds per decision."""
    wins = sum(game.value for game in games)
    low, high = wilson(wins, len(games))
    ours = sum(game.our_cpu for game in games) / max(1, sum(game.our_moves for game in games))
    theirs = sum(game.their_cpu for game in games) / max(1, sum(game.their_moves for game in games))
    return {
        "games": len(games),
        "wins": wins,
        "win_rate": wins / len(games) if games else 0.0,
        "ci95": [low, high],
        "our_cpu_ms_per_move": 1000 * ours,
        "their_cpu_ms_per_move": 1000 * theirs,
    }


def main(argv: Sequence[str] | None = None) -> None:
    """Play the duel and print one Markdown row."""
    parser = argparse.ArgumentParser(
        prog="python -m holesome.arena.duel", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game", choices=sorted(holesome.GAMES))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--ours", required=True)
    parser.add_argument("--theirs", required=True)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--records", type=Path, help="a directory to save each game's record in, as SEED.json")
    args = parser.parse_args(argv)
    if not 1 <= args.games <= MAX_GAMES:
        parser.error(f"--games must be 1..{MAX_GAMES}")
    if not 1 <= args.workers <= MAX_WORKERS:
        parser.error(f"--workers must be 1..{MAX_WORKERS}")
    try:  # a bad name or count fails here, at once, not in every worker
        game = holesome.load(args.game, players=args.players)
        for name in (args.ours, args.theirs):
            bot(name, 0)
            if _number(name.split("/")[1:], "n") is not None:
                from holesome.bots.learned import recipe_for

                if recipe_for(game) is None:
                    raise HolesomeError(f"{name}: the learned leaf (/n) is for two-player Go Nuts and Doughnut Dash")
            mix = _number(name.split("/")[1:], "g")
            if mix:  # greedy seats are for the games whose compiled games have them
                from holesome.fast import compiled

                compiled(game, mix)
    except (HolesomeError, ValueError) as error:
        parser.error(str(error))
    refuse_unwritable_json(parser, args.json)
    if args.records is not None:
        try:
            args.records.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            parser.error(f"--records: cannot make the directory {args.records}: {error.strerror or error}")
    seeds = range(args.seed, args.seed + args.games)
    jobs = [(args.game, args.players, args.ours, args.theirs, seed, args.records) for seed in seeds]
    games: list[Played] = []
    with ProcessPoolExecutor(args.workers) as pool:
        for played in pool.map(play, *zip(*jobs, strict=True)):
            games.append(played)
            wins = sum(game.value for game in games)
            mean_ms = 1000 * played.our_cpu / max(played.our_moves, 1)
            sys.stderr.write(
                f"game {len(games)}: seed {played.seed}, ours {played.value:g} "
                f"({played.our_moves} decisions, {mean_ms:.0f} CPU ms each); {wins:g}/{len(games)}\n"
            )
    result = summary(games)
    low, high = result["ci95"]
    sys.stdout.write(
        f"| {args.game} {args.players}p | {args.ours} | {args.theirs} | {result['games']} "
        f"| {100 * result['win_rate']:.1f}% | [{100 * low:.0f}, {100 * high:.0f}] "
        f"| {result['our_cpu_ms_per_move']:.1f} | {result['their_cpu_ms_per_move']:.1f} |\n"
    )
    if args.json:
        kept = {**vars(args), "json": None, "records": None if args.records is None else str(args.records)}
        args.json.write_text(json.dumps({**kept, **result, "each": [asdict(g) for g in games]}))


if __name__ == "__main__":
    main()
