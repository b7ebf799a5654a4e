"""The `random` bot: uniform over the legal actions, from its own seeded RNG."""

from __future__ import annotations

import random
from typing import Any

from holesome.core.decision import Decision


class RandomBot:
    """Picks uniformly among the legal actions; the baseline every other bot must beat."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, decision: Decision[Any, Any]) -> Any:
        """A uniformly random legal action."""
        return self.rng.choice(decision.legal_actions)
