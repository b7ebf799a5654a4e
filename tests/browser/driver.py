"""How a test plays through the page: only by clicking what the page offers, as a person would."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, ViewportSize

from tests.browser.conftest import SCREENSHOTS

PHONE = ViewportSize(width=390, height=844)
DESKTOP = ViewportSize(width=1280, height=800)
STEP_TIMEOUT_MS = 30_000
HUMAN = {"kind": "human"}
RANDOM = {"kind": "bot", "bot": "random"}
GREEDY = {"kind": "bot", "bot": "greedy"}
"""Seats for `create`."""


def new_page(browser: Browser) -> Page:
    """A page in a fresh context (its own storage, like another person's browser).

    The pages' Content-Security-Policy forbids evaluating strings, which Playwright's
    `wait_for_function` does; the tests' own scripts are let through, the page's rules are not.
    """
    return browser.new_context(bypass_csp=True, viewport=DESKTOP).new_page()


def create(base: str, game: str, seats: list[dict[str, str]], **extra: Any) -> dict[str, Any]:
    """Create a game through the API (the lobby's own form has its own test)."""
    response = httpx.post(f"{base}/api/games", json={"game": game, "seats": seats, **extra}, timeout=30)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def message(base: str, game_id: str, token: str | None = None) -> dict[str, Any]:
    """The game's message from the API: a seat's own with its token, else the spectator's."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    found: dict[str, Any] = httpx.get(f"{base}/api/games/{game_id}", headers=headers, timeout=10).json()
    return found


def tab_until(page: Page, focused: str, presses: int) -> None:
    """Press Tab until the JavaScript test `focused` holds (at most `presses` times)."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate(focused):
            return


def seq(page: Page) -> int:
    return int(page.locator("body").get_attribute("data-seq") or -1)


def wait_ready(page: Page) -> None:
    """Wait until the page shows the game and is not waiting for its own move to come back."""
    page.wait_for_selector("body[data-seq]:not([data-pending])", timeout=STEP_TIMEOUT_MS)


def click_some_choice(page: Page, rng: random.Random) -> bool:
    """Click one of the choices on offer (board or buttons), at random; False if there are none."""
    choices = page.locator("main [data-choice]:visible")
    count = choices.count()
    if count == 0:
        return False
    choices.nth(rng.randrange(count)).click()
    return True


def play_to_end(
    page: Page, rng: random.Random, max_clicks: int = 3000, check: Callable[[Page, int], None] | None = None
) -> int:
    """Click random choices until the game is over, calling `check(page, clicks)` before each
    click; returns the clicks made."""
    for clicks in range(max_clicks):
        wait_ready(page)
        if page.locator("body[data-status=over]").count():
            return clicks
        if check is not None:
            check(page, clicks)
        before = seq(page)
        if not click_some_choice(page, rng):
            page.wait_for_function(
                f"document.body.dataset.seq != '{before}' || document.body.dataset.status == 'over'"
                " || document.querySelector('main [data-choice]') !== null",
                timeout=STEP_TIMEOUT_MS,
            )
    raise AssertionError(f"the game did not end within {max_clicks} clicks")


def every_choice_on_the_board(page: Page, _clicks: int) -> None:
    """A `play_to_end` check: at this seat's move, no legal action is left to the shell's buttons."""
    if page.locator("#prompt.yours").count():
        assert page.locator("#choices [data-choice]").count() == 0, "a legal action was left off the board"


def screenshots(page: Page, name: str) -> None:
    """Save the page at phone and desktop sizes under artifacts/screenshots/."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for label, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        page.screenshot(path=SCREENSHOTS / f"{name}-{label}.png", full_page=True)
    page.set_viewport_size(DESKTOP)
