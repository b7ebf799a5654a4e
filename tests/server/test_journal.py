"""Group commit: appends share a commit, and each is answered only once it is logged."""

from __future__ import annotations

import asyncio

import pytest

from holesome.server.journal import Journal
from holesome.server.storage import Append, SeqTaken


def _append(game_id: str) -> Append:
    return Append(game_id, 0, ((0, {"line": 1, "dir": 1}),), 1.0, "active")


class FakeLog:
    """A storage whose commits finish only when the test says so."""

    def __init__(self) -> None:
        self.batches: list[list[str]] = []
        self.logged: set[str] = set()
        self.release = asyncio.Event()
        self.fail: Exception | None = None
        self.taken: set[str] = set()

    async def write_all(self, appends: list[Append]) -> list[SeqTaken | None]:
        self.batches.append([append.game_id for append in appends])
        await self.release.wait()
        self.release.clear()
        if self.fail is not None:
            raise self.fail
        results: list[SeqTaken | None] = []
        for append in appends:
            results.append(SeqTaken(append.game_id) if append.game_id in self.taken else None)
            if append.game_id not in self.taken:
                self.logged.add(append.game_id)
        return results


async def _acknowledged(journal: Journal, log: FakeLog, game_id: str, seen: dict[str, bool]) -> None:
    await journal.append(_append(game_id))
    seen[game_id] = game_id in log.logged


def test_appends_that_wait_for_a_commit_share_the_next_and_are_answered_after_it() -> None:
    async def scenario() -> tuple[list[list[str]], dict[str, bool]]:
        log = FakeLog()
        journal = Journal(log.write_all)
        seen: dict[str, bool] = {}
        first = asyncio.create_task(_acknowledged(journal, log, "a", seen))
        await asyncio.sleep(0)
        rest = [asyncio.create_task(_acknowledged(journal, log, name, seen)) for name in "bcd"]
        await asyncio.sleep(0)
        assert seen == {}
        log.release.set()
        await first
        await asyncio.sleep(0)
        assert set(seen) == {"a"}
        log.release.set()
        await asyncio.gather(*rest)
        return log.batches, seen

    batches, seen = asyncio.run(scenario())
    assert batches == [["a"], ["b", "c", "d"]]
    assert seen == {"a": True, "b": True, "c": True, "d": True}


def test_a_lost_race_fails_only_its_own_append() -> None:
    async def scenario() -> list[BaseException | None]:
        log = FakeLog()
        log.taken = {"b"}
        journal = Journal(log.write_all)
        log.release.set()
        return await asyncio.gather(*(journal.append(_append(name)) for name in "abc"), return_exceptions=True)

    results = asyncio.run(scenario())
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], SeqTaken)


def test_a_failed_commit_fails_every_append_in_it_and_the_journal_carries_on() -> None:
    async def scenario() -> None:
        log = FakeLog()
        log.fail = OSError("disk full")
        journal = Journal(log.write_all)
        log.release.set()
        with pytest.raises(OSError, match="disk full"):
            await journal.append(_append("a"))
        log.fail = None
        log.release.set()
        await journal.append(_append("b"))
        assert log.logged == {"b"}

    asyncio.run(scenario())
