"""A bot that raises is asked again after a pause, and a bot that keeps failing plays its default."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from holesome.core.game import Game, Json, Seat
from holesome.server.bots import BotPool
from holesome.server.service import Hall
from holesome.server.storage import Storage, make_engine, migrate

WAIT_SECONDS = 20.0


class FlakyBots(BotPool):
    """Fails its first `failures` decisions (None: all of them), then plays the last legal action."""

    def __init__(self, failures: int | None) -> None:
        super().__init__(1, processes=False)
        self.failures = failures
        self.asked = 0
        self.steps: list[int] = []
        """The step of each decision asked for."""

    async def choose(self, game: Game[Any, Any], state: Any, seat: Seat, *, bot: str, seed: int, step: int) -> Json:
        self.asked += 1
        self.steps.append(step)
        if self.failures is None or self.asked <= self.failures:
            raise RuntimeError("the bot crashed")
        return game.action_to_json(game.legal_actions(state, seat)[-1])


def _first_step(tmp_path: Path, bots: FlakyBots) -> tuple[Json, Json, Json]:
    """Start an all-bot game; return its first logged action, the bot's answer and the default action."""
    engine = make_engine(f"sqlite:///{tmp_path / 'bots.db'}")
    migrate(engine)

    async def scenario() -> tuple[Json, Json, Json]:
        storage = Storage(engine)
        hall = Hall(storage, bots)
        hall.bot_retry_pauses = (0.0, 0.0, 0.0)
        table, _ = await hall.create(
            name="honey-donut",
            players=None,
            options={},
            seats=[("bot", "random"), ("bot", "random")],
            seed=5,
            clock={"kind": "none"},
            public=False,
        )
        start = table.match.state
        seat = table.seats_to_act()[0]
        while table.seq == 0:
            await asyncio.sleep(0.01)
        await hall.close()
        game = table.game
        return (
            storage.steps(table.row.id)[0].action,
            game.action_to_json(game.legal_actions(start, seat)[-1]),
            game.action_to_json(game.default_action(start, seat)),
        )

    try:
        return asyncio.run(asyncio.wait_for(scenario(), WAIT_SECONDS))
    finally:
        bots.close()
        engine.dispose()


def test_a_bot_that_raises_is_asked_again_and_its_answer_played(tmp_path: Path) -> None:
    bots = FlakyBots(failures=2)
    logged, answer, default = _first_step(tmp_path, bots)
    assert answer != default
    assert logged == answer
    assert bots.steps.count(0) == 3


def test_a_bot_that_keeps_failing_plays_its_default_action(tmp_path: Path) -> None:
    bots = FlakyBots(failures=None)
    logged, answer, default = _first_step(tmp_path, bots)
    assert logged == default != answer
    assert bots.steps.count(0) == 3
