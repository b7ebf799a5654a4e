"""Go Nuts for Donuts in the browser: a whole game by clicking, secret picks, powers on the table."""

from __future__ import annotations

import random

from playwright.sync_api import Browser, Page, expect

import holesome
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
    seq,
    tab_until,
    wait_ready,
)


def test_a_human_plays_a_whole_game_against_bots_by_clicking(server: str, browser: Browser) -> None:
    created = create(server, "go-nuts", [HUMAN, RANDOM, RANDOM], players=3, seed=11)
    page = new_page(browser)
    page.goto(created["seats"][0]["url"])
    wait_ready(page)
    expect(page.locator("#prompt")).to_contain_text("pick a card of the row")
    expect(page.locator("#board .gn-row .gn-card.offered")).to_have_count(4)
    expect(page.locator("#board .gn-deck")).to_contain_text("deck")
    expect(page.locator("#board .gn-collection")).to_have_count(3)
    screenshots(page, "go-nuts")
    play_to_end(page, random.Random(4), 600, every_choice_on_the_board)
    expect(page.locator("#end")).to_be_visible()
    outcome = message(server, created["id"])["outcome"]
    for seat, score in enumerate(outcome["scores"]):
        expect(page.locator(f"#board .gn-collection[data-seat='{seat}'] .tally")).to_contain_text(f"{int(score)} pts")
    expect(page.locator("#events")).to_contain_text("the game is over")
    screenshots(page, "go-nuts-end")
    page.click("#replay-link")
    expect(page.locator("#position")).to_contain_text("Step 0 of")
    expect(page.locator("#board .gn-row .gn-card[data-code]")).to_have_count(4)
    page.keyboard.press("End")
    expect(page.locator("#board .gn-status")).to_contain_text("Game over")
    expect(page.locator("#board .offered")).to_have_count(0)


def test_six_players_fit_on_a_phone_and_a_pick_can_be_made_with_the_keyboard(server: str, browser: Browser) -> None:
    created = create(server, "go-nuts", [HUMAN, *[RANDOM] * 5], players=6, seed=13)
    page = new_page(browser)
    page.set_viewport_size(PHONE)
    page.goto(created["seats"][0]["url"])
    wait_ready(page)
    expect(page.locator("#board .gn-row .gn-card.offered")).to_have_count(7)
    expect(page.locator("#board .gn-collection")).to_have_count(6)
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    screenshots(page, "go-nuts-6-players")
    page.set_viewport_size(PHONE)
    page.wait_for_selector("#prompt.yours")
    tab_until(page, "(document.activeElement?.dataset?.choice ?? '').startsWith('pick slot 1:')", 30)
    assert page.evaluate("document.activeElement.dataset.choice").startswith("pick slot 1:")
    page.keyboard.press("Enter")
    expect(page.locator("#events")).to_contain_text("Picks revealed")
    expect(page.locator("#events")).to_contain_text("slot 1: You")


def test_picks_stay_secret_until_everyone_has_picked(server: str, browser: Browser) -> None:
    created = create(server, "go-nuts", [HUMAN, HUMAN], players=2, seed=12)
    first, second = new_page(browser), new_page(browser)
    first.goto(created["seats"][0]["url"])
    second.goto(created["seats"][1]["url"])
    wait_ready(first)
    wait_ready(second)
    before = seq(second)
    second.locator("#board .gn-card.offered[data-code]").nth(2).click()
    first.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
    expect(second.locator("#board .gn-card.my-pick")).to_have_count(1)
    expect(second.locator("#board .gn-row")).to_contain_text("your pick")
    expect(first.locator("#board .gn-picks")).to_contain_text("Seat 2: picked ✓")
    expect(first.locator("#board .gn-card.my-pick")).to_have_count(0)
    expect(first.locator("#board .picked")).to_have_count(0)
    expect(first.locator("#players")).not_to_contain_text("picked slot")
    first.locator("#board .gn-card.offered[data-code]").nth(0).click()
    for page in (first, second):
        expect(page.locator("#events")).to_contain_text("Picks revealed")
        expect(page.locator("#events")).to_contain_text("slot 1")
        expect(page.locator("#events")).to_contain_text("slot 3")
    wait_ready(first)
    expect(first.locator("#prompt")).not_to_contain_text("Loading")


def test_a_double_chocolate_draw_is_seen_only_by_its_taker(server: str, browser: Browser) -> None:
    seed, slot = _seed_with_double_chocolate_in_the_row()
    pages = _three_pick(server, browser, seed, slot)
    taker, others = pages[0], pages[1:]
    expect(taker.locator("#board .gn-power")).to_contain_text("only you see them")
    drawn = taker.locator("#board .gn-power .gn-chip").evaluate_all("cards => cards.map(c => c.dataset.code)")
    assert len(drawn) == 2
    screenshots(taker, "go-nuts-power")
    for page in others:
        expect(page.locator("#board .gn-power")).to_contain_text("drew 2 cards in secret")
        expect(page.locator("#board .gn-power .gn-chip")).to_have_count(0)
    taker.locator("#board .gn-power .gn-chip.offered").first.click()
    expect(taker.locator("#events")).to_contain_text("You kept")
    for page in others:
        expect(page.locator("#events")).to_contain_text("Seat 1 kept")
        expect(page.locator("#events")).to_contain_text("put the other back on the deck")


def _three_pick(server: str, browser: Browser, seed: int, slot: int) -> list[Page]:
    """Three people open a 3-player game of `seed`; the first picks `slot`, the others other slots."""
    created = create(server, "go-nuts", [HUMAN, HUMAN, HUMAN], players=3, seed=seed)
    pages = [new_page(browser) for _ in range(3)]
    for page, seat in zip(pages, created["seats"], strict=True):
        page.goto(seat["url"])
        wait_ready(page)
    for index, page in enumerate(pages):
        target = slot if index == 0 else _other_slot(slot, index)
        page.locator(f"#board .gn-card.offered[aria-label^='pick slot {target}:']").click()
    return pages


def _other_slot(slot: int, index: int) -> int:
    """A slot other than `slot` and other than the others' (slots 1-4 with three players)."""
    return [number for number in range(1, 5) if number != slot][index]


def _seed_with_double_chocolate_in_the_row() -> tuple[int, int]:
    """A seed whose first row holds a Double Chocolate, and its slot (asked of the rules, not guessed)."""
    return _seed_with_in_the_row("DC", quiet_others=False)


def _seed_with_in_the_row(code: str, quiet_others: bool) -> tuple[int, int]:
    """A 3-player seed whose first row holds `code` (and, if `quiet_others`, no other power), and its slot."""
    game = holesome.load("go-nuts", 3)
    for seed in range(500):
        view = game.view(game.start(seed), None)
        powers = {kind["code"] for kind in view["kinds"] if kind["power"]}
        cards = [slot["card"] for slot in view["row"]]
        if code in cards and not (quiet_others and any(card in powers for card in cards if card != code)):
            return seed, cards.index(code) + 1
    raise AssertionError(f"no seed in 500 deals the first row this test needs ({code})")


def test_a_sprinkled_is_given_by_clicking_an_opponents_collection(server: str, browser: Browser) -> None:
    seed, slot = _seed_with_in_the_row("SP", quiet_others=True)
    pages = _three_pick(server, browser, seed, slot)
    giver, receiver = pages[0], pages[1]
    expect(giver.locator("#prompt")).to_contain_text("give your Sprinkled to which opponent")
    expect(giver.locator("#board .gn-collection h3.offered")).to_have_count(2)
    expect(giver.locator("#board .gn-collection.mine h3.offered")).to_have_count(0)
    expect(giver.locator("#board .gn-power")).to_contain_text("So far: Sprinkled")
    giver.click("#board [data-choice='choose Seat 2']")
    expect(receiver.locator("#events")).to_contain_text("Seat 1 gave Sprinkled to You")
    expect(receiver.locator("#board .gn-collection.mine .gn-chip.new[data-code='SP']")).to_have_count(1)
    expect(giver.locator("#board .gn-collection.mine [data-code='SP']")).to_have_count(0)
