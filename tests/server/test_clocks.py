"""Clocks: per move and per game, running out, and surviving a restart exactly."""

from __future__ import annotations

import time

import pytest

import holesome
from holesome.server.clocks import Clock, ClockKind

from .conftest import FakeTime, LiveServer, Server, live_app


def test_no_clock_never_expires() -> None:
    clock = Clock.start(ClockKind.NONE, 0, 3).to_act((0, 1, 2), 0.0)
    assert clock.expired(1e12) == ()
    assert clock.next_deadline() is None


def test_move_clock_gives_each_turn_its_seconds_and_keeps_a_simultaneous_turns_start() -> None:
    clock = Clock.start(ClockKind.MOVE, 10, 3).to_act((0, 1, 2), 100.0)
    clock = clock.to_act((1, 2), 104.0)
    assert clock.deadline(0) is None
    assert clock.deadline(1) == 110.0
    assert clock.expired(109.9) == ()
    assert clock.expired(110.0) == (1, 2)
    clock = clock.to_act((0,), 105.0)
    assert clock.deadline(0) == 115.0


def test_game_clock_charges_only_the_time_a_seat_spends_to_act() -> None:
    clock = Clock.start(ClockKind.GAME, 60, 2).to_act((0,), 0.0)
    clock = clock.to_act((1,), 20.0)
    clock = clock.to_act((0,), 50.0)
    assert clock.banks == (40.0, 30.0)
    assert clock.deadline(0) == 90.0
    assert clock.to_json(60.0)["remaining"] == [30.0, 30.0]
    assert clock.expired(89.0) == ()
    assert clock.expired(90.0) == (0,)


def _clocked_game(server: Server, kind: str, seconds: float) -> tuple[str, str, str]:
    created = server.create("honey-donut", ["human", "human"], clock={"kind": kind, "seconds": seconds})
    first, second = (seat["token"] for seat in created["seats"])
    server.look(created["id"], first)
    server.look(created["id"], second)
    return created["id"], first, second


def test_a_seat_that_runs_out_of_its_move_time_plays_the_default_action(server: Server, fake_time: FakeTime) -> None:
    game_id, first, _ = _clocked_game(server, "move", 30)
    before = server.look(game_id, first)
    assert before["clock"]["remaining"] == [30.0, 30.0]
    fake_time.advance(29)
    assert server.live.run(server.hall.expire()) == 0
    assert server.look(game_id)["seq"] == 0
    fake_time.advance(1)
    assert server.live.run(server.hall.expire()) == 1
    after = server.look(game_id)
    assert after["seq"] == 1
    game = holesome.load("honey-donut")
    default = game.default_action(game.start(0), 0)
    assert server.hall.tables[game_id].match.steps[0].action == game.action_to_json(default)
    assert after["to_act"] == [1]
    assert after["clock"]["remaining"] == [30.0, 30.0]


def test_a_game_clock_bank_runs_down_across_moves_and_out(server: Server, fake_time: FakeTime) -> None:
    game_id, first, second = _clocked_game(server, "game", 100)
    for token, seconds in ((first, 40), (second, 10), (first, 50)):
        fake_time.advance(seconds)
        message = server.look(game_id, token)
        assert server.act(game_id, token, message["legal_actions"][0], message["seq"]).status_code == 200
    assert server.look(game_id)["clock"]["remaining"] == [10.0, 90.0]
    fake_time.advance(89)
    assert server.live.run(server.hall.expire()) == 0
    fake_time.advance(1)
    assert server.live.run(server.hall.expire()) == 1
    assert server.look(game_id)["seq"] == 4


def test_the_alarm_fires_by_itself_on_real_time(database: str) -> None:
    with LiveServer(live_app(database, time.time)) as live:
        server = Server(live)
        game_id, _, _ = _clocked_game(server, "move", 0.2)
        message = server.wait(game_id, lambda m: m["seq"] >= 2)
        assert message["status"] in {"active", "over"}
        server.client.close()


@pytest.mark.parametrize("kind", ["move", "game"])
def test_clocks_are_rebuilt_exactly_after_a_restart(database: str, kind: str) -> None:
    fake_time = FakeTime()
    with LiveServer(live_app(database, fake_time)) as live:
        server = Server(live)
        game_id, first, second = _clocked_game(server, kind, 100)
        for token, seconds in ((first, 30), (second, 20), (first, 10)):
            fake_time.advance(seconds)
            message = server.look(game_id, token)
            server.act(game_id, token, message["legal_actions"][0], message["seq"])
        fake_time.advance(5)
        before = server.look(game_id)["clock"]
        server.client.close()
    with LiveServer(live_app(database, fake_time)) as live:
        server = Server(live)
        assert server.look(game_id)["clock"] == before
        server.client.close()


def test_a_donut_dilemma_seat_out_of_time_mid_submission_stays_and_bakes_nothing(
    server: Server, fake_time: FakeTime
) -> None:
    options = {"start": ["A", "B", "C"], "rounds": 1}
    clock = {"kind": "move", "seconds": 30}
    created = server.create("donut-dilemma", ["human"] * 3, players=3, options=options, clock=clock)
    game_id, tokens = created["id"], [seat["token"] for seat in created["seats"]]
    for token in tokens:
        server.look(game_id, token)

    def submit(token: str, *actions: dict[str, object]) -> None:
        for action in actions:
            response = server.act(game_id, token, action, server.look(game_id, token)["seq"])
            assert response.status_code == 200, response.text

    submit(tokens[0], {"type": "move", "to": "B"}, {"type": "plain", "count": 11})
    submit(tokens[1], {"type": "move", "to": "B"}, {"type": "plain", "count": 2}, {"type": "done"})
    submit(tokens[2], {"type": "move", "to": "C"}, {"type": "plain", "count": 3}, {"type": "done"})
    fake_time.advance(30)
    assert server.live.run(server.hall.expire()) == 1, "one default action ends the seat's turn"
    view = server.look(game_id, tokens[0])["view"]
    assert view["final"]["bakeries"] == ["A", "B", "C"], "seat 1 stayed in A"
    assert view["announcements"][0]["bakeries"] == {"A": 0, "B": 2, "C": 3, "D": 0, "E": 0}
    assert view["me"]["rounds"][0]["points"] == 0
