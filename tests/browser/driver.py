"""How a test plays through the page: only by clicking what the page offers, as a person would."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, ViewportSize
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from tests.browser.conftest import SCREENSHOTS

PHONE = ViewportSize(width=390, height=844)
DESKTOP = ViewportSize(width=1366, height=900)
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


NOTATION = re.compile(r"\b[a-z]\d+-[a-z]\d+\b|\b[a-z]{2}-[a-z]{2}\b|its code|@|\bchoose one of\b", re.IGNORECASE)
"""Terminal notation a person should never read in the browser: `r0-r65`, `ca-ce`, `(its code)`, `@seat`."""
ZERO_SEAT = re.compile(r"\bseat 0\b|\bPlayer \d", re.IGNORECASE)


def plain_words(page: Page, _clicks: int = 0) -> None:
    """The prompt and the offered buttons are plain words: no notation, no seat counted from 0."""
    texts = [page.locator("#prompt").inner_text(), *page.locator("#choices [data-choice]").all_inner_texts()]
    for text in texts:
        assert not NOTATION.search(text), f"notation in {text!r}"
        assert not ZERO_SEAT.search(text), f"a seat counted from 0 (or the rulebook's Player N) in {text!r}"


SETTLE_MS = 5_000
"""How long the page may take to settle (a piece still sliding, the view still scrolling) before
what the prompt asks for must be on screen."""
TARGET_IN_VIEW = """() => !document.querySelector("#prompt.yours")
    || [...document.querySelectorAll("main [data-choice]")].some((el) => {
        const box = el.getBoundingClientRect();
        const across = box.left >= 0 && box.right <= innerWidth;
        return box.width > 0 && box.top >= 0 && box.bottom <= innerHeight && across;
    })"""


def targets_in_view(page: Page, _clicks: int = 0) -> None:
    """At this seat's decision, some of what the prompt asks for is inside the viewport once the
    page has settled (a piece's slide moves its box while it runs)."""
    if not page.locator("#prompt.yours").count():
        return
    try:
        page.wait_for_function(TARGET_IN_VIEW, timeout=SETTLE_MS)
    except PlaywrightTimeoutError:
        prompt = page.locator("#prompt").inner_text()
        raise AssertionError(f"nothing the prompt asks for is on screen: {prompt!r}") from None


def _choices_once_settled(page: Page, selector: str, failing: str) -> list[str]:
    """The names of the choices under `selector` for which the JavaScript test `failing(el)` holds,
    read at a moment when no animation runs: a sliding piece's box is where the slide has it, not
    where it will rest."""
    running = "document.getAnimations().some((animation) => animation.playState === 'running')"
    found = f"[...document.querySelectorAll({selector!r})].filter({failing}).map((el) => el.dataset.choice)"
    handle = page.wait_for_function(f"() => {running} ? null : {found}", timeout=STEP_TIMEOUT_MS)
    names: list[str] = handle.json_value()
    return names


def choices_inside_the_board_picture(page: Page, _clicks: int = 0) -> None:
    """Every choice drawn on the board lies inside its own picture (a Doughnut Dash thief
    on the west edge sent west has its arrow beyond the floor: the picture must have room for it,
    or it can be off screen)."""
    outside = _choices_once_settled(
        page,
        "#board svg [data-choice]",
        """(el) => {
            const outer = el.closest("svg").getBoundingClientRect();
            const box = el.getBoundingClientRect();
            const across = box.left >= outer.left && box.right <= outer.right;
            return !(across && box.top >= outer.top && box.bottom <= outer.bottom);
        }""",
    )
    assert not outside, f"drawn outside the board's picture: {outside}"


def choices_take_their_own_taps(page: Page, _clicks: int = 0) -> None:
    """A tap at the middle of a choice on screen lands on that choice, not on another drawn over it
    (a Doughnut Dash thief's tap circle once covered the other thief on its square)."""
    covered = _choices_once_settled(
        page,
        "main [data-choice]",
        """(el) => {
            const box = el.getBoundingClientRect();
            const x = box.left + box.width / 2;
            const y = box.top + box.height / 2;
            if (box.width === 0 || x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
            const top = document.elementFromPoint(x, y);
            return !(top && el.contains(top));
        }""",
    )
    assert not covered, f"a tap at the middle of these lands elsewhere: {covered}"


def ending_told(page: Page) -> str:
    """The end panel is open and names who won (or the draw) and why; returns its words."""
    page.locator("#end").wait_for(state="visible", timeout=STEP_TIMEOUT_MS)
    words = page.locator("#ending").inner_text()
    assert re.search(r"\bwon\b|\bdraw\b", words, re.IGNORECASE), words
    assert not ZERO_SEAT.search(words), words
    return words


def play_to_end(
    page: Page, rng: random.Random, max_clicks: int = 3000, check: Callable[[Page, int], None] | None = None
) -> int:
    """Click random choices until the game is over, calling `check(page, clicks)` before each
    click (and always checking that the prompt is in plain words with its targets in view, each
    inside the board's picture if drawn on the board and taking a tap at its middle);
    returns the clicks made. At the end, the end panel must say who won and why."""
    for clicks in range(max_clicks):
        wait_ready(page)
        if page.locator("body[data-status=over]").count():
            ending_told(page)
            return clicks
        plain_words(page)
        targets_in_view(page)
        choices_inside_the_board_picture(page)
        choices_take_their_own_taps(page)
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


def screenshots(page: Page, name: str, sizes: tuple[str, ...] = ("phone", "desktop")) -> None:
    """Save the page at phone and desktop sizes (or those named) under artifacts/screenshots/;
    the page keeps the last size."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    for label in sizes:
        page.set_viewport_size(PHONE if label == "phone" else DESKTOP)
        page.screenshot(path=SCREENSHOTS / f"{name}-{label}.png", full_page=True)
    if sizes == ("phone", "desktop"):
        page.set_viewport_size(DESKTOP)
