"""Honey Donut in the browser: clicking through a whole game, two people, a spectator, a reload."""

from __future__ import annotations

import random

from playwright.sync_api import Browser, Page, expect

from tests.browser.driver import (
    GREEDY,
    HUMAN,
    RANDOM,
    create,
    message,
    new_page,
    play_to_end,
    screenshots,
    seq,
    tab_until,
    wait_ready,
)


def _push(page: Page, rng: random.Random) -> None:
    """Make one move the way a player does: click a cell of a line, then the arrow to push it."""
    wait_ready(page)
    before = seq(page)
    cells = page.locator("#board .cell.movable")
    cells.nth(rng.randrange(cells.count())).click()
    arrows = page.locator("#board .push")
    arrows.nth(rng.randrange(arrows.count())).click()
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")


def test_a_human_plays_a_whole_game_against_a_bot_by_clicking(server: str, browser: Browser) -> None:
    created = create(server, "honey-donut", [HUMAN, GREEDY], seed=3)
    page = new_page(browser)
    page.goto(created["seats"][0]["url"])
    wait_ready(page)
    expect(page.locator("#prompt")).to_contain_text("push a line")
    screenshots(page, "honey-donut")
    play_to_end(page, random.Random(1))
    expect(page.locator("#end")).to_be_visible()
    expect(page.locator("#final")).to_contain_text("Score")
    screenshots(page, "honey-donut-end")
    outcome = message(server, created["id"])["outcome"]
    assert outcome is not None
    page.click("#replay-link")
    expect(page.locator("#position")).to_contain_text("Step 0 of")
    page.keyboard.press("End")
    expect(page.locator("#position")).to_contain_text(f"Step {seq_of(server, created['id'])} of")
    screenshots(page, "honey-donut-replay")


def seq_of(server: str, game_id: str) -> int:
    seq_now: int = message(server, game_id)["seq"]
    return seq_now


def test_two_people_play_each_other_and_a_spectator_watches_live(server: str, browser: Browser) -> None:
    created = create(server, "honey-donut", [HUMAN, HUMAN], seed=5)
    red, blue, watcher = (new_page(browser) for _ in range(3))
    red.goto(created["seats"][0]["url"])
    blue.goto(created["seats"][1]["url"])
    watcher.goto(created["spectator_url"])
    for page in (red, blue, watcher):
        wait_ready(page)
    expect(blue.locator("#prompt")).to_contain_text("Waiting for")
    expect(watcher.locator("#board .movable")).to_have_count(0)
    rng = random.Random(2)
    for turn in range(6):
        mover = (red, blue)[turn % 2]
        _push(mover, rng)
        moved = seq(mover)
        for page in (red, blue, watcher):
            page.wait_for_function(f"Number(document.body.dataset.seq) >= {moved}")
        expect(watcher.locator("#board .cell.last")).not_to_have_count(0)
        expect(watcher.locator("#events")).to_contain_text("pushed")
    screenshots(watcher, "honey-donut-spectator")


def test_a_reload_in_the_middle_of_a_game_restores_it(server: str, browser: Browser) -> None:
    created = create(server, "honey-donut", [HUMAN, RANDOM], seed=6)
    page = new_page(browser)
    page.goto(created["seats"][0]["url"])
    rng = random.Random(3)
    for _ in range(3):
        _push(page, rng)
        page.wait_for_function("document.body.dataset.seq % 2 == 0")
    board = _pieces(page)
    reached = seq(page)
    page.reload()
    wait_ready(page)
    assert seq(page) == reached
    assert _pieces(page) == board
    expect(page.locator("#prompt")).to_contain_text("push a line")


def _pieces(page: Page) -> list[str]:
    found: list[str] = page.locator("#board .piece").evaluate_all(
        "pieces => pieces.map(p => p.dataset.cell + ':' + p.dataset.piece)"
    )
    return sorted(found)


def test_a_move_can_be_made_with_the_keyboard_alone(server: str, browser: Browser) -> None:
    created = create(server, "honey-donut", [HUMAN, RANDOM], seed=7)
    page = new_page(browser)
    page.goto(created["seats"][0]["url"])
    wait_ready(page)
    page.wait_for_selector("#prompt.yours")  # the game has started (the page joined the seat on loading it)
    tab_until(page, "document.activeElement.classList.contains('movable')", 40)
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.classList.contains('push')")
    page.keyboard.press("Enter")
    page.wait_for_function("Number(document.body.dataset.seq) >= 1")
    assert message(server, created["id"])["seq"] >= 1
