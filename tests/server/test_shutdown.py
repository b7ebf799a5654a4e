"""Ctrl-C stops `holesome serve` cleanly: bot workers finish, nothing is leaked or reported."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import httpx

from tests.server.conftest import WAIT_SECONDS, ServerProcess


def test_ctrl_c_while_bots_think_stops_cleanly_with_no_leaked_semaphores(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'games.db'}").start()
    assert server.process is not None and server.process.stderr is not None
    try:
        bots = [{"kind": "bot", "bot": "ismcts"}] * 2
        created = httpx.post(f"{server.base}/api/games", json={"game": "honey-donut", "seats": bots}, timeout=30)
        assert created.status_code == 201, created.text
        os.killpg(server.process.pid, signal.SIGINT)  # what Ctrl-C in a terminal does: the whole group
        code = server.process.wait(WAIT_SECONDS * 6)
        errors = server.process.stderr.read().decode()
    finally:
        server.kill()
    assert code == 0, errors
    assert "leaked" not in errors and "Traceback" not in errors, errors
    assert "Finished server process" in errors
