"""Texts for people, with seats left as references: a prompt, a choice's label, why a game ended.

A game writes what it says to a person as an `Ask`: words, and seats as numbers (0-based, as
the rules count them) that each reader names in its own way. The browser shows a seat's display
name ("Ana", "You"), the terminal "seat 3"; nobody reads a seat counted from 0. A `hint` holds
the notation to type in the terminal, which the browser never shows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Seat = int
"""A seat index, as in `holesome.core.game` (which imports this module)."""

Part = str | int
"""Words, or a seat (an int) to be named by the reader."""


def seat_words(seat: Seat) -> str:
    """A seat as a person counts it: "seat 1" for the rules' seat 0."""
    return f"seat {seat + 1}"


@dataclass(frozen=True, slots=True)
class Ask:
    """Words and seat references; `hint` is the notation to type, for the terminal only."""

    parts: tuple[Part, ...]
    hint: str = ""

    def words(self, name: Callable[[Seat], str] = seat_words) -> str:
        """The text with each seat named by `name`, without the hint."""
        return "".join(part if isinstance(part, str) else name(part) for part in self.parts)

    def text(self) -> str:
        """The terminal's form: seats counted from 1, then the notation hint in parentheses."""
        words = self.words()
        return f"{words} ({self.hint})" if self.hint and words else words

    def to_json(self) -> dict[str, Any]:
        """`{"parts": [words or {"seat": n}], "hint": ...}`: seats stay for the reader to name."""
        return {
            "parts": [part if isinstance(part, str) else {"seat": part} for part in self.parts],
            "hint": self.hint,
        }

    def __bool__(self) -> bool:
        return bool(self.parts)


def ask(*parts: Part, hint: str = "") -> Ask:
    """An `Ask` from its parts: `ask("give it to ", 2, "?")`."""
    return Ask(tuple(part for part in parts if part != ""), hint)


NOTHING = Ask(())
"""Nothing to ask: the seat has no decision now."""
