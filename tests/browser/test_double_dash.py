"""Double Dash! in the browser: a whole game clicked through the dice, the pieces and their landing spaces."""

from __future__ import annotations

import random

from playwright.sync_api import Browser, Page, expect

from tests.browser.driver import (
    DESKTOP,
    GREEDY,
    HUMAN,
    PHONE,
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

SMALL_BOARD = ["111111", "......", ".#..#.", "......", "222222"]
"""A small board keeps a game against a bot short; the rules are the same."""
THUMB = 44
"""The least width and height, in CSS pixels, of anything a player taps on a phone."""
SIGHT = """() => {
    const slider = document.querySelector("#board .dd-slider");
    const frame = slider.getBoundingClientRect();
    const left = Math.max(0, frame.left + slider.clientLeft);
    const right = Math.min(innerWidth, left + slider.clientWidth);
    const choices = [...document.querySelectorAll("main [data-choice]")].map((el) => {
        const box = el.getBoundingClientRect();
        const board = slider.contains(el);
        const inside = box.left >= (board ? left : 0) - 0.5 && box.right <= (board ? right : innerWidth) + 0.5;
        return { board, inside, left: box.left, right: box.right, width: box.width, height: box.height };
    });
    return { scrolled: slider.scrollLeft, wide: slider.scrollWidth, seen: slider.clientWidth, left, right,
             bottom: document.querySelector("#board .dd").getBoundingClientRect().bottom, choices };
}"""
"""Where the board's frame shows it, how far the board has slid in it, and each choice's box:
whether it is wholly in sight (inside the frame for the board's, inside the window for the others)."""


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
    expect(page.locator("#prompt")).to_contain_text("Choose a piece")
    pieces = view.locator(".piece.movable")
    assert pieces.count() > 0
    assert view.locator(".piece.p2.movable").count() == 0, "only the mover's own pieces are offered"
    before = seq(page)
    pieces.first.click()
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before} && !document.body.dataset.pending")
    expect(page.locator("#prompt")).to_contain_text("Choose a direction")
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
        expect(page.locator("#prompt")).to_contain_text(f"hoose a {step}")
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


def test_on_a_phone_every_space_is_thumb_wide_and_the_board_slides_to_what_is_asked(
    server: str, browser: Browser
) -> None:
    """Ten thumb-wide spaces are wider than a phone: the board slides in its frame, and each view
    brings what the prompt asks for into sight. The player taps only what is in sight (never
    swipes), so any slide seen here is the page's own; at a desktop size the board fits whole."""
    created = create(server, "double-dash", [HUMAN, RANDOM], seed=15)
    page = browser.new_context(bypass_csp=True, viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    page.goto(created["seats"][0]["url"])
    rng = random.Random(6)
    slides: set[str] = set()
    before = 0.0
    for _ in range(60):
        _wait_for_my_move(page)
        sight = page.evaluate(SIGHT)
        assert sight["wide"] >= 10 * THUMB > sight["seen"], "the spaces shrank below a thumb's width"
        choices = sight["choices"]
        assert all(choice["width"] >= THUMB and choice["height"] >= THUMB for choice in choices), choices
        on_board = [choice for choice in choices if choice["board"]]
        if on_board:
            span = max(choice["right"] for choice in on_board) - min(choice["left"] for choice in on_board)
            assert (
                all(choice["inside"] for choice in on_board)
                if span <= sight["seen"]
                else any(choice["inside"] for choice in on_board)
            ), sight
        if sight["scrolled"] != before:
            slides.add("right" if sight["scrolled"] > before else "left")
        before = sight["scrolled"]
        if slides == {"left", "right"}:
            break
        in_sight = [number for number, choice in enumerate(choices) if choice["inside"]]
        page.locator("main [data-choice]").nth(rng.choice(in_sight)).tap()
        page.wait_for_function("!document.body.dataset.pending")
    assert slides == {"left", "right"}, "the board never slid both ways to what was asked"
    screenshots(page, "double-dash-phone-slid", sizes=("phone",))
    page.set_viewport_size(DESKTOP)
    fits = "(({ scrollWidth, clientWidth }) => scrollWidth <= clientWidth)(document.querySelector('.dd-slider'))"
    page.wait_for_function(fits)
    sight = page.evaluate(SIGHT)
    assert sight["scrolled"] == 0 and sight["bottom"] <= DESKTOP["height"], sight
