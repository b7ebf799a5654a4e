"""Storage on SQLite and on a real PostgreSQL: games, seats, the append-only log, races."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from holesome.server.bots import BotPool
from holesome.server.notify import listen
from holesome.server.service import Hall
from holesome.server.storage import Append, GameRow, Note, SeatRow, SeqTaken, Storage, make_engine, migrate


@pytest.fixture(params=["sqlite", "postgresql"])
def storage(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Storage]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'storage.db'}"
    else:
        url = request.getfixturevalue("postgres_database")
    engine = make_engine(url)
    migrate(engine)
    migrate(engine)
    yield Storage(engine)
    engine.dispose()


def _row(game_id: str = "g1", public: bool = True) -> GameRow:
    return GameRow(
        id=game_id,
        game="honey-donut",
        players=2,
        options={"repetition": "strict", "max_plies": 300},
        seed=2**62,
        rules_version=1,
        status="waiting",
        clock={"kind": "none", "seconds": 0.0},
        public=public,
        created_at=10.0,
        started_at=None,
        seats=(SeatRow(0, "human", None, game_id.ljust(64, "a"), None), SeatRow(1, "bot", "random", None, 10.0)),
    )


def test_a_game_reads_back_as_written(storage: Storage) -> None:
    storage.create(_row())
    assert storage.load("g1") == _row()
    assert storage.load("nope") is None


def test_the_log_is_append_only_and_a_taken_seq_is_refused(storage: Storage) -> None:
    storage.create(_row())
    storage.append("g1", 0, [(0, {"line": 1, "dir": 1}), (-1, {"roll": 3})], 11.0, "active")
    with pytest.raises(SeqTaken):
        storage.append("g1", 1, [(1, {"line": 2, "dir": -1})], 12.0, "active")
    steps = storage.steps("g1")
    assert [(step.seq, step.seat, step.action, step.time) for step in steps] == [
        (0, 0, {"line": 1, "dir": 1}, 11.0),
        (1, -1, {"roll": 3}, 11.0),
    ]
    assert [step.seq for step in storage.steps("g1", after=0)] == [1]


def test_joining_the_last_seat_starts_the_game_once(storage: Storage) -> None:
    storage.create(_row())
    assert storage.lobby(10) == ["g1"]
    assert storage.join("g1", 0, 20.0, token_hash="b" * 64)
    assert not storage.join("g1", 0, 30.0)
    row = storage.load("g1")
    assert row is not None
    assert (row.status, row.started_at, row.seats[0].joined_at) == ("active", 20.0, 20.0)
    assert storage.find_seat("b" * 64) == ("g1", 0)
    assert storage.find_seat("g1".ljust(64, "a")) is None
    assert storage.lobby(10) == []


def test_only_games_in_play_are_rebuilt_and_private_ones_not_listed(storage: Storage) -> None:
    storage.create(_row("g1"))
    storage.create(_row("g2", public=False))
    storage.create(_row("g3"))
    storage.append("g1", 0, [(0, {"line": 1, "dir": 1})], 11.0, "over")
    storage.append("g2", 0, [(0, {"line": 1, "dir": 1})], 11.0, "active")
    assert storage.active() == ["g2"]
    assert storage.lobby(10) == ["g3"]


def test_games_left_waiting_expire_and_leave_the_lobby(storage: Storage) -> None:
    storage.create(_row("g1"))
    storage.create(replace(_row("g2"), created_at=20.0))
    assert storage.expire_waiting(15.0) == ["g1"]
    assert storage.expire_waiting(15.0) == []
    row = storage.load("g1")
    assert row is not None and row.status == "expired"
    assert storage.lobby(10) == ["g2"]


def test_a_seat_kept_for_its_invite_reads_back_so(storage: Storage) -> None:
    row = _row("g1")
    kept = replace(row, seats=(replace(row.seats[0], lobby=False), row.seats[1]))
    storage.create(kept)
    assert storage.load("g1") == kept


def test_a_batch_of_appends_is_logged_together_and_only_a_loser_fails(storage: Storage) -> None:
    for game_id in ("g1", "g2", "g3"):
        storage.create(_row(game_id))
    storage.append("g2", 0, [(0, {"line": 1, "dir": 1})], 11.0, "active")
    results = storage.append_all(
        [
            Append("g1", 0, ((0, {"line": 2, "dir": 1}),), 12.0, "active"),
            Append("g2", 0, ((0, {"line": 3, "dir": 1}),), 12.0, "active"),
            Append("g3", 0, ((0, {"line": 4, "dir": 1}),), 12.0, "over"),
        ]
    )
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], SeqTaken)
    assert [step.action for step in storage.steps("g1")] == [{"line": 2, "dir": 1}]
    assert [step.action for step in storage.steps("g2")] == [{"line": 1, "dir": 1}]
    assert [step.action for step in storage.steps("g3")] == [{"line": 4, "dir": 1}]
    statuses = {game_id: row.status for game_id in ("g1", "g3") if (row := storage.load(game_id)) is not None}
    assert statuses == {"g1": "active", "g3": "over"}


class _CatchingHall(Hall):
    """A hall that only records which games it was asked to catch up."""

    def __init__(self, storage: Storage) -> None:
        super().__init__(storage, BotPool(1, processes=False))
        self.caught: list[str] = []
        self.heard = asyncio.Event()

    async def catch_up(self, game_id: str) -> None:
        self.caught.append(game_id)
        self.heard.set()


def test_a_process_catches_up_what_others_log_and_skips_its_own_notes(postgres_database: str) -> None:
    mine, theirs = (Storage(make_engine(postgres_database)) for _ in range(2))
    migrate(mine.engine)
    mine.create(_row("g1"))
    mine.create(_row("g2"))

    async def scenario() -> list[str]:
        hall = _CatchingHall(mine)
        ready = asyncio.Event()
        listener = asyncio.create_task(listen(hall, postgres_database, ready))
        await asyncio.wait_for(ready.wait(), 30)
        await hall.db(mine.append, "g1", 0, [(0, {"line": 1, "dir": 1})], 11.0, "active")
        await hall.db(theirs.append, "g2", 0, [(0, {"line": 1, "dir": 1})], 11.0, "active")
        await asyncio.wait_for(hall.heard.wait(), 30)
        listener.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await listener
        await hall.close()
        return hall.caught

    try:
        assert asyncio.run(scenario()) == ["g2"]
    finally:
        mine.engine.dispose()
        theirs.engine.dispose()


def test_a_note_round_trips_and_a_bare_game_id_from_an_older_server_has_no_origin() -> None:
    note = Note("g1", "abc")
    assert Note.from_payload(note.to_payload()) == note
    assert Note.from_payload('"g1"') == Note("g1", "")


def test_without_autocheckpoint_the_wal_waits_for_an_explicit_checkpoint(tmp_path: Path) -> None:
    path = tmp_path / "wal.db"
    engine = make_engine(f"sqlite:///{path}", autocheckpoint=False)
    migrate(engine)
    storage = Storage(engine)
    storage.create(_row())
    empty = path.stat().st_size
    for seq in range(1200):  # more WAL pages than SQLite's automatic checkpoint lets pile up
        storage.append("g1", seq, [(0, {"line": seq % 9, "dir": 1})], 11.0, "active")
    try:
        assert path.stat().st_size == empty
        storage.checkpoint()
        assert path.stat().st_size > empty
        assert len(storage.steps("g1")) == 1200
    finally:
        engine.dispose()
