"""End-of-game scoring (rules/go-nuts.md, "Scoring"), applied to whatever cards are held now.

Some rules look at the whole table (Plain majorities, Maple Frosted's fewest cards), so every
function takes all hands. A player's types are the distinct kinds among their cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from holesome.games.go_nuts.cards import KINDS, Card, Counts, Rule, Scoring

_SCORED: tuple[tuple[Card, Scoring], ...] = tuple((kind.id, kind.scoring) for kind in KINDS)
_NEGATIVE: tuple[Card, ...] = tuple(kind.id for kind in KINDS if kind.scoring.is_negative)


def types(hand: Counts) -> int:
    """The number of distinct kinds in a hand."""
    return sum(1 for count in hand if count)


class _Holder(NamedTuple):
    """What the conditional rules look at: the table's hands and the holder's totals."""

    hands: Sequence[Counts]
    cards: int
    types: int
    negatives: int
    fewest: int


def breakdown(hands: Sequence[Counts], seat: int) -> dict[Card, int]:
    """The seat's points from each kind it holds (kinds it does not hold are left out)."""
    hand = hands[seat]
    holder = _Holder(
        hands, sum(hand), types(hand), sum(hand[card] for card in _NEGATIVE), min(sum(other) for other in hands)
    )
    return {card: _points(scoring, hand[card], card, holder) for card, scoring in _SCORED if hand[card]}


def score(hands: Sequence[Counts], seat: int) -> int:
    """The seat's total points."""
    return sum(breakdown(hands, seat).values())


def scores(hands: Sequence[Counts]) -> tuple[int, ...]:
    """Every seat's total points."""
    return tuple(score(hands, seat) for seat in range(len(hands)))


def winners(hands: Sequence[Counts]) -> tuple[int, ...]:
    """Most points win; a tie goes to the most cards; still tied, the win is shared."""
    totals = scores(hands)
    ranking = [(totals[seat], sum(hands[seat])) for seat in range(len(hands))]
    best = max(ranking)
    return tuple(seat for seat, rank in enumerate(ranking) if rank == best)


def _points(scoring: Scoring, count: int, card: Card, holder: _Holder) -> int:
    rule = scoring.rule
    if rule is Rule.EACH:
        return count * scoring.points
    if rule is Rule.SET:
        return scoring.table[min(count, len(scoring.table)) - 1]
    if rule is Rule.MAJORITY:
        return count * scoring.points + _majority_bonus(scoring, count, [hand[card] for hand in holder.hands])
    if rule is Rule.TYPES_AT_LEAST:
        return count * scoring.points if holder.types >= scoring.limit else 0
    if rule is Rule.TYPES_AT_MOST:
        return count * scoring.points if holder.types <= scoring.limit else 0
    if rule is Rule.CARDS_AT_MOST:
        return count * scoring.points if holder.cards <= scoring.limit else 0
    if rule is Rule.FEWEST_CARDS:
        return count * scoring.points if holder.cards <= holder.fewest else 0
    if rule is Rule.PER_NEGATIVE:
        return count * scoring.points * holder.negatives
    raise AssertionError(f"unhandled scoring rule {rule}")


def _majority_bonus(scoring: Scoring, count: int, counts: list[int]) -> int:
    most = max(counts)
    if count < most:
        return 0
    return scoring.most if counts.count(most) == 1 else scoring.tied
