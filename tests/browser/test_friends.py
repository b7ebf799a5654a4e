"""The friends' table in the browser: names, clicks that are never lost, the end panel and the
rematch, the lobby's state of your games, the turn cue, explanations by tap, every game in reach
at phone and desktop sizes, and `/docs` with nothing but the server reachable."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from tests.browser.driver import (
    DESKTOP,
    HUMAN,
    PHONE,
    RANDOM,
    click_some_choice,
    create,
    ending_told,
    message,
    new_page,
    plain_words,
    screenshots,
    targets_in_view,
    wait_ready,
)

SEATS: dict[str, tuple[list[dict[str, str]], dict[str, Any]]] = {
    "honey-donut": ([HUMAN, RANDOM], {}),
    "go-nuts": ([HUMAN, RANDOM, RANDOM], {"players": 3}),
    "doughnut-dash": ([HUMAN, RANDOM, RANDOM], {"players": 3}),
    "double-dash": ([HUMAN, RANDOM], {}),
    "donut-dilemma": ([HUMAN, RANDOM, RANDOM], {"players": 3, "options": {"rounds": 2}}),
}
TURN_OR_WAIT = re.compile(r"Your turn|to play|Waiting for")
"""What "Your games" says of a game under way."""
YOUR_TURN = re.compile(r"^● Your turn · ")
"""The tab title's cue."""


def _page(browser: Browser, phone: bool = False) -> Page:
    context = browser.new_context(
        bypass_csp=True, viewport=PHONE if phone else DESKTOP, has_touch=phone, is_mobile=phone
    )
    return context.new_page()


def _named(page: Page, name: str) -> None:
    """Give the seat a name in the page's form, as a friend opening their link does."""
    page.locator("#naming").wait_for(state="visible")
    page.fill("#my-name", name)
    page.click("#naming button")
    page.locator("#naming").wait_for(state="hidden")


@pytest.mark.parametrize("game", list(SEATS))
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_each_game_asks_in_plain_words_with_its_targets_in_reach(
    server: str, browser: Browser, game: str, size: str
) -> None:
    seats, extra = SEATS[game]
    created = create(server, game, [{**HUMAN, "name": "Ana"}, *seats[1:]], seed=7, **extra)
    page = _page(browser, phone=size == "phone")
    page.goto(created["seats"][0]["url"])
    rng = random.Random(3)
    for _ in range(6):
        wait_ready(page)
        page.wait_for_selector("#prompt.yours, body[data-status=over]", timeout=30_000)
        if page.locator("body[data-status=over]").count():
            break
        plain_words(page)
        targets_in_view(page)
        assert page.title().startswith("● Your turn"), page.title()
        if size == "phone":
            small = page.evaluate(
                """() => [...document.querySelectorAll("main [data-choice]")].filter((el) => {
                    const box = el.getBoundingClientRect();
                    return box.width > 0 && (box.width < 44 || box.height < 44);
                }).map((el) => el.dataset.choice)"""
            )
            assert not small, f"tap targets under 44 px: {small}"
        screenshots(page, f"friends-{game}", sizes=(size,))
        click_some_choice(page, rng)
    expect(page.locator(".player.me")).to_contain_text("You (Ana, seat 1)")


def test_three_browsers_submit_in_the_same_donut_dilemma_round_at_once_and_none_is_refused(
    server: str, browser: Browser
) -> None:
    created = create(server, "donut-dilemma", [HUMAN] * 3, players=3, options={"rounds": 2}, seed=12)
    pages = [new_page(browser) for _ in range(3)]
    for page, seat in zip(pages, created["seats"], strict=True):
        page.goto(seat["url"])
    rngs = [random.Random(seat) for seat in range(3)]
    for _ in range(40):
        for page in pages:
            wait_ready(page)
        if pages[0].locator("body[data-status=over]").count():
            break
        ready = [page for page in pages if page.locator("#prompt.yours").count()]
        for page, rng in zip(ready, rngs, strict=False):
            click_some_choice(page, rng)  # one after another, without waiting for any answer
        if not ready:
            pages[0].wait_for_timeout(200)
    for page in pages:
        assert page.locator("body").get_attribute("data-refusals") is None, page.locator("#notice").inner_text()
    assert message(server, created["id"])["status"] == "over"
    for page in pages:
        ending_told(page)


def test_a_click_pressed_while_a_friend_moves_lands_when_released(server: str, browser: Browser) -> None:
    """The friend's move arrives between press and release; the board must not be swapped under
    the pointer, or the release lands on a new card and the browser clicks neither."""
    created = create(server, "doughnut-dash", [HUMAN, HUMAN], players=2, seed=31)
    pages = [new_page(browser) for _ in range(2)]
    for page, seat in zip(pages, created["seats"], strict=True):
        page.goto(seat["url"])
    for page in pages:
        page.wait_for_selector("#prompt.yours")
    me, friend = pages
    east = me.locator('#board .dcard.choice[data-direction="e"]')
    box = east.bounding_box()
    assert box is not None
    me.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    me.mouse.down()
    friend.locator('#board .dcard.choice[data-direction="n"]').click()
    me.wait_for_selector("body[data-held]")  # the friend's move reached the page mid-press
    me.mouse.up()
    expect(me.locator("#board .cards").first).to_contain_text(re.compile(r"(your secret choice|revealed): E"))
    assert me.locator("body").get_attribute("data-held") is None
    assert me.locator("body").get_attribute("data-refusals") is None


SLOW_SOCKETS = """
(() => {
  // Hold every WebSocket of the page at "connecting" until the test calls openSockets().
  const Real = window.WebSocket;
  let release;
  const gate = new Promise((resolve) => (release = resolve));
  window.openSockets = () => release();
  window.WebSocket = class extends Real {
    constructor(url) {
      super(url);
      this.held = true;
      gate.then(() => (this.held = false));
    }
    get readyState() {
      return this.held ? Real.CONNECTING : super.readyState;
    }
    addEventListener(type, listener, options) {
      if (type !== "open") return super.addEventListener(type, listener, options);
      return super.addEventListener("open", (event) => gate.then(() => listener(event)), options);
    }
  };
})();
"""
"""A page's sockets that open only when the test says so: a slow network at the page's start."""


def test_a_move_made_before_the_connection_is_up_is_sent_once_it_opens(server: str, browser: Browser) -> None:
    """The page loads the game over HTTP (which joins the seat) before its socket is up; a quick
    player's first move must wait for the socket, not be dropped."""
    created = create(server, "honey-donut", [HUMAN, RANDOM], seed=7)
    page = new_page(browser)
    page.add_init_script(SLOW_SOCKETS)
    page.goto(created["seats"][0]["url"])
    page.wait_for_selector("#prompt.yours")
    page.locator("#board .movable").first.click()
    page.locator("#board .push").first.click()
    assert page.locator("body").get_attribute("data-pending") == "true"
    assert message(server, created["id"])["seq"] == 0  # nothing has reached the server yet
    page.evaluate("window.openSockets()")
    page.wait_for_function("Number(document.body.dataset.seq) >= 1")
    assert message(server, created["id"])["seq"] >= 1
    assert page.locator("body").get_attribute("data-refusals") is None


def test_a_rematch_with_a_friend_keeps_seats_names_and_options(server: str, browser: Browser) -> None:
    created = create(
        server,
        "donut-dilemma",
        [{**HUMAN, "name": "Ana"}, HUMAN, RANDOM],
        players=3,
        options={"rounds": 1},
        seed=5,
    )
    host, friend = new_page(browser), new_page(browser)
    host.goto(created["seats"][0]["url"])
    friend.goto(created["seats"][1]["url"])
    _named(friend, "Bo <i>")
    expect(host.locator("#players")).to_contain_text("Bo <i> (seat 2)")
    rngs = [random.Random(1), random.Random(2)]
    while not host.locator("body[data-status=over]").count():
        for page, rng in zip((host, friend), rngs, strict=True):
            wait_ready(page)
            if page.locator("#prompt.yours").count():
                click_some_choice(page, rng)
        host.wait_for_timeout(100)
    words = ending_told(host)
    assert "Ana" in words or "you" in words.lower() or "Bo" in words or "Random bot" in words
    screenshots(host, "friends-end-panel")
    host.click("#rematch")
    host.wait_for_url(lambda url: "/play/" in url and created["id"] not in url)
    wait_ready(host)
    rematch_id = host.url.split("/play/")[1].split("#")[0]
    assert rematch_id != created["id"]
    expect(friend.locator("#rematch")).to_have_text("Join the rematch")
    friend.click("#rematch")
    friend.wait_for_url(f"**/play/{rematch_id}#token=*")
    wait_ready(friend)
    again = message(server, rematch_id)
    assert again["status"] == "active"
    assert [seat["name"] for seat in again["seats"]] == ["Ana", "Bo <i>", "Random bot"]
    assert again["options"] == message(server, created["id"])["options"]
    expect(friend.locator(".player.me")).to_contain_text("You (Bo <i>, seat 2)")
    host.goto(server)
    expect(host.locator("#mine li").first).to_contain_text(TURN_OR_WAIT)


def test_the_lobby_remembers_the_name_labels_options_and_goes_straight_to_a_game_with_bots(
    server: str, browser: Browser
) -> None:
    page = new_page(browser)
    page.goto(server)
    page.click("[data-game=honey-donut]")
    expect(page.locator("label[for=option-repetition]")).to_have_text("Repeated positions")
    expect(page.locator("#options .help").first).to_contain_text("no position may recur")
    page.fill("#my-name", "Cy")
    page.click("#create")
    page.wait_for_url("**/play/**")
    wait_ready(page)
    expect(page.locator(".player.me")).to_contain_text("You (Cy, seat 1)")
    expect(page.locator("#players")).to_contain_text("bot (seat 2)")
    expect(page.locator("#naming")).to_be_hidden()
    page.goto(server)
    expect(page.locator("#my-name")).to_have_value("Cy")
    expect(page.locator("#mine li").first.locator(".state")).to_have_text(TURN_OR_WAIT)


def test_a_spectator_is_labelled_watching_and_a_player_hears_the_turn_cue_unless_muted(
    server: str, browser: Browser
) -> None:
    created = create(server, "honey-donut", [HUMAN, HUMAN], seed=3)
    watcher = new_page(browser)
    watcher.goto(created["spectator_url"])
    wait_ready(watcher)
    expect(watcher.locator("#role")).to_have_text("Watching")
    red, blue = new_page(browser), new_page(browser)
    red.goto(created["seats"][0]["url"])
    blue.goto(created["seats"][1]["url"])
    wait_ready(red)
    wait_ready(blue)
    expect(red).to_have_title(YOUR_TURN)
    assert not blue.title().startswith("● Your turn")
    blue.click("#mute")
    expect(blue.locator("#mute")).to_have_attribute("aria-pressed", "true")
    expect(red.locator("body")).to_have_attribute("data-chimes", "1")
    while red.locator("#prompt.yours").count():
        click_some_choice(red, random.Random(1))
        wait_ready(red)
    expect(blue).to_have_title(YOUR_TURN)
    assert blue.locator("body").get_attribute("data-chimes") is None, "a muted page chimed"
    expect(watcher.locator("#role")).to_be_visible()
    expect(red.locator("#role")).to_be_hidden()


def test_a_card_is_explained_by_a_tap_on_a_phone_and_the_rows_cards_while_picking(
    server: str, browser: Browser
) -> None:
    created = create(server, "go-nuts", [HUMAN] * 3, players=3, seed=2)
    page = _page(browser, phone=True)
    page.goto(created["spectator_url"])
    wait_ready(page)
    card = page.locator("#board svg g:has(> title)").first
    card.tap()
    expect(page.locator("#explain")).to_be_visible()
    assert ":" in page.locator("#explain").inner_text()
    picker = _page(browser, phone=True)
    picker.goto(created["seats"][0]["url"])
    wait_ready(picker)
    picker.locator(".gn-row-key summary").tap()
    key = picker.locator(".gn-row-key li")
    expect(key.first).to_be_visible()
    assert key.count() >= 2 and ":" in key.first.inner_text()


def test_docs_list_the_api_with_every_other_host_blocked(server: str, browser: Browser) -> None:
    page = new_page(browser)
    elsewhere: list[str] = []

    def only_the_server(route: Route) -> None:
        if route.request.url.startswith(server):
            route.continue_()
        else:
            elsewhere.append(route.request.url)
            route.abort()

    page.route("**/*", only_the_server)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server}/docs")
    expect(page.locator(".opblock").first).to_be_visible(timeout=30_000)
    paths = page.locator(".opblock-summary-path").all_inner_texts()
    for path in ("/api/games", "/api/games/{game_id}/actions", "/api/games/{game_id}/rematch"):
        assert any(path in text for text in paths), paths
    assert not errors and not elsewhere, (errors, elsewhere)
