"""What each seat may see of a Go Nuts state, and what it is asked to do (rules/go-nuts.md,
"What each player sees").

Public: every hand, the row, the discard pile (in order), the deck's size, the picks once all are
in, who has picked or passed, every event. A seat also sees its own pick and pass, the cards its
Double Chocolate drew, and the deck's top card after it put that card back. Nobody sees the
deck's order; `unseen` counts the cards a seat cannot place (the deck and any secret card), which
anyone can work out from the public cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from holesome.core.ask import NOTHING, Ask
from holesome.core.ask import ask as ask_
from holesome.core.game import CHANCE, Outcome, Seat, View, score_ending
from holesome.games.go_nuts import scoring
from holesome.games.go_nuts.cards import KINDS, Counts, Power
from holesome.games.go_nuts.state import Event, GoNutsState, Task

if TYPE_CHECKING:
    from holesome.games.go_nuts.rules import GoNuts

_CODES = tuple(kind.code for kind in KINDS)


def view(game: GoNuts, state: GoNutsState, seat: Seat | None) -> View:
    """The seat's view (`None`: a spectator's) as JSON."""
    revealed = state.is_revealed
    top = state.top
    outcome = game.outcome(state)
    return {
        "game": game.name,
        "seat": seat,
        "players": len(state.hands),
        "round": state.round,
        "phase": phase(state),
        "to_act": list(state.acting),
        "prompt": "" if seat is None else ask(state, seat).text(),
        "row": [
            {
                "slot": slot,
                "card": None if card is None else _CODES[card],
                "picked_by": [who for who, picked in enumerate(state.picks) if picked == slot] if revealed else [],
            }
            for slot, card in enumerate(state.row, 1)
        ],
        "deck_size": state.deck_size,
        "deck_top": _CODES[top.card] if top is not None and top.seat == seat else None,
        "unseen": _cards(_unseen(state, seat)),
        "discard": [_CODES[card] for card in state.discard],
        "hands": [
            {
                "seat": who,
                "cards": _cards(hand),
                "count": sum(hand),
                "types": scoring.types(hand),
                "score": scoring.score(state.hands, who),
                "picked": state.picks[who] is not None,
                "pick": state.picks[who] if revealed or who == seat else None,
            }
            for who, hand in enumerate(state.hands)
        ],
        "power": None if state.task is None else _task(state.task, seat),
        "events": [_event(event) for event in state.events],
        "outcome": None if outcome is None else outcome.to_json(),
        "kinds": [
            {
                "code": kind.code,
                "name": kind.name,
                "colours": list(kind.colours),
                "power": None if kind.power is None else kind.power.value,
                "text": kind.text,
            }
            for kind in KINDS
        ],
    }


def phase(state: GoNutsState) -> str:
    """`pick`, `power` (a power's choice), `draw` (a chance step) or `over`."""
    if state.over:
        return "over"
    if not state.is_revealed:
        return "pick"
    return "draw" if state.acting == (CHANCE,) else "power"


def ask(state: GoNutsState, seat: Seat) -> Ask:
    """What `seat` is asked to do now, in words with card names; the notation is the hint."""
    if seat not in state.acting:
        return NOTHING
    task = state.task
    if task is None:
        return ask_(f"Round {state.round}: pick a card of the row in secret", hint=f"its slot, 1-{len(state.row)}")
    if task.power is Power.TWIST:
        name = KINDS[task.card].name
        return ask_(f"{name}: choose a card to pass to ", (seat + 1) % len(state.hands), ", in secret", hint="its code")
    return _power_ask(task)


def _power_ask(task: Task) -> Ask:
    """The taker's prompt in a power's chain."""
    name = KINDS[task.card].name
    power, chosen = task.power, task.chosen
    if power is Power.CLEAR_ROW:
        return ask_(f"{name}: discard a row card nobody picked, or stop", hint="x and its slot, e.g. x2; or done")
    if power is Power.DRAW_TWO:
        drawn = " or ".join(KINDS[card].name for card in task.drawn)
        return ask_(f"{name}: keep {drawn}; the other goes back on top of the deck", hint="its code")
    if power is Power.TAKE_ANY:
        return ask_(
            f"{name}: take a card from the discard pile", hint="its code; PL.2 is the second Plain from the top"
        )
    if power is Power.TAKE_THREE:
        return ask_(
            f"{name}: take a card from the discard pile ({len(chosen)} of 3 taken), or stop", hint="its code; or done"
        )
    if power is Power.GIVE:
        if not chosen:
            return ask_(f"{name}: pick a card of yours to give away", hint="its code")
        return ask_(f"{name}: give your {KINDS[chosen[0]].name} to which opponent?", hint="@ and the seat, e.g. @2")
    if power in (Power.STEAL, Power.SPOIL):
        verb = "take" if power is Power.STEAL else "discard"
        if not chosen:
            return ask_(f"{name}: {verb} a card of which opponent?", hint="@ and the seat, e.g. @2")
        return ask_(f"{name}: which card of ", chosen[0], f" do you {verb}?", hint="its code")
    if power is Power.DISCARD_THREE:
        if not chosen:
            return ask_(
                f"{name}: discard 3 of your other cards, or discard the {name} itself", hint="a code; or forfeit"
            )
        return ask_(f"{name}: discard another of your cards ({len(chosen)} of 3 discarded)", hint="its code")
    return ask_(f"{name}: discard one of your other cards", hint="its code")


def ending(outcome: Outcome, cards: list[int]) -> Ask:
    """Who won on points, and when points tied, how the most cards decided (or did not)."""
    text = score_ending(outcome)
    best = max(outcome.scores)
    tied = [seat for seat, points in enumerate(outcome.scores) if points == best]
    if len(tied) < 2 or len(tied) == len(outcome.winners) == len(outcome.scores):
        return text
    if len(outcome.winners) == 1:
        winner = outcome.winners[0]
        return Ask((*text.parts, ". Tied on points, ", winner, f" won with the most cards ({cards[winner]})"))
    return Ask((*text.parts, f". Tied on points and on cards ({cards[outcome.winners[0]]}): the win is shared"))


def _unseen(state: GoNutsState, seat: Seat | None) -> Counts:
    """The cards `seat` cannot place: the deck, plus the secret cards it has not seen."""
    unseen = list(state.deck)
    top, task = state.top, state.task
    if top is not None and top.seat != seat:
        unseen[top.card] += 1
    if task is not None and task.power is Power.DRAW_TWO and task.taker != seat:
        for card in task.drawn:
            unseen[card] += 1
    return tuple(unseen)


def _task(task: Task, seat: Seat | None) -> dict[str, Any]:
    """The power under way: its card and taker, the public choices so far, and the seat's secrets."""
    power = task.power
    chosen: list[Any] = (
        list(task.chosen) if power in (Power.STEAL, Power.SPOIL) else [_CODES[card] for card in task.chosen]
    )
    data: dict[str, Any] = {
        "card": _CODES[task.card],
        "power": power.value,
        "taker": task.taker,
        "chosen": chosen,
    }
    if power is Power.DRAW_TWO:
        data["drawn"] = len(task.drawn)
        data["drawn_cards"] = [_CODES[card] for card in task.drawn] if seat == task.taker else None
    if power is Power.TWIST:
        data["passed"] = [card is not None for card in task.passes]
        own = None if seat is None else task.passes[seat]
        data["my_pass"] = None if own is None else _CODES[own]
    return data


def _event(event: Event) -> dict[str, Any]:
    return {
        "what": event.what.value,
        "seat": event.seat,
        "card": None if event.card is None else _CODES[event.card],
        "slot": event.slot,
        "other": event.other,
    }


def _cards(counts: Counts) -> dict[str, int]:
    return {_CODES[card]: count for card, count in enumerate(counts) if count}
