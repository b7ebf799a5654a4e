"""Server-side bots, thinking in a pool of worker processes so the event loop never waits.

A bot gets what any bot gets, a `Decision` for its seat, and answers with an action as JSON.
Each decision uses a fresh bot seeded from the game's seed, the seat and the step number:
bots hold no state between moves, so a game rebuilt after a restart (or served by another
process) asks for the same move and gets it.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import signal
import threading
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from holesome.bots import make_bot
from holesome.core.decision import Decision
from holesome.core.game import Game, Json, Seat


def bot_seed(seed: int, seat: Seat, step: int) -> int:
    """The seed of the bot deciding for `seat` at `step` of a game with `seed`."""
    return hash((seed, seat, step)) & 0x7FFF_FFFF_FFFF_FFFF


def think(game: Game[Any, Any], state: Any, seat: Seat, bot: str, seed: int) -> Json:
    """Run one bot decision (in a worker) and return its action as JSON."""
    decision = Decision(game, seat, state)
    return game.action_to_json(make_bot(bot, seed).act(decision))


class BotPool:
    """Worker processes (or threads, for tests that want no subprocesses) that run `think`."""

    def __init__(self, workers: int, processes: bool = True) -> None:
        self.executor: Executor = (
            ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"))
            if processes
            else ThreadPoolExecutor(workers, thread_name_prefix="holesome-bot")
        )
        if processes:
            self._start_workers(workers)

    def _start_workers(self, workers: int) -> None:
        """Start every worker now, with Ctrl-C ignored, which they keep (Python leaves an ignored
        SIGINT ignored). Ctrl-C reaches every process of the terminal's group, but only the server
        decides when its workers stop (`close`): a worker killed mid-task leaks its semaphores."""
        if threading.current_thread() is not threading.main_thread():
            return
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            for _ in range(workers):
                self.executor.submit(int)
        finally:
            signal.signal(signal.SIGINT, previous)

    async def choose(self, game: Game[Any, Any], state: Any, seat: Seat, *, bot: str, seed: int, step: int) -> Json:
        """The action the seat's bot plays, as JSON."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, think, game, state, seat, bot, bot_seed(seed, seat, step))

    def close(self) -> None:
        """Stop the workers: decisions not yet started are dropped, those under way finish (a bot's
        budget bounds them), and every worker and queue is closed before the server exits, so
        nothing is left behind (no leaked semaphores)."""
        self.executor.shutdown(wait=True, cancel_futures=True)
