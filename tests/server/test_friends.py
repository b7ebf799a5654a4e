"""The friends' table through the API: names, clicks that are not lost, the ending and the rematch."""

from __future__ import annotations

import random
from typing import Any

import pytest

from holesome.server.names import bot_name
from tests.server.conftest import Server


def _created(server: Server, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    response = server.client.post("/api/games", json={"game": game, "seats": seats, **extra})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    for seat in created["seats"]:
        if seat["token"] is not None:
            server.look(created["id"], seat["token"])
    return created


def test_a_click_is_stale_only_when_the_seats_own_decision_changed(server: Server) -> None:
    humans = [{"kind": "human"}] * 3
    created = _created(server, "donut-dilemma", humans, seed=4, players=3)
    game_id = created["id"]
    tokens = [seat["token"] for seat in created["seats"]]
    seen = [server.look(game_id, token) for token in tokens]
    assert len({message["seq"] for message in seen}) == 1
    first = server.act(game_id, tokens[0], seen[0]["legal_actions"][0], seen[0]["seq"])
    assert first.status_code == 200, first.text
    other = server.act(game_id, tokens[1], seen[1]["legal_actions"][0], seen[1]["seq"])
    assert other.status_code == 200, other.text
    again = server.act(game_id, tokens[0], seen[0]["legal_actions"][0], seen[0]["seq"])
    assert again.status_code == 409
    assert "Your choice was not played" in again.json()["detail"]


def test_names_are_bounded_kept_with_the_seat_and_bots_named_by_kind(server: Server) -> None:
    seats = [{"kind": "human", "name": "  Ana   <b>Lee</b> "}, {"kind": "bot", "bot": "greedy"}]
    created = _created(server, "honey-donut", seats)
    message = server.look(created["id"])
    assert [seat["name"] for seat in message["seats"]] == ["Ana <b>Lee</b>", "Greedy bot"]
    too_long = server.client.post(
        "/api/games", json={"game": "honey-donut", "seats": [{"kind": "human", "name": "x" * 25}] * 2}
    )
    assert too_long.status_code == 422 and "at most 24" in too_long.text
    control = server.client.post(
        "/api/games", json={"game": "honey-donut", "seats": [{"kind": "human", "name": "a\u200bb"}] * 2}
    )
    assert control.status_code == 422 and "invisible" in control.text


def test_a_friend_opening_the_link_names_themselves(server: Server) -> None:
    created = _created(server, "go-nuts", [{"kind": "human", "name": "Ana"}, {"kind": "human"}], seed=3, players=2)
    token = created["seats"][1]["token"]
    named = server.client.put(
        f"/api/games/{created['id']}/name", json={"name": "Bo"}, headers={"Authorization": f"Bearer {token}"}
    )
    assert named.status_code == 200, named.text
    assert [seat["name"] for seat in server.look(created["id"])["seats"]] == ["Ana", "Bo"]


@pytest.mark.parametrize("game", ["honey-donut", "go-nuts", "doughnut-dash", "double-dash", "donut-dilemma"])
def test_the_end_names_the_winner_and_why_then_a_rematch_seats_everyone_again(server: Server, game: str) -> None:
    players = {"honey-donut": 2, "double-dash": 2}.get(game, 3)
    seats = [{"kind": "human", "name": "Ana"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
    created = _created(server, game, seats, seed=9, players=players)
    final = server.play_out(created, random.Random(2))[-1]
    assert final["status"] == "over"
    ending = final["ending"]["parts"]
    assert ending and any(isinstance(part, dict) or "draw" in part.lower() for part in ending)
    token = created["seats"][0]["token"]
    response = server.client.post(f"/api/games/{created['id']}/rematch", headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 200, response.text
    rematch = response.json()
    assert rematch["id"] != created["id"] and rematch["seat"] == 0
    assert server.look(created["id"])["rematch"] == rematch["id"]
    again = server.look(rematch["id"], rematch["token"])
    assert again["status"] == "active"
    assert again["options"] == final["options"] and again["players"] == final["players"]
    assert [seat["name"] for seat in again["seats"]] == [seat["name"] for seat in final["seats"]]


def test_bots_are_named_by_kind_and_strength() -> None:
    assert bot_name("ismcts:200") == "ISMCTS bot (200 iterations)"
    assert bot_name("mcts:hard") == "MCTS bot (hard)"
    assert bot_name("random") == "Random bot"
