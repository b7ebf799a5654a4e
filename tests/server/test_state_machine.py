"""A Hypothesis state machine over the server's flows: join, act (fresh or stale), reconnect, time-out.

The model is what a careful client would predict: the game starts once both seats joined, an
action from the seat to act with the current `seq` is accepted and anything else is refused
with nothing changed, a time-out plays exactly one default move, and a reconnecting socket
first receives exactly what `GET` shows.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test

from .conftest import WAIT_SECONDS, FakeTime, Server

MOVE_SECONDS = 60.0


def test_join_act_reconnect_and_time_out(server: Server, fake_time: FakeTime) -> None:
    class Flows(RuleBasedStateMachine):
        """One two-seat game per run, driven through the public API."""

        @initialize()
        def create(self) -> None:
            created = server.create("honey-donut", ["human", "human"], clock={"kind": "move", "seconds": MOVE_SECONDS})
            self.game_id: str = created["id"]
            self.tokens: list[str] = [seat["token"] for seat in created["seats"]]
            self.joined: set[int] = set()
            self.seq = 0
            self.over = False

        def _message(self, seat: int | None = None) -> dict[str, Any]:
            return server.look(self.game_id, None if seat is None else self.tokens[seat])

        @rule(seat=st.integers(0, 1))
        def join(self, seat: int) -> None:
            assert self._message(seat)["seat"] == seat
            self.joined.add(seat)

        @rule(seat=st.integers(0, 1), pick=st.integers(0, 100), stale=st.booleans())
        def act(self, seat: int, pick: int, stale: bool) -> None:
            message = self._message(seat)
            self.joined.add(seat)
            legal = message["legal_actions"] or [{"line": pick % 18, "dir": 1}]
            seq = message["seq"] - 1 if stale else message["seq"]
            response = server.act(self.game_id, self.tokens[seat], legal[pick % len(legal)], seq)
            may = not self.over and self.joined == {0, 1} and seat in message["to_act"] and not stale
            if may:
                assert response.status_code == 200, response.text
                self.seq += 1
                self.over = response.json()["status"] == "over"
            else:
                assert response.status_code in (403, 409, 422), response.text
                assert response.json()["detail"]

        @rule(seat=st.sampled_from([None, 0, 1]))
        def reconnect(self, seat: int | None) -> None:
            with server.socket(self.game_id, None if seat is None else self.tokens[seat]) as socket:
                first = json.loads(socket.recv(WAIT_SECONDS))
            if seat is not None:
                self.joined.add(seat)
            expected = self._message(seat)
            assert first["type"] == "game"
            assert {key: first[key] for key in ("seq", "view", "to_act", "legal_actions")} == {
                key: expected[key] for key in ("seq", "view", "to_act", "legal_actions")
            }

        @rule()
        def time_out(self) -> None:
            fake_time.advance(MOVE_SECONDS)
            server.live.run(server.hall.expire())
            if not self.over and self.joined == {0, 1}:
                self.seq += 1
                self.over = self._message()["status"] == "over"

        @invariant()
        def agrees_with_the_model(self) -> None:
            message = self._message()
            assert message["seq"] == self.seq
            expected = "over" if self.over else "active" if self.joined == {0, 1} else "waiting"
            assert message["status"] == expected

    run_state_machine_as_test(
        Flows,
        settings=settings(
            max_examples=12,
            stateful_step_count=12,
            deadline=None,
            suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
        ),
    )
