"""Donut Dilemma in the browser: whole games by clicking, the submission chain step by step, the
host's announcements (public totals; your own score and placement), secrets kept, ten on a phone."""

from __future__ import annotations

import random

from playwright.sync_api import Browser, Page, expect

from tests.browser.driver import (
    HUMAN,
    PHONE,
    RANDOM,
    create,
    every_choice_on_the_board,
    message,
    new_page,
    play_to_end,
    screenshots,
    wait_ready,
)


def test_a_human_plays_a_whole_game_against_bots_by_clicking(server: str, browser: Browser) -> None:
    options = {"rounds": 3, "start": ["B", "B", "C", "D"]}
    created = create(server, "donut-dilemma", [HUMAN, *[RANDOM] * 3], players=4, options=options, seed=21)
    token = created["seats"][0]["token"]
    page = new_page(browser)
    page.goto(created["seats"][0]["url"])
    wait_ready(page)
    expect(page.locator("#prompt")).to_contain_text("where do you bake")
    expect(page.locator("#board .dd-partners")).to_have_text(
        "You started the game in bakery B with Random bot (seat 2)."
    )
    expect(page.locator("#board .dd-bakery.offered")).to_have_count(3)
    expect(page.locator("#board .dd-order")).to_contain_text("only you see it")

    def check_announcement() -> None:
        view = message(server, created["id"], token)["view"]
        last, mine = view["last"], view["me"]["rounds"][-1]
        panel = page.locator("#board .dd-announce")
        expect(panel).to_contain_text(f"Round {last['round']} announced")
        expect(panel.locator(".dd-total")).to_have_text(str(last["total"]))
        for letter, total in last["bakeries"].items():
            expect(panel.locator(".dd-totals")).to_contain_text(f"{letter} {total}")
        private = f"+{mine['points']} this round; score {mine['score']}, placement {mine['placement']} of 4"
        expect(panel.locator(".dd-private")).to_contain_text(private)
        expect(page.locator("#events")).to_contain_text(f"round total {last['total']}")
        screenshots(page, "donut-dilemma")

    announced: list[bool] = []

    def check(page: Page, clicks: int) -> None:
        every_choice_on_the_board(page, clicks)
        if not announced and page.locator("#board .dd-announce").count():
            check_announcement()
            announced.append(True)

    play_to_end(page, random.Random(5), 400, check)
    assert announced, "no announcement was shown"
    expect(page.locator("#end")).to_be_visible()
    outcome = message(server, created["id"])["outcome"]
    final = page.locator("#board .dd-final")
    for seat, score in enumerate(outcome["scores"]):
        bakery = outcome["details"]["final_bakeries"][seat]
        expect(final.locator("tr").nth(seat + 1)).to_contain_text(f"{int(score)}{bakery}")
    expect(page.locator("#board .dd-history tr")).to_have_count(4)
    screenshots(page, "donut-dilemma-end")


def test_a_submission_is_built_step_by_step_and_the_others_never_see_it(server: str, browser: Browser) -> None:
    options = {"rounds": 2, "start": ["A", "C", "E"], "garnets": [2, 0, 0]}
    created = create(server, "donut-dilemma", [HUMAN, HUMAN, RANDOM], players=3, options=options, seed=22)
    mine, theirs, watcher = new_page(browser), new_page(browser), new_page(browser)
    mine.goto(created["seats"][0]["url"])
    theirs.goto(created["seats"][1]["url"])
    watcher.goto(created["spectator_url"])
    for page in (mine, theirs, watcher):
        wait_ready(page)
    mine.click("#board [data-choice='move to B']")
    expect(mine.locator("#board .dd-steps")).to_contain_text("Move: to B")
    expect(mine.locator("#board .dd-chip")).to_have_count(14)
    expect(mine.locator("#board .dd-chip.garnet")).to_have_count(2)
    expect(mine.locator("#board [data-choice='13 Plain (spends 2 garnets)']")).to_have_count(1)
    mine.click("#board [data-choice='11 Plain']")
    mine.click("#board [data-choice^='bake a Rainbow']")
    mine.click("#board [data-choice^='Rainbow 30 to']")
    expect(mine.locator("#board .dd-chips.units [data-choice]")).to_have_count(9)
    screenshots(mine, "donut-dilemma-rainbow")
    mine.click("#board [data-choice='declare 34']")
    expect(mine.locator("#board .dd-order")).to_contain_text("Submitted")
    expect(mine.locator("#board .dd-steps")).to_contain_text("Rainbow 34")
    expect(theirs.locator("#players li[data-seat='0']")).to_contain_text("submitted ✓")
    expect(theirs.locator("#events")).to_contain_text("Submitted for round 1: Seat 1")
    _keyboard_submission(theirs)
    expect(mine.locator("#board .dd-announce")).to_contain_text("Round 1 announced")
    expect(theirs.locator("#board .dd-announce")).to_contain_text("Round 1 announced")
    expect(mine.locator("#board .dd-history")).to_contain_text("B: 11 plain, Rainbow 34")
    expect(theirs.locator("#board .dd-history")).to_contain_text("C: 0 plain, Coffee at A")
    assert "Coffee at A" not in mine.locator("main").inner_text()
    assert "Rainbow 34" not in theirs.locator("main").inner_text()
    expect(watcher.locator("#board .dd-announce")).to_contain_text("Round 1 announced")
    expect(watcher.locator("#board .dd-private, #board .dd-order, #board .here")).to_have_count(0)
    for page in (mine, theirs, watcher):
        for line in page.locator("#players li:not(.me)").all_inner_texts():
            assert "score" not in line and "bakery" not in line, line
        expect(page.locator("#board .occupants")).to_have_count(0)
    screenshots(theirs, "donut-dilemma-announced")


def _keyboard_submission(page: Page) -> None:
    """Stay, bake no Plain and a Coffee at bakery A, with Tab and Enter alone; after each step the
    focus is already on the next step's first choice."""

    def focused() -> str | None:
        label: str | None = page.evaluate("document.activeElement?.dataset?.choice ?? null")
        return label

    def tab_to(label: str) -> None:
        for _ in range(60):
            if focused() == label:
                return
            page.keyboard.press("Tab")
        raise AssertionError(f"Tab never reached {label!r}")

    tab_to("stay in C")
    page.keyboard.press("Enter")
    page.wait_for_function("document.activeElement?.dataset?.choice === '0 Plain'")
    page.keyboard.press("Enter")
    page.wait_for_function("document.activeElement?.dataset?.choice === 'bake a Glazed'")
    tab_to("bake a Coffee (then its bakery)")
    page.keyboard.press("Enter")
    assert focused() == "Coffee baked at A"
    page.keyboard.press("Enter")


def test_ten_players_fit_on_a_phone(server: str, browser: Browser) -> None:
    created = create(server, "donut-dilemma", [HUMAN] + [RANDOM] * 9, players=10, options={"rounds": 1}, seed=23)
    page = new_page(browser)
    page.set_viewport_size(PHONE)
    page.goto(created["seats"][0]["url"])
    wait_ready(page)
    expect(page.locator("#players li")).to_have_count(10)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than a phone"
    play_to_end(page, random.Random(6), 400, every_choice_on_the_board)
    expect(page.locator("#board .dd-final tr")).to_have_count(11)
    page.click("#end-close")
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    screenshots(page, "donut-dilemma-10-players")
