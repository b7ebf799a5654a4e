"""Go Nuts for Donuts! (Zachary Eagle, 2017): the rules of `../shared/rules/go-nuts.md`.

| players | 2-6; the deck has 37 / 50 / 61 / 70 / 70 cards, the row players + 1 slots |
| actions | `Pick`, `Clear`, `Choose`, `Opponent`, `Retrieve`, `Done`, `Forfeit`; chance: `Draw` |
| chance | every card off the deck (refills, Chocolate Frosted, Double Chocolate) unless its top is known |
| secrets | picks and Cinnamon Twist passes until all are in; Double Chocolate's drawn and put-back cards |
| ends | when the deck cannot refill the row |

The round's flow is in `flow`, the powers in `powers`, scoring in `scoring`, views in `view`.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import replace

from holesome.core.ask import NOTHING, Ask
from holesome.core.game import CHANCE, Game, Json, Outcome, Seat, View, lead_values
from holesome.games.go_nuts import flow, scoring, view
from holesome.games.go_nuts.actions import Action, Draw, Pick, action_space, to_text, words
from holesome.games.go_nuts.cards import KINDS, PLAYER_COUNTS, Card, Power, deck_counts
from holesome.games.go_nuts.state import GoNutsState, KnownTop, Task
from holesome.games.go_nuts.table import Table

SCORE_SPREAD = 4.0
"""The lead in points that `cutoff_values` counts as worth a factor of e in the odds."""


class GoNuts(Game[GoNutsState, Action]):
    """2-6 players pick donuts from a row in secret; a donut picked twice goes to nobody."""

    name = "go-nuts"
    title = "Go Nuts for Donuts!"
    blurb = (
        "Everyone secretly picks a donut from the row at the same time; a donut that two players want goes to"
        " nobody. Collect sets, trigger powers and outguess your friends. 2 to 6 players, quick and loud."
    )
    version = 1
    player_counts = PLAYER_COUNTS
    default_players = 4
    state_type = GoNutsState
    action_type = Action

    def __init__(self, players: int | None = None, **options: object) -> None:
        super().__init__(players, **options)
        self._actions = action_space(self.players, deck_counts(self.players))

    # Rules.

    def start(self, seed: int) -> GoNutsState:
        return flow.deal(self.players, seed)

    def to_act(self, state: GoNutsState) -> tuple[Seat, ...]:
        return state.acting

    def legal_actions(self, state: GoNutsState, seat: Seat) -> tuple[Action, ...]:
        return state.menus[seat] if 0 <= seat < self.players else ()

    def is_legal(self, state: GoNutsState, seat: Seat, action: Action) -> bool:
        return 0 <= seat < self.players and action in state.menus[seat]

    def chance_outcomes(self, state: GoNutsState) -> tuple[tuple[Action, float], ...]:
        return state.chances

    def _apply(self, state: GoNutsState, seat: Seat, action: Action) -> GoNutsState:
        if isinstance(action, Pick) and state.picks.count(None) > 1:
            return flow.commit_pick(state, seat, action.slot)
        t = Table(state)
        if seat == CHANCE:
            assert isinstance(action, Draw)
            flow.chance(t, action.card)
        elif isinstance(action, Pick):
            flow.pick(t, seat, action.slot)
        else:
            flow.choose(t, seat, action)
        return flow.settle(t)

    def outcome(self, state: GoNutsState) -> Outcome | None:
        if not state.over:
            return None
        hands = state.hands
        points = [scoring.breakdown(hands, seat) for seat in range(self.players)]
        details: dict[str, Json] = {
            "cards": [sum(hand) for hand in hands],
            "points": [{KINDS[card].code: value for card, value in seat_points.items()} for seat_points in points],
        }
        totals = tuple(float(sum(seat_points.values())) for seat_points in points)
        return Outcome(totals, scoring.winners(hands), details)

    def score(self, state: GoNutsState, seat: Seat) -> float:
        """The seat's points if the game ended now: the full end-of-game scoring of the cards held."""
        return float(scoring.score(state.hands, seat))

    def public_at_end(self, state: GoNutsState) -> View | None:
        """Nothing stays secret once the game is over: picks and Doubles' peeks are spent.

        The whole record becomes a public replay.
        """
        return None

    def determinize(self, state: GoNutsState, seat: Seat, rng: random.Random) -> GoNutsState:
        """Resample the deck's known top and Double Chocolate's drawn cards (unless `seat` saw them)
        from the cards `seat` has not seen, and other seats' pending picks and Twist passes."""
        task, top = state.task, state.top
        pool = list(state.deck)
        hide_top = top is not None and top.seat != seat
        hide_drawn = task is not None and task.power is Power.DRAW_TWO and task.taker != seat
        if hide_top:
            assert top is not None
            pool[top.card] += 1
        if hide_drawn:
            assert task is not None
            for card in task.drawn:
                pool[card] += 1
        if hide_top:
            assert top is not None
            top = KnownTop(top.seat, _take_random(pool, rng))
        if hide_drawn:
            assert task is not None
            task = Task(task.power, task.taker, task.card, drawn=tuple(_take_random(pool, rng) for _ in task.drawn))
        picks = state.picks
        if not state.is_revealed:
            picks = tuple(
                slot if slot is None or other == seat else rng.randint(1, self.players + 1)
                for other, slot in enumerate(picks)
            )
        if task is not None and task.power is Power.TWIST:
            passes = tuple(
                card if card is None or other == seat else _random_pass(state, other, task, rng)
                for other, card in enumerate(task.passes)
            )
            task = Task(task.power, task.taker, task.card, passes=passes)
        sample = GoNutsState(
            state.round,
            state.row,
            tuple(pool),
            top,
            state.discard,
            state.hands,
            picks,
            state.cursor,
            task,
            state.events,
            state.over,
        )
        return flow.settle(Table(sample))

    def secret_round(self, state: GoNutsState, seat: Seat) -> GoNutsState | None:
        """While picks (or Cinnamon Twist passes) are secret, the others' taken back: every seat
        picks at once, whether `seat` is the first to submit or the last."""
        task = state.task
        if None in state.picks:
            picks = tuple(slot if other == seat else None for other, slot in enumerate(state.picks))
            return flow.settle(Table(replace(state, picks=picks)))
        if task is not None and task.power is Power.TWIST and None in task.passes:
            passes = tuple(card if other == seat else None for other, card in enumerate(task.passes))
            return flow.settle(Table(replace(state, task=replace(task, passes=passes))))
        return None

    def observed(self, state: GoNutsState, seat: Seat) -> Hashable | None:
        """The table as every seat sees it: row, discard pile, hands, what happened since the last
        reveal, and the picks once revealed (else only `seat`'s own). None while a power is being
        resolved (its drawn cards and Twist passes may be secret). The deck's counts and a known
        top card are left out: a seat that did not see the top cannot tell them."""
        if state.task is not None:
            return None
        picks = state.picks if state.is_revealed else tuple(p if o == seat else None for o, p in enumerate(state.picks))
        return (state.round, state.row, state.discard, state.hands, picks, state.cursor, state.events, state.over)

    def playout(self, state: GoNutsState, rng: random.Random, max_steps: int = 10_000) -> tuple[float, ...]:
        """Random play to the end on one working copy, with no state frozen on the way; a game
        cut short after `max_steps` is valued by `cutoff_values`, as in the generic playout."""
        t = Table(state)
        if not flow.playout(t, rng, max_steps):
            return self.cutoff_values(flow.settle(t))
        winners = scoring.winners(t.hands)
        return tuple(1.0 / len(winners) if seat in winners else 0.0 for seat in range(self.players))

    def cutoff_values(self, state: GoNutsState) -> tuple[float, ...]:
        """The lead in points if the game ended now, on a logistic curve (`SCORE_SPREAD`): how a
        playout cut short is judged. (A search leaf is a whole random game: two rounds and this
        judgement were not measured stronger, see docs/bots.md.)"""
        return lead_values(scoring.scores(state.hands), SCORE_SPREAD)

    def prompt(self, state: GoNutsState, seat: Seat) -> str:
        return view.ask(state, seat).text()

    def ask(self, state: GoNutsState, seat: Seat) -> Ask:
        return view.ask(state, seat)

    def action_words(self, action: Action) -> Ask:
        return words(action)

    def ending(self, state: GoNutsState) -> Ask:
        """The winner's points, and the tie-break by cards when points tied."""
        outcome = self.outcome(state)
        if outcome is None:
            return NOTHING
        return view.ending(outcome, [sum(hand) for hand in state.hands])

    def view(self, state: GoNutsState, seat: Seat | None) -> View:
        return view.view(self, state, seat)

    def default_action(self, state: GoNutsState, seat: Seat) -> Action:
        """A seat out of time plays its menu's first option: the lowest slot when picking; `done`
        where a chain may stop (French Cruller, Day-Old Donuts); `forfeit` for Milk; otherwise the
        first card or opponent in order."""
        return self.legal_actions(state, seat)[0]

    @property
    def action_space(self) -> tuple[Action, ...]:
        return self._actions

    # Conversions.

    def action_to_text(self, action: Action) -> str:
        return to_text(action)

    def state_from_json(self, data: Json) -> GoNutsState:
        return flow.settle(Table(super().state_from_json(data)))


def _take_random(pool: list[int], rng: random.Random) -> Card:
    """Remove and return a card drawn uniformly from a multiset of counts."""
    index = rng.randrange(sum(pool))
    for card, copies in enumerate(pool):
        if index < copies:
            pool[card] -= 1
            return card
        index -= copies
    raise AssertionError("drew past the end of the pool")


def _random_pass(state: GoNutsState, seat: Seat, task: Task, rng: random.Random) -> Card:
    """A card `seat` could have passed in the Cinnamon Twist under way."""
    hand = list(state.hands[seat])
    if seat == task.taker:
        hand[task.card] -= 1
    options = [card for card, count in enumerate(hand) if count]
    return rng.choice(options)


__all__ = ["GoNuts"]
