"""Double Dash! in the browser: a whole game clicked through the dice, the pieces and their landing spaces."""

from __future__ import annotations

import random

from playwright.sync_api import Browser, Page, expect

from tests.browser.driver import (
    GREEDY,
    HUMAN,
    create,
    message,
    new_page,
    play_to_end,
    screenshots,
    seq,
    tab_until,
    wait_ready,
)

SMALL_BOARD = ["111111", "......", ".#..#.", "......", "222222"]
"""A small board keeps a game against a bot short; the rules are the same."""


def _wait_for_my_move(page: Page) -> None:
    wait_ready(page)
    page.wait_for_selector("#prompt.yours", timeout=30_000)


def _one_move_by_the_board(page: Page, screenshot: str | None = None) -> None:
    """A die (unless only one is left), a highlighted piece, then a highlighted landing space."""
    _wait_for_my_move(page)
    view = page.locator("#board")
    if "choose a die" in (page.locator("#prompt").text_content() or ""):
        dice = view.locator(".usable")
        expect(dice.first).to_be_visible()
        before = seq(page)
        dice.first.click()
        page.wait_for_function(f"Number(document.body.dataset.seq) > {before} && !document.body.dataset.pending")
    expect(page.locator("#prompt")).to_contain_text("choose a piece")
    pieces = view.locator(".piece.movable")
    assert pieces.count() > 0
    assert view.locator(".piece.p2.movable").count() == 0, "only the mover's own pieces are offered"
    before = seq(page)
    pieces.first.click()
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before} && !document.body.dataset.pending")
    expect(page.locator("#prompt")).to_contain_text("choose a direction")
    expect(view.locator(".piece.selected")).to_have_count(1)
    targets = view.locator(".target")
    assert targets.count() > 0
    assert page.locator("#choices button").count() == 0, "every direction is a space on the board"
    if screenshot:
        page.wait_for_function("document.getAnimations().length === 0")
        screenshots(page, screenshot)
    before = seq(page)
    targets.first.click()
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")


def test_a_human_plays_a_whole_game_against_a_greedy_bot_by_clicking(server: str, browser: Browser) -> None:
    created = create(server, "double-dash", [HUMAN, GREEDY], seed=11, options={"board": SMALL_BOARD})
    page = new_page(browser)
    page.goto(created["seats"][0]["url"])
    wait_ready(page)
    expect(page.locator("#board .piece.p1")).to_have_count(6)
    expect(page.locator("#board .piece.p2 rect")).to_have_count(6)
    expect(page.locator("#board .space.black")).to_have_count(2)
    _one_move_by_the_board(page)
    page.wait_for_selector("#board .dash", timeout=30_000)
    expect(page.locator("#events")).to_contain_text("rolled")
    _wait_for_my_move(page)
    expect(page.locator("#board .die").first).to_be_visible()
    expect(page.locator("#players")).to_contain_text("pieces left")
    _one_move_by_the_board(page, screenshot="double-dash")
    play_to_end(page, random.Random(4))
    expect(page.locator("#end")).to_be_visible()
    expect(page.locator("#final")).to_contain_text("Score")
    screenshots(page, "double-dash-end")
    assert message(server, created["id"])["outcome"] is not None
    page.click("#replay-link")
    expect(page.locator("#position")).to_contain_text("Step 0 of")
    page.keyboard.press("End")
    expect(page.locator("#board .dash")).not_to_have_count(0)
    expect(page.locator("#board [data-choice]")).to_have_count(0)


def test_a_spectator_sees_the_dice_and_no_choices(server: str, browser: Browser) -> None:
    created = create(server, "double-dash", [GREEDY, GREEDY], seed=12)
    page = new_page(browser)
    page.goto(created["spectator_url"])
    wait_ready(page)
    page.wait_for_selector("#board .dash", timeout=30_000)
    expect(page.locator("#board .space")).to_have_count(100)
    expect(page.locator("#board .space.black")).to_have_count(8)
    expect(page.locator("#board .die").first).to_be_visible()
    page.wait_for_function("document.getAnimations().length === 0")
    screenshots(page, "double-dash-spectator")
    expect(page.locator("#board [data-choice]")).to_have_count(0)
    expect(page.locator("#choices button")).to_have_count(0)


def test_a_whole_move_can_be_made_with_the_keyboard_alone(server: str, browser: Browser) -> None:
    created = create(server, "double-dash", [HUMAN, GREEDY], seed=13, options={"board": SMALL_BOARD})
    page = new_page(browser)
    page.goto(created["seats"][0]["url"])
    _wait_for_my_move(page)
    start = seq(page)
    for step in ("piece", "direction"):
        if step == "piece" and "choose a die" in (page.locator("#prompt").text_content() or ""):
            _press_the_first_board_choice(page)
        expect(page.locator("#prompt")).to_contain_text(f"choose a {step}")
        _press_the_first_board_choice(page)
    assert seq(page) > start
    expect(page.locator("#board .dash")).not_to_have_count(0)


def _press_the_first_board_choice(page: Page) -> None:
    """Tab to the first choice on the board and press Enter; wait for the answer."""
    page.locator("body").focus()
    tab_until(page, "document.activeElement.closest('#board [data-choice]') !== null", 40)
    before = seq(page)
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before} && !document.body.dataset.pending")
