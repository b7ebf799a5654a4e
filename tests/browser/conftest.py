"""Browser tests: the real client in Debian's Chromium, driven by Playwright, against a live server.

`scripts/chromium.sh` (run by `make test`) installs Chromium; Playwright drives it in place of
the browser it would otherwise download. Screenshots go to `artifacts/screenshots/` (not committed).
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Playwright, sync_playwright

from holesome.server import Settings, create_app
from holesome.server.quotas import Limits
from tests.server.conftest import LiveServer

ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

pytestmark = pytest.mark.browser


def _chromium() -> str:
    found = shutil.which("chromium")
    if found is None:
        found = subprocess.run([ROOT / "scripts" / "chromium.sh"], check=True, capture_output=True, text=True).stdout
    return found.strip()


@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    """Playwright, for one test module at a time.

    Its sync API keeps an event loop marked as running on this thread while it is open, which
    breaks `asyncio.run` in any other test the same worker runs meanwhile; a module scope closes
    it before pytest moves on to another module.
    """
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    chromium = playwright.chromium.launch(executable_path=_chromium(), args=CHROMIUM_FLAGS)
    yield chromium
    chromium.close()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A live server on a fresh SQLite file; bots think in threads; a test's chosen seed deals the
    position it was chosen for. Yields its base URL.

    Every test here creates its games from one address, faster on a quick machine than the
    public quotas allow one client (20 a minute): the quotas are lifted here and tested in
    tests/server/test_attacks.py."""
    database = tmp_path_factory.mktemp("browser") / "games.db"
    settings = Settings(
        database=f"sqlite:///{database}",
        bot_workers=2,
        bot_processes=False,
        deal_chosen_seeds=True,
        limits=Limits(games_per_minute=10_000, open_games=10_000),
    )
    app = create_app(settings)
    with LiveServer(app) as live:
        yield f"http://127.0.0.1:{live.port}"
