"""What a bot is: something that picks an action for a `Decision`, seeded and honest.

A bot is handed a `Decision` (its seat's view, legal actions and `determinize`), never the true
state, so searching on hidden information is impossible without reaching into a private field.
"""

from __future__ import annotations

from typing import Any, Protocol


class Bot(Protocol):
    """A player program. `act` must return one of `decision.legal_actions`."""

    name: str

    def act(self, decision: Any) -> Any:
        """Choose an action for `decision` (a `holesome.Decision`)."""
        ...
