"""Doughnut Dash in the browser: a whole game against two bots, clicked through cards, thieves and arrows."""

from __future__ import annotations

import random
import re

from playwright.sync_api import Browser, Page, expect

from tests.browser.driver import (
    GREEDY,
    HUMAN,
    choices_inside_the_board_picture,
    create,
    message,
    new_page,
    play_to_end,
    screenshots,
    seq,
    tab_until,
    wait_ready,
)

WIDE_FLOOR = {"layout": "2x8"}
"""The experienced players' 2x8 floor (all 16 tiles): the board must draw a grid that is not square."""
COUNT_ANIMATIONS = """
const animate = Element.prototype.animate;
window.thiefAnimations = [];
Element.prototype.animate = function (frames, options) {
  if (this.classList.contains("thief")) window.thiefAnimations.push(frames.length);
  return animate.call(this, frames, options);
};
"""


def _only_my_cards_are_shown(page: Page) -> None:
    """The hand shows this seat's own Sugar Rush cards; other seats' draws are told without the card."""
    shown = page.locator("#board .scard").count()
    own = page.locator("#players li.me").text_content() or ""
    assert f"Sugar Rush cards: {shown}" in own
    for line in page.locator("#events li").all_text_contents():
        if line.startswith("Seat ") and " drew " in line:
            assert line.endswith("drew a Sugar Rush card."), line


def _wait_for_my_move(page: Page) -> None:
    wait_ready(page)
    page.wait_for_selector("#prompt.yours", timeout=30_000)


def _every_tenth_click_only_my_cards_show(page: Page, clicks: int) -> None:
    if clicks % 10 == 0:
        _only_my_cards_are_shown(page)


def test_a_human_plays_a_whole_game_against_two_bots_by_clicking(server: str, browser: Browser) -> None:
    created = create(server, "doughnut-dash", [HUMAN, GREEDY, GREEDY], seed=21, players=3, options=WIDE_FLOOR)
    page = new_page(browser)
    page.add_init_script(COUNT_ANIMATIONS)
    page.goto(created["seats"][0]["url"])
    _wait_for_my_move(page)
    expect(page.locator("#prompt")).to_contain_text("Choose a direction card")
    board = page.locator("#board")
    expect(board.locator(".thief")).to_have_count(6)
    expect(board.locator(".thief.seat-1 polygon")).to_have_count(2)
    expect(board.locator(".square")).to_have_count(64)
    expect(board.locator(".dcard.choice")).to_have_count(4)
    assert board.locator(".thief.movable").count() == 0, "no thief moves while directions are chosen"

    # West: 1a starts on a1, so its send-off arrow lies past the floor's west edge.
    before = seq(page)
    board.locator('.dcard.choice[data-direction="w"]').click()
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
    expect(board.locator(".cards").first).to_contain_text(re.compile(r"(your secret choice|revealed): W"))
    expect(page.locator("#events")).to_contain_text("revealed", timeout=30_000)

    _wait_for_my_move(page)
    if page.locator("#board .thief.movable").count():
        page.locator("#board .thief.movable").first.click()
        _wait_for_my_move(page)
        expect(board.locator(".thief.readied")).to_have_count(1)
        expect(board.locator(".send.go")).to_have_count(1)
        choices_inside_the_board_picture(page)
        screenshots(page, "doughnut-dash-send-off")
        before = seq(page)
        board.locator(".send.go").click()
        page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
        expect(board.locator(".trail")).not_to_have_count(0)
        assert page.evaluate("window.thiefAnimations.some((frames) => frames >= 2)"), "the dash was animated"
    _only_my_cards_are_shown(page)
    page.wait_for_function("document.getAnimations().length === 0")
    screenshots(page, "doughnut-dash")

    play_to_end(page, random.Random(5), 3000, _every_tenth_click_only_my_cards_show)
    expect(page.locator("#end")).to_be_visible()
    expect(page.locator("#final")).to_contain_text("Score")
    _only_my_cards_are_shown(page)
    screenshots(page, "doughnut-dash-end")
    assert message(server, created["id"], created["seats"][0]["token"])["outcome"] is not None
    page.click("#replay-link")
    expect(page.locator("#position")).to_contain_text("Step 0 of")
    page.keyboard.press("End")
    expect(page.locator("#board .thief")).to_have_count(6)
    expect(page.locator("#board [data-choice]")).to_have_count(0)


def test_a_direction_can_be_chosen_with_the_keyboard_alone(server: str, browser: Browser) -> None:
    created = create(server, "doughnut-dash", [HUMAN, GREEDY], seed=23, players=2, options=WIDE_FLOOR)
    page = new_page(browser)
    page.goto(created["seats"][0]["url"])
    _wait_for_my_move(page)
    tab_until(page, "document.activeElement.classList.contains('dcard')", 60)
    chosen = page.evaluate("document.activeElement.dataset.direction")
    page.keyboard.press("Enter")
    shown = re.compile(f"(your secret choice|revealed): {chosen.upper()}")
    expect(page.locator("#board .cards").first).to_contain_text(shown)


def test_a_spectator_of_four_bots_sees_every_thief_and_no_hand_or_choices(server: str, browser: Browser) -> None:
    created = create(server, "doughnut-dash", [GREEDY] * 4, seed=22, players=4)
    page = new_page(browser)
    page.goto(created["spectator_url"])
    wait_ready(page)
    page.wait_for_selector("#board .trail", timeout=30_000)
    expect(page.locator("#board .square")).to_have_count(64)
    for seat, shape in enumerate(("circle", "polygon", "rect", "polygon")):
        expect(page.locator(f"#board .thief.seat-{seat} {shape}")).to_have_count(2)
    expect(page.locator("#players li")).to_have_count(4)
    page.wait_for_selector("body[data-status=over]", timeout=60_000)
    expect(page.locator("#end")).to_be_visible()
    page.click("#end-close")
    page.wait_for_function("document.getAnimations().length === 0")
    screenshots(page, "doughnut-dash-spectator-end")
    expect(page.locator("#board [data-choice]")).to_have_count(0)
    expect(page.locator("#board .scard")).to_have_count(0)
    expect(page.locator("#board .dcard")).to_have_count(0)
