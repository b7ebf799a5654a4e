"""Positions set up by hand, from card codes: for scenario tests, puzzles and teaching.

    state = position(3, row=["EC", "PL", "GL", "BC"], hands=[["PL"], [], ["JF", "JF"]])

The deck holds every card of the player count's deck not placed elsewhere (unless given), so
cards are conserved as in a dealt game. The position is at the start of a round's picks, and
settled like every state the rules make.
"""

from __future__ import annotations

from collections.abc import Sequence

from holesome.games.go_nuts.cards import CODES, NO_CARDS, Counts, deck_counts
from holesome.games.go_nuts.flow import settle
from holesome.games.go_nuts.state import GoNutsState, KnownTop
from holesome.games.go_nuts.table import Table


def counts(codes: Sequence[str]) -> Counts:
    """Card codes as counts per kind; `ValueError` names an unknown code."""
    result = list(NO_CARDS)
    for code in codes:
        if code not in CODES:
            raise ValueError(f"no card has the code {code!r}")
        result[CODES[code]] += 1
    return tuple(result)


def position(
    players: int,
    *,
    row: Sequence[str],
    hands: Sequence[Sequence[str]] = (),
    discard: Sequence[str] = (),
    deck: Sequence[str] | None = None,
    top: tuple[int, str] | None = None,
    round: int = 1,
) -> GoNutsState:
    """A position before the picks of a round.

    `row` has players + 1 codes; `hands` one list of codes per seat (missing seats hold
    nothing); `discard` lists the pile bottom first; `top` is `(seat, code)` for a card a Double
    Chocolate put back, known to that seat.
    """
    if len(row) != players + 1:
        raise ValueError(f"the row of a {players}-player game has {players + 1} slots, not {len(row)}")
    if len(hands) > players:
        raise ValueError(f"{len(hands)} hands for {players} players")
    held = [counts(hand) for hand in hands] + [NO_CARDS] * (players - len(hands))
    if deck is None:
        remaining = list(deck_counts(players))
        placed = [*row, *discard, *(() if top is None else (top[1],))]
        for card, copies in enumerate(map(sum, zip(counts(placed), *held, strict=True))):
            remaining[card] -= copies
        if min(remaining) < 0:
            raise ValueError("the position uses more copies of a card than the deck has")
        deck_cards = tuple(remaining)
    else:
        deck_cards = counts(deck)
    state = GoNutsState(
        round=round,
        row=tuple(CODES[code] for code in row),
        deck=deck_cards,
        top=None if top is None else KnownTop(top[0], CODES[top[1]]),
        discard=tuple(CODES[code] for code in discard),
        hands=tuple(held),
        picks=(None,) * players,
        cursor=1,
        task=None,
        events=(),
        over=False,
    )
    return settle(Table(state))
