"""Go Nuts actions: each decision is a small menu of these, and their short notation.

| action | meaning | notation |
|---|---|---|
| `Pick(slot)` | the secret pick of a row slot (1..players+1) | `3` |
| `Clear(slot)` | French Cruller: discard that unpicked row card | `x3` |
| `Choose(card)` | a card of a hand: to keep, give, take, discard or pass (the prompt says which) | `PL` |
| `Opponent(seat)` | the opponent to give to, take from or spoil (seats counted from 1) | `@2` |
| `Retrieve(card, copy)` | take from the discard pile the `copy`-th card of that kind from the top | `PL`, `PL.2` |
| `Done()` | stop a chain that may stop (French Cruller, Day-Old Donuts) | `done` |
| `Forfeit()` | Milk: discard the Milk rather than three other cards | `forfeit` |
| `Draw(card)` | chance: the card drawn from the deck | `draw PL` |

`Retrieve` names a card by kind and depth because the pile's order is public and matters (an
Eclair takes its top card): taking the upper or the lower of two Plain leaves different piles.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from holesome.core.ask import Ask, ask
from holesome.games.go_nuts.cards import KINDS, PLAYER_COUNTS, Card, Counts, deck_counts


@dataclass(frozen=True, slots=True)
class Pick:
    """Secretly pick the row card in `slot` (numbered from 1, the slot nearest the deck)."""

    TYPE: ClassVar[str] = "pick"
    slot: int


@dataclass(frozen=True, slots=True)
class Clear:
    """French Cruller: discard the card in `slot`, which nobody picked this round."""

    TYPE: ClassVar[str] = "clear"
    slot: int


@dataclass(frozen=True, slots=True)
class Choose:
    """One card of a kind from a hand (or from the cards a Double Chocolate drew)."""

    TYPE: ClassVar[str] = "choose"
    card: Card


@dataclass(frozen=True, slots=True)
class Opponent:
    """The opponent a power acts on."""

    TYPE: ClassVar[str] = "opponent"
    seat: int


@dataclass(frozen=True, slots=True)
class Retrieve:
    """Take a card from the discard pile: the `copy`-th of its kind counted from the top (0: the uppermost)."""

    TYPE: ClassVar[str] = "retrieve"
    card: Card
    copy: int = 0


@dataclass(frozen=True, slots=True)
class Done:
    """End a chain that may end here."""

    TYPE: ClassVar[str] = "done"


@dataclass(frozen=True, slots=True)
class Forfeit:
    """Milk: discard the Milk instead of three other cards."""

    TYPE: ClassVar[str] = "forfeit"


@dataclass(frozen=True, slots=True)
class Draw:
    """Chance: the card that comes off the deck."""

    TYPE: ClassVar[str] = "draw"
    card: Card


Action = Pick | Clear | Choose | Opponent | Retrieve | Done | Forfeit | Draw

_SLOTS = range(max(PLAYER_COUNTS) + 2)
DONE = Done()
FORFEIT = Forfeit()
PICK: tuple[Pick, ...] = tuple(Pick(slot) for slot in _SLOTS)
"""`PICK[slot]`; index 0 is unused, as slots are numbered from 1."""
CLEAR: tuple[Clear, ...] = tuple(Clear(slot) for slot in _SLOTS)
"""`CLEAR[slot]`; index 0 is unused."""
CHOOSE: tuple[Choose, ...] = tuple(Choose(kind.id) for kind in KINDS)
OPPONENT: tuple[Opponent, ...] = tuple(Opponent(seat) for seat in range(max(PLAYER_COUNTS)))
RETRIEVE: tuple[tuple[Retrieve, ...], ...] = tuple(
    tuple(Retrieve(kind.id, copy) for copy in range(copies))
    for kind, copies in zip(KINDS, deck_counts(max(PLAYER_COUNTS)), strict=True)
)
"""`RETRIEVE[card][copy]`."""
DRAW: tuple[Draw, ...] = tuple(Draw(kind.id) for kind in KINDS)


def action_space(players: int, deck: Counts) -> tuple[Action, ...]:
    """Every action of a game with `players` seats and this deck, in a fixed order."""
    slots = range(1, players + 2)
    return (
        *(PICK[slot] for slot in slots),
        *(CLEAR[slot] for slot in slots),
        *CHOOSE,
        *OPPONENT[:players],
        *(RETRIEVE[card][copy] for card, copies in enumerate(deck) for copy in range(copies)),
        DONE,
        FORFEIT,
        *(DRAW[card] for card, copies in enumerate(deck) if copies),
    )


def to_text(action: Action) -> str:
    """The action's notation (see the module's table)."""
    match action:
        case Pick(slot):
            return str(slot)
        case Clear(slot):
            return f"x{slot}"
        case Choose(card):
            return KINDS[card].code
        case Opponent(seat):
            return f"@{seat + 1}"
        case Retrieve(card, copy):
            return KINDS[card].code if copy == 0 else f"{KINDS[card].code}.{copy + 1}"
        case Done():
            return "done"
        case Forfeit():
            return "forfeit"
        case Draw(card):
            return f"draw {KINDS[card].code}"
    raise TypeError(f"not a Go Nuts action: {action!r}")


def words(action: Action) -> Ask:
    """The action in plain words, with card names and seats as references."""
    match action:
        case Pick(slot):
            return ask(f"pick the card in slot {slot}")
        case Clear(slot):
            return ask(f"discard the card in slot {slot}")
        case Choose(card):
            return ask(KINDS[card].name)
        case Opponent(seat):
            return ask("", seat)
        case Retrieve(card, copy):
            depth = "" if copy == 0 else f" (number {copy + 1} from the top)"
            return ask(f"{KINDS[card].name}{depth}")
        case Done():
            return ask("stop here")
        case Forfeit():
            return ask("discard the Milk instead")
        case Draw(card):
            return ask(f"draw {KINDS[card].name}")
    raise TypeError(f"not a Go Nuts action: {action!r}")
