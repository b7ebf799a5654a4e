"""The HTTP API: full games of every registered game, seats, spectators, lobby and bad requests."""

from __future__ import annotations

import json
import logging
import random
from typing import Any

import pytest

import holesome
from holesome.core.record import Record

from .conftest import Server

GAMES = sorted(holesome.GAMES)


def _seat_kinds(name: str) -> list[str]:
    """Humans and bots mixed: even seats human, odd seats the random bot."""
    players = holesome.GAMES[name].default_players
    return ["human" if seat % 2 == 0 else "random" for seat in range(players)]


def _join_all(server: Server, created: dict[str, Any]) -> None:
    for seat in created["seats"]:
        if seat["token"] is not None:
            server.look(created["id"], seat["token"])


@pytest.mark.parametrize("name", GAMES)
def test_full_game_humans_and_bots_every_message_is_the_seats_own_view(server: Server, name: str) -> None:
    created = server.create(name, _seat_kinds(name), seed=11)
    _join_all(server, created)
    seen = server.play_out(created, random.Random(5))
    final = seen[-1]
    assert final["status"] == "over"
    assert final["outcome"] is not None

    record = server.live.run(server.hall.record(created["id"]))  # the full record, secrets and all
    game = holesome.load_record(record)
    states = list(holesome.replay(record, game))
    assert len(states) == final["seq"] + 1
    public = server.client.get(f"/api/games/{created['id']}/record").json()
    assert public["outcome"] == final["outcome"]
    if game.public_at_end(states[-1]) is None:
        assert Record.from_json(public) == record
    else:
        assert public["format"] == "holesome-ending" and "seed" not in public
    assert any(message["seat"] is None for message in seen)
    for message in seen:
        state = states[message["seq"]]
        expected = json.loads(json.dumps(game.view(state, message["seat"])))
        assert message["view"] == expected
        if message["seat"] is not None and message["seat"] in message["to_act"]:
            legal = [game.action_to_json(action) for action in game.legal_actions(state, message["seat"])]
            assert message["legal_actions"] == legal
        else:
            assert message["legal_actions"] == []


def test_spectator_sees_no_legal_actions_and_no_seed(server: Server) -> None:
    created = server.create("honey-donut", ["human", "human"], seed=123456789)
    _join_all(server, created)
    assert server.look(created["id"], created["seats"][0]["token"])["legal_actions"]
    message = server.look(created["id"])
    assert message["seat"] is None
    assert message["to_act"] == [0]
    assert message["legal_actions"] == []
    assert message["prompt"] == ""
    assert "123456789" not in json.dumps(message)


def test_bots_only_game_plays_itself_to_the_end(server: Server) -> None:
    created = server.create("honey-donut", ["random", "random"])
    final = server.wait(created["id"], lambda m: m["status"] == "over")
    assert final["outcome"]["winners"]
    assert final["seq"] == len(server.client.get(f"/api/games/{created['id']}/record").json()["actions"])


def test_bot_seats_are_named_by_strength_and_kind(server: Server) -> None:
    created = server.create("honey-donut", ["human", "easy"])
    seats = server.look(created["id"])["seats"]
    assert seats[1]["bot"] == "easy"
    assert seats[1]["name"] == "Easy bot"


def test_game_waits_until_every_human_seat_has_joined(server: Server) -> None:
    created = server.create("honey-donut", ["human", "human"])
    first, second = (seat["token"] for seat in created["seats"])
    assert server.look(created["id"], first)["status"] == "waiting"
    refused = server.act(created["id"], first, {"line": 0, "dir": 1})
    assert refused.status_code == 409
    assert "waiting for seats [1]" in refused.json()["detail"]
    assert server.look(created["id"], second)["status"] == "active"


def test_a_token_acts_only_for_its_own_seat(server: Server) -> None:
    created = server.create("honey-donut", ["human", "human"])
    first, second = (seat["token"] for seat in created["seats"])
    _join_all(server, created)
    message = server.look(created["id"], second)
    assert message["seat"] == 1
    assert message["to_act"] == [0]
    assert message["legal_actions"] == []
    legal = server.look(created["id"], first)["legal_actions"]
    refused = server.act(created["id"], second, legal[0])
    assert refused.status_code == 409
    assert "not this seat's turn" in refused.json()["detail"]
    assert server.look(created["id"])["seq"] == 0


def test_a_token_from_another_game_is_refused(server: Server) -> None:
    one = server.create("honey-donut", ["human", "random"])
    other = server.create("honey-donut", ["human", "random"])
    response = server.client.get(
        f"/api/games/{one['id']}", headers={"Authorization": f"Bearer {other['seats'][0]['token']}"}
    )
    assert response.status_code == 403
    assert "holds no seat" in response.json()["detail"]


def test_lobby_lists_public_games_and_join_claims_a_seat_with_a_fresh_token(server: Server) -> None:
    public = server.create("honey-donut", ["human", "human"], public=True)
    server.create("honey-donut", ["human", "human"])
    lobby = server.client.get("/api/games").json()
    assert [entry["id"] for entry in lobby] == [public["id"]]
    assert lobby[0]["open_seats"] == [0, 1]

    joined = server.client.post(f"/api/games/{public['id']}/join").json()
    assert joined["seat"] == 0
    assert joined["token"] != public["seats"][0]["token"]
    assert server.look(public["id"], joined["token"])["seat"] == 0
    stale_invite = server.client.get(
        f"/api/games/{public['id']}", headers={"Authorization": f"Bearer {public['seats'][0]['token']}"}
    )
    assert stale_invite.status_code == 403
    assert server.client.get("/api/games").json()[0]["open_seats"] == [1]

    server.look(public["id"], public["seats"][1]["token"])
    assert server.client.get("/api/games").json() == []
    full = server.client.post(f"/api/games/{public['id']}/join")
    assert full.status_code == 409


def test_private_games_cannot_be_joined_from_the_lobby(server: Server) -> None:
    private = server.create("honey-donut", ["human", "human"])
    response = server.client.post(f"/api/games/{private['id']}/join")
    assert response.status_code == 403
    assert "invitation" in response.json()["detail"]


def test_record_stays_secret_until_the_game_is_over(server: Server) -> None:
    created = server.create("honey-donut", ["human", "random"])
    response = server.client.get(f"/api/games/{created['id']}/record")
    assert response.status_code == 409
    assert "secret" in response.json()["detail"]


def _started(server: Server) -> tuple[dict[str, Any], str, dict[str, Any]]:
    created = server.create("honey-donut", ["human", "human"])
    _join_all(server, created)
    token = created["seats"][0]["token"]
    return created, token, server.look(created["id"], token)


@pytest.mark.parametrize(
    ("request_kind", "status", "words"),
    [
        ("unknown game id", 404, "no game with id"),
        ("no token", 403, "spectators cannot act"),
        ("malformed authorization", 401, "Bearer TOKEN"),
        ("wrong token", 403, "holds no seat"),
        ("bad JSON body", 422, "JSON"),
        ("missing action", 422, "action"),
        ("unknown field", 422, "extra"),
        ("not an action", 422, "not an action"),
        ("no such action", 422, "no such action"),
        ("illegal action", 409, "may not play"),
        ("seq from the future", 409, "has not happened yet"),
        ("body too large", 413, "too large"),
    ],
)
def test_bad_action_requests_say_why_and_change_nothing(
    server: Server, request_kind: str, status: int, words: str
) -> None:
    created, token, before = _started(server)
    game_id = created["id"]
    url = f"/api/games/{game_id}/actions"
    auth = {"Authorization": f"Bearer {token}"}
    legal = before["legal_actions"][0]
    illegal = next(
        json.loads(text)
        for text in (json.dumps({"line": line, "dir": d}) for line in range(18) for d in (1, -1))
        if json.loads(text) not in before["legal_actions"]
    )
    requests: dict[str, Any] = {
        "unknown game id": lambda: server.client.post("/api/games/nope/actions", json={"action": legal}, headers=auth),
        "no token": lambda: server.client.post(url, json={"action": legal}),
        "malformed authorization": lambda: server.client.post(
            url, json={"action": legal}, headers={"Authorization": token}
        ),
        "wrong token": lambda: server.client.post(
            url, json={"action": legal}, headers={"Authorization": "Bearer not-a-token"}
        ),
        "bad JSON body": lambda: server.client.post(
            url, content=b'{"action": ', headers={**auth, "Content-Type": "application/json"}
        ),
        "missing action": lambda: server.client.post(url, json={"seq": 0}, headers=auth),
        "unknown field": lambda: server.client.post(url, json={"action": legal, "colour": "red"}, headers=auth),
        "not an action": lambda: server.client.post(url, json={"action": "push!"}, headers=auth),
        "no such action": lambda: server.client.post(url, json={"action": {"line": 99, "dir": 1}}, headers=auth),
        "illegal action": lambda: server.client.post(url, json={"action": illegal}, headers=auth),
        "seq from the future": lambda: server.client.post(url, json={"action": legal, "seq": 3}, headers=auth),
        "body too large": lambda: server.client.post(url, json={"action": legal, "pad": "x" * 100_000}, headers=auth),
    }
    response = requests[request_kind]()
    assert response.status_code == status, response.text
    assert words.lower() in json.dumps(response.json()["detail"]).lower()
    after = server.look(game_id, token)
    assert after["seq"] == before["seq"]
    assert after["view"] == before["view"]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "no-such-game", "seats": [{"kind": "human"}]}, "no game named"),
        ({"game": "honey-donut", "seats": [{"kind": "human"}]}, "needs 2 seats"),
        ({"game": "honey-donut", "players": 7, "seats": [{"kind": "human"}] * 7}, "not 7"),
        ({"game": "honey-donut", "options": {"speed": 3}, "seats": [{"kind": "human"}] * 2}, "no option"),
        ({"game": "honey-donut", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "genius"}]}, "no bot named"),
        ({"game": "honey-donut", "seats": [{"kind": "human"}, {"kind": "bot"}]}, "needs a bot name"),
        ({"game": "honey-donut", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "ismcts@600s"}]}, "no settings"),
        (
            {"game": "go-nuts", "players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "mcts"}]},
            "perfect-information",
        ),
        (
            {"game": "go-nuts", "players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "bot": "turn"}]},
            "has secrets",
        ),
        ({"game": "double-dash", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "perfect"}]}, "Honey Donut, not"),
        ({"game": "honey-donut", "seats": [{"kind": "alien"}] * 2}, "human"),
        ({"game": "honey-donut", "seats": [{"kind": "human"}] * 2, "clock": {"kind": "move"}}, "seconds > 0"),
        ({"game": "honey-donut", "seats": [{"kind": "human"}] * 2, "seed": -1}, "greater than or equal"),
    ],
)
def test_bad_create_requests_say_why_and_create_nothing(server: Server, body: dict[str, Any], words: str) -> None:
    response = server.client.post("/api/games", json=body)
    assert 400 <= response.status_code < 500
    assert words in json.dumps(response.json()["detail"])
    assert server.hall.tables == {}


def test_tokens_never_appear_in_logs(server: Server, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    created = server.create("honey-donut", ["human", "random"], seed=3)
    _join_all(server, created)
    server.play_out(created, random.Random(1))
    token = created["seats"][0]["token"]
    assert caplog.records
    assert all(token not in record.getMessage() for record in caplog.records)
    assert all(token not in str(record.args) for record in caplog.records)


def test_openapi_docs_are_served(server: Server) -> None:
    assert server.client.get("/docs").status_code == 200
    paths = server.client.get("/openapi.json").json()["paths"]
    assert {"/api/games", "/api/games/{game_id}", "/api/games/{game_id}/actions", "/api/games/{game_id}/record"} <= set(
        paths
    )
