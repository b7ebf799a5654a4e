"""Bots, by name: each takes a `Decision` and returns a legal action.

A name is a strength a player picks (`easy`, `medium`, `hard`) or a kind with an optional
setting: iterations per move after a colon (`ismcts:500`; greedy's samples, `greedy:8`) and a
time per move after an at sign (`ismcts@1s`, `mcts@500ms`, both at once: `ismcts:2000@1s`, the
first spent ends the search). `BOTS` lists the kinds, `STRENGTHS` what each strength is.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from holesome.bots.base import Bot
from holesome.bots.exploiter import ExploiterBot
from holesome.bots.greedy import GreedyBot
from holesome.bots.hard import HardBot
from holesome.bots.ismcts import ISMCTSBot
from holesome.bots.mcts import MCTSBot
from holesome.bots.perfect import PerfectBot
from holesome.bots.random_bot import RandomBot
from holesome.bots.search import Budget
from holesome.bots.turn import TurnBot
from holesome.core.errors import HolesomeError
from holesome.core.game import Game
from holesome.games import GAMES

DEFAULT_ITERATIONS = 1000
MAX_ITERATIONS = 10_000_000
MAX_SECONDS = 600.0
"""Bounds on a name's setting: a bot asked to think longer is refused, not obeyed."""


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A parsed bot name: its kind, its count (iterations or samples) and its time per move."""

    kind: str
    count: int | None = None
    seconds: float | None = None

    @property
    def budget(self) -> Budget:
        """The search budget the name asks for (1,000 iterations unless it names one)."""
        iterations = self.count if self.count is not None or self.seconds is not None else DEFAULT_ITERATIONS
        return Budget(iterations=iterations, seconds=self.seconds)


BOTS: dict[str, Callable[[int | None, BotSpec], Bot]] = {
    "random": lambda seed, _: RandomBot(seed),
    "greedy": lambda seed, spec: GreedyBot(seed, samples=spec.count or 4),
    "mcts": lambda seed, spec: MCTSBot(seed, spec.budget),
    "ismcts": lambda seed, spec: ISMCTSBot(seed, spec.budget),
    "perfect": lambda seed, _: PerfectBot(seed),
    "exploiter": lambda seed, spec: ExploiterBot(seed, spec.budget),
    "turn": lambda seed, spec: TurnBot(seed, spec.seconds or 1.0),
}
"""Every kind of bot; the names of `STRENGTHS` build these too."""
SETTINGS = {
    "random": (),
    "greedy": (":",),
    "mcts": (":", "@"),
    "ismcts": (":", "@"),
    "perfect": (),
    "exploiter": (":", "@"),
    "turn": ("@",),
}
"""Which settings each kind takes: a count after `:`, a time after `@`."""


@dataclass(frozen=True, slots=True)
class Strength:
    """A strength a player picks: the bot it is and what that means, in words."""

    label: str
    """How the lobby offers it."""
    build: Callable[[int | None], Bot]
    setting: str
    """What it is, for a seat's name and the docs: kind and setting."""


STRENGTHS: dict[str, Strength] = {
    "easy": Strength(
        "Easy (looks one move ahead, and slips one move in four)",
        lambda seed: GreedyBot(seed, samples=2, slips=0.25),
        "greedy, 2 samples, one move in four at random",
    ),
    "medium": Strength(
        "Medium (the best score one move ahead)",
        GreedyBot,
        "greedy, 4 samples",
    ),
    "hard": Strength(
        "Hard (searches up to a second a move)",
        HardBot,
        "mcts@1s on Honey Donut, turn@1s on Double Dash! (perfect information), ismcts@1s on the others",
    ),
}
DEFAULT_BOT = "hard"
"""The bot a seat gets when no one says which: the strongest that keeps play snappy."""
PERFECT_INFORMATION_ONLY = frozenset({"mcts", "turn"})
"""Kinds that search the state as it stands, so they refuse a game with secrets."""
ONE_GAME = {"perfect": "honey-donut"}
"""Kinds that play one game only."""

_NAME = re.compile(r"(?P<kind>[a-z]+)(?::(?P<count>\d+))?(?:@(?P<time>\d+(?:\.\d+)?)(?P<unit>s|ms))?")


def parse_bot(name: str) -> BotSpec:
    """The kind and settings `name` asks for; `HolesomeError` saying what is wrong if none."""
    if name in STRENGTHS:
        return BotSpec(name)
    match = _NAME.fullmatch(name)
    kind = name.partition(":")[0].partition("@")[0]
    if kind not in BOTS:
        raise HolesomeError(f"no bot named {kind!r}; bots: {', '.join([*BOTS, *STRENGTHS])}")
    if match is None:
        raise HolesomeError(f"{name!r}: a bot name is kind, kind:N (a whole number) or kind@T (1s, 500ms)")
    count = int(match["count"]) if match["count"] else None
    seconds = None
    if match["time"]:
        seconds = float(match["time"]) / (1000 if match["unit"] == "ms" else 1)
    for mark, given in ((":", count), ("@", seconds)):
        if given is not None and mark not in SETTINGS[kind]:
            raise HolesomeError(f"{kind} takes no {mark} setting, got {name!r}")
    if count is not None and not 0 < count <= MAX_ITERATIONS:
        raise HolesomeError(f"{kind}:N takes a whole number from 1 to {MAX_ITERATIONS:,}, got {count}")
    if seconds is not None and not 0 < seconds <= MAX_SECONDS:
        raise HolesomeError(f"{kind}@T takes a time above 0 and at most {MAX_SECONDS:g}s, got {name!r}")
    return BotSpec(kind, count, seconds)


def unfit(name: str, game: Game[Any, Any]) -> str | None:
    """Why the bot `name` cannot play `game`, in words, or None if it can; asked before a seat is
    given to it, so that a table is not dealt to a bot that would fail at its first move."""
    kind = parse_bot(name).kind
    if kind in PERFECT_INFORMATION_ONLY and not game.perfect_information:
        return f"{kind} plays perfect-information games only, and {game.title} has secrets: use ismcts or a strength"
    if kind in ONE_GAME and game.name != ONE_GAME[kind]:
        return f"the {kind} bot plays only {GAMES[ONE_GAME[kind]].title}, not {game.title}"
    return None


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A new bot for `name` (a strength, or `kind`, `kind:N`, `kind@T`), seeded."""
    spec = parse_bot(name)
    if spec.kind in STRENGTHS:
        return STRENGTHS[spec.kind].build(seed)
    return BOTS[spec.kind](seed, spec)


__all__ = [
    "BOTS",
    "DEFAULT_BOT",
    "STRENGTHS",
    "Bot",
    "BotSpec",
    "ExploiterBot",
    "GreedyBot",
    "HardBot",
    "ISMCTSBot",
    "MCTSBot",
    "PerfectBot",
    "RandomBot",
    "TurnBot",
    "make_bot",
    "parse_bot",
    "unfit",
]
