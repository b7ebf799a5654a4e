"""What people are called at a table: the display names players give, and bots' names.

A display name is shown to everyone at the game, so it is bounded and plain: trimmed, inner
runs of spaces made one, no control characters, at most `NAME_MAX` characters. Pages put it
in the document as text (never as markup), so it needs no escaping beyond that.
"""

from __future__ import annotations

import unicodedata

from holesome.bots import STRENGTHS

NAME_MAX = 24
"""The longest display name, in characters."""

BOT_KINDS = {
    "random": "Random",
    "greedy": "Greedy",
    "mcts": "MCTS",
    "ismcts": "ISMCTS",
    "perfect": "Perfect",
    "turn": "Turn search",
}


def display_name(text: str) -> str:
    """`text` as a display name; `ValueError` says what is wrong with it."""
    name = " ".join(text.split())
    if not name:
        raise ValueError("a name needs at least one letter or digit")
    if len(name) > NAME_MAX:
        raise ValueError(f"a name has at most {NAME_MAX} characters, got {len(name)}")
    if any(unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn") for char in name):
        raise ValueError("a name may not hold control or invisible characters")
    return name


def bot_name(spec: str) -> str:
    """A bot seat's name by its kind and strength, in plain words: `ISMCTS bot (1000 iterations)`,
    `Greedy bot`, `Hard bot` (a strength's setting is in the lobby's help, not in its name)."""
    if spec in STRENGTHS:
        return f"{spec.capitalize()} bot"
    kind, _, strength = spec.partition(":")
    named = BOT_KINDS.get(kind, kind.capitalize())
    if not strength:
        return f"{named} bot"
    return f"{named} bot ({strength} iterations)" if strength.isdigit() else f"{named} bot ({strength})"
