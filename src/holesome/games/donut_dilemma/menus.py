"""The menus of a submission, built once per loaded game: legal actions are a table lookup.

Which menu a seat faces depends only on its stage in the chain (move, plain, specials), its
bakery, its garnets and the round, so every menu is precomputed with a frozenset beside it for
the legality check.

Rainbow Sprinkles declare a number from 0 to the largest round total possible that round, as
anyone can work it out from public facts: every player baking the Plain cap, spending every
garnet they came in with, and holding the largest allowance Jelly could have given them. The
bound uses nothing secret, so the menu shows nothing about the other seats.
"""

from __future__ import annotations

from dataclasses import dataclass

from holesome.games.donut_dilemma.actions import DONE, SKIP, Action, Move, Plain, Special
from holesome.games.donut_dilemma.components import BAKERIES, COMPONENTS, NUMBERS, Bakery, Donut
from holesome.games.donut_dilemma.state import Submission


@dataclass(frozen=True, slots=True)
class Menu:
    """A menu's actions in their stable order, and the same as a set."""

    actions: tuple[Action, ...]
    allowed: frozenset[Action]

    @classmethod
    def of(cls, actions: tuple[Action, ...]) -> Menu:
        """The menu offering `actions`."""
        return cls(actions, frozenset(actions))


def largest_allowances(rounds: int) -> tuple[int, ...]:
    """The most specials anyone can be allowed in each round (all specials Jelly before)."""
    allowances = [NUMBERS.base_specials]
    while len(allowances) < rounds:
        allowances.append(NUMBERS.base_specials + NUMBERS.jelly_extra_specials * allowances[-1])
    return tuple(allowances)


def specials_menu(rainbow_max: int) -> tuple[Action, ...]:
    """Every special (Rainbows up to `rainbow_max`, a Coffee for each bakery), then Done and Skip."""
    actions: list[Action] = []
    for donut in Donut:
        if donut is Donut.RAINBOW:
            actions.extend(Special(donut, number) for number in range(rainbow_max + 1))
        elif donut is Donut.COFFEE:
            actions.extend(Special(donut, at=bakery) for bakery in BAKERIES)
        else:
            actions.append(Special(donut))
    actions.extend((DONE, SKIP))
    return tuple(actions)


class Menus:
    """Every menu of a game with `players` seats, these starting garnets and `rounds` rounds."""

    def __init__(self, players: int, garnets: tuple[int, ...], rounds: int) -> None:
        self.rainbow_max: tuple[int, ...] = tuple(
            players * (NUMBERS.plain_max + allowance) + sum(garnets) for allowance in largest_allowances(rounds)
        )
        """The largest round total possible in each round (index 0 is round 1)."""
        self.moves = {bakery: Menu.of((*(Move(end) for end in COMPONENTS.moves[bakery]), SKIP)) for bakery in BAKERIES}
        self.plain = tuple(
            Menu.of((*(Plain(count) for count in range(NUMBERS.plain_max + held + 1)), SKIP))
            for held in range(max(garnets, default=0) + 1)
        )
        """Indexed by the garnets a seat holds."""
        self.specials = tuple(Menu.of(specials_menu(largest)) for largest in self.rainbow_max)
        """Indexed by round - 1."""
        self.action_space: tuple[Action, ...] = (
            *(Move(bakery) for bakery in BAKERIES),
            *self.plain[-1].actions[:-1],
            *self.specials[-1].actions,
        )
        """Every action once, Skip last."""

    def menu(self, submission: Submission, bakery: Bakery, garnets: int, round_number: int) -> Menu:
        """The menu a seat faces: its next step given how far its submission has got."""
        if submission.move is None:
            return self.moves[bakery]
        if submission.plain is None:
            return self.plain[garnets]
        return self.specials[round_number - 1]
