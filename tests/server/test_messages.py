"""Pushed messages: built once per change and seat, yet each exactly its own seat's message."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

import holesome
from holesome.core.game import CHANCE
from holesome.server.messages import game_message, game_text
from holesome.server.storage import GameRow, SeatRow
from holesome.server.tables import Status, Table

START = 1_000.0


def _table(name: str, clock: dict[str, float | str]) -> Table:
    game = holesome.load(name)
    row = GameRow(
        id="g1",
        game=game.name,
        players=game.players,
        options=dict(game.options),
        seed=7,
        rules_version=game.version,
        status=Status.ACTIVE,
        clock=dict(clock),
        public=False,
        created_at=START,
        started_at=START,
        seats=tuple(SeatRow(seat, "human", None, f"hash{seat}", START) for seat in range(game.players)),
    )
    return Table.rebuild(row, [])


def _expected(table: Table, seat: int | None, now: float) -> dict[str, object]:
    return {"type": "game", **game_message(table, seat, now)}


@pytest.mark.parametrize(
    ("name", "clock"),
    [("go-nuts", {"kind": "game", "seconds": 600}), ("donut-dilemma", {"kind": "none"})],
)
def test_every_pushed_text_is_its_own_seats_message_at_every_step(name: str, clock: dict[str, float | str]) -> None:
    table = _table(name, clock)
    rng = random.Random(3)
    audience: list[int | None] = [None, *range(table.row.players)]
    now = START
    for _ in range(40):
        if table.match.outcome is not None:
            break
        for seat in rng.sample(audience, len(audience)) * 2:
            now += rng.random()
            assert json.loads(game_text(table, seat, now)) == _expected(table, seat, now)
        to_act = table.match.to_act
        if to_act == (CHANCE,):
            table.match.roll_chance()
        else:
            actor = to_act[0]
            table.match.act(actor, rng.choice(table.game.legal_actions(table.match.state, actor)))
        table.advance(now)


def test_a_text_is_rebuilt_when_the_seats_change_without_a_move() -> None:
    table = _table("honey-donut", {"kind": "none"})
    before = json.loads(game_text(table, None, START))
    seats = (table.row.seats[0], SeatRow(1, "human", None, "hash1", None))
    table.row = replace(table.row, seats=seats)
    after = json.loads(game_text(table, None, START))
    assert [seat["joined"] for seat in before["seats"]] == [True, True]
    assert [seat["joined"] for seat in after["seats"]] == [True, False]
