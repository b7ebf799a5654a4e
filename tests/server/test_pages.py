"""The browser client's routes: pages, static files, the catalog, the lobby's listings and replays."""

from __future__ import annotations

import holesome
from holesome.core.game import CHANCE
from holesome.core.record import Record, replay

from .conftest import Server


def test_pages_are_served_with_a_content_security_policy(server: Server) -> None:
    for path in ("/", "/play/abc", "/replay/abc"):
        response = server.client.get(path)
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/html")
        assert "default-src 'self'" in response.headers["content-security-policy"]
        assert response.headers["referrer-policy"] == "no-referrer"
    script = server.client.get("/static/js/play.js")
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]
    assert server.client.get("/static/js/nothing.js").status_code == 404


def test_every_game_has_a_catalog_entry_a_renderer_and_a_picture(server: Server) -> None:
    catalog = server.client.get("/api/catalog").json()
    names = [entry["name"] for entry in catalog["games"]]
    assert names == list(holesome.GAMES)
    for entry in catalog["games"]:
        game = holesome.GAMES[entry["name"]]
        assert entry["title"] == game.title
        assert entry["player_counts"] == list(game.player_counts)
        assert entry["blurb"] == game.blurb and len(game.blurb) > 80
        assert [option["name"] for option in entry["options"]] == [spec.name for spec in game.option_specs]
        assert [level["bot"] for level in entry["bots"]] == ["easy", "medium", "hard", "random"]
        assert entry["default_bot"] == "hard"
        assert server.client.get(f"/static/js/games/{entry['name']}.js").status_code == 200
        assert server.client.get(f"/static/img/{entry['name']}.svg").status_code == 200
        assert server.client.get(f"/static/css/games/{entry['name']}.css").status_code == 200


def test_the_lobby_lists_public_games_by_status(server: Server) -> None:
    waiting = server.create("honey-donut", ["human", "random"], public=True)
    running = server.create("honey-donut", ["random", "random"], public=True, seed=1)
    server.create("honey-donut", ["random", "random"], seed=2)
    server.wait(running["id"], lambda message: message["status"] == "over")
    listed = {
        status: [game["id"] for game in server.client.get(f"/api/games?status={status}").json()]
        for status in ("waiting", "over")
    }
    assert listed["waiting"] == [waiting["id"]]
    assert listed["over"] == [running["id"]]
    assert server.client.get("/api/games?status=finished").status_code == 422


def test_a_replay_shows_each_step_as_the_chosen_seat_saw_it(server: Server) -> None:
    created = server.create("go-nuts", ["random", "random", "random"], seed=9, players=3)
    server.wait(created["id"], lambda message: message["status"] == "over")
    record = Record.from_json(server.client.get(f"/api/games/{created['id']}/record").json())
    index = server.client.get(f"/api/games/{created['id']}/replay").json()
    assert len(index["steps"]) == len(record.steps)
    assert [step["seat"] for step in index["steps"]] == [
        None if step.seat == CHANCE else step.seat for step in record.steps
    ]
    assert [seat["bot"] for seat in index["seats"]] == ["random"] * 3
    game = holesome.load_record(record)
    states = list(replay(record, game))
    for step in (0, len(states) // 2, len(states) - 1):
        for seat in (None, 1):
            query = "" if seat is None else f"?seat={seat}"
            answer = server.client.get(f"/api/games/{created['id']}/replay/{step}{query}").json()
            assert answer["view"] == game.view(states[step], seat)


def test_a_replay_is_refused_until_the_game_is_over_and_for_steps_that_do_not_exist(server: Server) -> None:
    created = server.create("honey-donut", ["human", "human"])
    refused = server.client.get(f"/api/games/{created['id']}/replay")
    assert refused.status_code == 409 and "not over" in refused.json()["detail"]
    assert server.client.get(f"/api/games/{created['id']}/replay/0").status_code == 409
    finished = server.create("honey-donut", ["random", "random"], seed=3)
    server.wait(finished["id"], lambda message: message["status"] == "over")
    steps = len(server.client.get(f"/api/games/{finished['id']}/replay").json()["steps"])
    too_far = server.client.get(f"/api/games/{finished['id']}/replay/{steps + 1}")
    assert too_far.status_code == 400 and "between 0 and" in too_far.json()["detail"]
    assert server.client.get(f"/api/games/{finished['id']}/replay/0?seat=2").status_code == 400


def test_messages_label_each_legal_action_as_the_game_writes_it(server: Server) -> None:
    created = server.create("honey-donut", ["human", "human"])
    tokens = [seat["token"] for seat in created["seats"]]
    server.look(created["id"], tokens[1])
    message = server.look(created["id"], tokens[0])
    game = holesome.load("honey-donut")
    assert message["legal_labels"] == [
        game.action_to_text(game.action_from_json(action)) for action in message["legal_actions"]
    ]
    assert len(message["legal_labels"]) == len(message["legal_actions"]) > 0
