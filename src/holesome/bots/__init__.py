"""Bots, by name: each takes a `Decision` and returns a legal action.

`make_bot("ismcts")` builds one; a search bot takes its iterations per move after a colon
(`mcts:200`), greedy its samples. `BOTS` lists the names `--seat` and `--bots` accept.
"""

from collections.abc import Callable

from holesome.bots.base import Bot
from holesome.bots.greedy import GreedyBot
from holesome.bots.ismcts import ISMCTSBot
from holesome.bots.mcts import MCTSBot
from holesome.bots.perfect import PerfectBot
from holesome.bots.random_bot import RandomBot
from holesome.bots.search import Budget
from holesome.core.errors import HolesomeError

BOTS: dict[str, Callable[[int | None, int | None], Bot]] = {
    "random": lambda seed, _: RandomBot(seed),
    "greedy": lambda seed, n: GreedyBot(seed) if n is None else GreedyBot(seed, samples=n),
    "mcts": lambda seed, n: MCTSBot(seed, Budget(iterations=n or 1000)),
    "ismcts": lambda seed, n: ISMCTSBot(seed, Budget(iterations=n or 1000)),
    "perfect": lambda seed, _: PerfectBot(seed),
}


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A new bot of kind `name` (`kind` or `kind:N`), seeded."""
    kind, _, strength = name.partition(":")
    if kind not in BOTS:
        raise HolesomeError(f"no bot named {kind!r}; bots: {', '.join(BOTS)}")
    if strength and not (strength.isdigit() and int(strength) > 0):
        raise HolesomeError(f"{kind}:N takes a positive whole number, got {strength!r}")
    return BOTS[kind](seed, int(strength) if strength else None)


__all__ = ["BOTS", "Bot", "GreedyBot", "ISMCTSBot", "MCTSBot", "PerfectBot", "RandomBot", "make_bot"]
