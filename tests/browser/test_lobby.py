"""The home page: set up a game with the form, hand out links, join from the lobby, watch, replay."""

from __future__ import annotations

import httpx
from playwright.sync_api import Browser, expect

from tests.browser.driver import HUMAN, RANDOM, create, message, new_page, screenshots, wait_ready


def test_a_game_set_up_on_the_home_page_invites_a_friend_who_joins_by_link(server: str, browser: Browser) -> None:
    host = new_page(browser)
    host.goto(server)
    expect(host.locator(".game-card")).to_have_count(5)
    screenshots(host, "home")
    host.click("[data-game=honey-donut]")
    expect(host.locator("#setup-title")).to_have_text("Set up Honey Donut")
    host.select_option("#seat-1", "friend")
    host.select_option("#option-repetition", label="simple")
    host.click("#create")
    expect(host.locator("#created")).to_be_visible()
    invitation = host.locator("#invites input").input_value()
    assert "#token=" in invitation
    screenshots(host, "home-created")
    host.click("a.play-link")
    wait_ready(host)
    expect(host.locator("#prompt")).to_contain_text("Waiting for seat 2 to join")
    friend = new_page(browser)
    friend.goto(invitation)
    wait_ready(friend)
    expect(host.locator("#prompt")).to_contain_text("push a line")
    game_id = host.url.split("/play/")[1].split("#")[0]
    assert message(server, game_id)["options"]["repetition"] == "simple"
    host.goto(server)
    expect(host.locator("#mine li a")).to_have_count(1)


def test_an_open_game_is_joined_from_the_lobby_and_a_running_one_watched(server: str, browser: Browser) -> None:
    created = create(server, "honey-donut", [HUMAN, HUMAN], public=True, seed=2)
    owner = new_page(browser)
    owner.goto(created["seats"][0]["url"])
    wait_ready(owner)
    guest = new_page(browser)
    guest.goto(server)
    entry = guest.locator("#open li", has_text="Honey Donut")
    expect(entry).to_have_count(1)
    entry.locator("button", has_text="Join").click()
    guest.wait_for_url("**/play/**")
    wait_ready(guest)
    assert guest.locator("body").get_attribute("data-status") == "active"
    expect(guest.locator(".player.me")).to_contain_text("You (seat 2)")
    watcher = new_page(browser)
    watcher.goto(server)
    watcher.locator("#live li", has_text="Honey Donut").locator("a", has_text="Watch").click()
    wait_ready(watcher)
    expect(watcher.locator("#prompt")).to_contain_text("Waiting for")
    expect(watcher.locator(".player.me")).to_have_count(0)


def test_a_clock_that_runs_out_plays_the_default_move_and_the_page_shows_it(server: str, browser: Browser) -> None:
    created = create(
        server,
        "honey-donut",
        [HUMAN, RANDOM],
        clock={"kind": "move", "seconds": 2},
    )
    page = new_page(browser)
    page.goto(created["seats"][0]["url"])
    wait_ready(page)
    expect(page.locator("[data-clock='0']")).to_contain_text("time 0:0")
    page.wait_for_function("Number(document.body.dataset.seq) >= 2", timeout=15_000)
    expect(page.locator("#prompt")).to_contain_text("push a line")
    record_so_far = message(server, created["id"])
    assert record_so_far["seq"] >= 2 and record_so_far["status"] == "active"


def test_a_finished_game_is_replayed_step_by_step_from_any_seat(server: str, browser: Browser) -> None:
    created = create(server, "honey-donut", [RANDOM] * 2, seed=4, public=True)
    page = new_page(browser)
    page.goto(created["spectator_url"])
    wait_ready(page)
    page.wait_for_selector("body[data-status=over]", timeout=30_000)
    page.goto(server)
    page.locator("#over li").first.locator("a", has_text="Replay").click()
    expect(page.locator("#position")).to_contain_text("Step 0 of")
    page.click("#forward")
    expect(page.locator("#position")).to_contain_text("Step 1 of")
    page.keyboard.press("End")
    steps = len(httpx.get(f"{server}/api/games/{created['id']}/replay", timeout=10).json()["steps"])
    expect(page.locator("#position")).to_have_text(f"Step {steps} of {steps}")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#position")).to_have_text(f"Step {steps - 1} of {steps}")
    page.select_option("#viewer", "1")
    expect(page.locator("#position")).to_have_text(f"Step {steps - 1} of {steps}")
