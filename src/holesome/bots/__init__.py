"""Bots, by name: each takes a `Decision` and returns a legal action.

`make_bot(name, seed)` builds one; `BOTS` lists what `--seat` and `--bots` accept.
"""

from collections.abc import Callable

from holesome.bots.base import Bot
from holesome.bots.perfect import PerfectBot
from holesome.bots.random_bot import RandomBot
from holesome.core.errors import HolesomeError

BOTS: dict[str, Callable[[int | None], Bot]] = {
    "random": RandomBot,
    "perfect": PerfectBot,
}


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A new bot of kind `name`, seeded."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise HolesomeError(f"no bot named {name!r}; bots: {', '.join(BOTS)}") from None
    return factory(seed)


__all__ = ["BOTS", "Bot", "PerfectBot", "RandomBot", "make_bot"]
