"""The game contract every holesome game implements (see DESIGN.md, "The game contract").

A `Game` is loaded once for a player count and options, then used as a set of pure functions
over immutable states:

    game = holesome.load("honey-donut")
    state = game.start(seed=7)
    while game.outcome(state) is None:
        for seat in game.to_act(state):
            ...
            state = game.apply(state, seat, action)

Subclasses write the rules (`start`, `to_act`, `legal_actions`, `_apply`, `view`, `outcome`,
`determinize`, `prompt`, `action_space`); this base class holds the policy every game shares:
checking seats and legality before a move, the integer action encoding, notation parsing and
the error messages. The game implementer only handles "this seat may act now and the action is
legal", as OpenSpiel's framework layer lets its games do.
"""

from __future__ import annotations

import json
import math
import random
from abc import ABC, abstractmethod
from bisect import bisect_right
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from itertools import accumulate
from typing import Any, ClassVar, Final, Generic, TypeVar

from holesome.core import codec
from holesome.core.ask import NOTHING, Ask, ask
from holesome.core.errors import IllegalAction, InvalidAction, InvalidOption

Seat = int
"""A seat index, 0..players-1 in rulebook order (clockwise). Seats are not users."""

CHANCE: Final[Seat] = -1
"""The pseudo-seat that acts at chance steps: `to_act` returns `(CHANCE,)`."""

Json = Any
"""A value made of dicts, lists, strings, numbers, booleans and None."""

View = dict[str, Any]
"""What one seat may know of a state, as a JSON-able dict."""

ROLLOUT_STEPS: Final = 200
"""How far the default search evaluation (`Game.evaluate`) plays at random before judging."""

MAX_OPTION_LENGTH: Final = 64
"""The most items a list option, or characters a text option, takes unless it says otherwise."""
MAX_OPTION_TEXT: Final = 4096
"""The longest text any option is read from (a list written out on the command line, say)."""
MAX_INT_DIGITS: Final = 18
"""The most digits a whole number is read from as text (more is refused before converting)."""

S = TypeVar("S", bound=Hashable)
A = TypeVar("A", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game.

    `scores` are the game's own points per seat; `winners` the seats that won (several on a
    shared win or a draw); `details` holds game-specific results (garnet awards, say) as JSON.
    """

    scores: tuple[float, ...]
    winners: tuple[Seat, ...]
    details: Mapping[str, Json] = field(default_factory=dict)

    @property
    def values(self) -> tuple[float, ...]:
        """Per-seat value in [0, 1]: a win is 1, a shared win is split among the winners."""
        share = 1.0 / len(self.winners) if self.winners else 0.0
        return tuple(share if seat in self.winners else 0.0 for seat in range(len(self.scores)))

    def to_json(self) -> Json:
        """The outcome as JSON, values included."""
        return {
            "scores": list(self.scores),
            "winners": list(self.winners),
            "values": list(self.values),
            "details": dict(self.details),
        }


@dataclass(frozen=True, slots=True)
class Option:
    """One named game option: its default, what values it takes and what it means.

    Every option is bounded where it is parsed (a whole number by `minimum` and `maximum`, a list
    or text by `max_length`), so no caller, a server's stranger included, can ask for a game too
    big to build or play. The help text states the bounds.
    """

    name: str
    default: Json
    help: str
    choices: tuple[Json, ...] = ()
    kind: type = str
    minimum: int | None = None
    maximum: int | None = None
    max_length: int = MAX_OPTION_LENGTH
    """The most items a list, or characters a text, may have."""
    label: str = ""
    """What a person calls the option ("Repeated positions"); the name is for programs."""

    def parse(self, value: object) -> Json:
        """Check `value` (a Python value, or a string from the command line) and return it."""
        if isinstance(value, str) and len(value) > MAX_OPTION_TEXT:
            raise InvalidOption(f"option {self.name} is too long: at most {MAX_OPTION_TEXT} characters")
        if self.kind is int:
            parsed: Json = _parse_int(self.name, value)
            if self.minimum is not None and parsed < self.minimum:
                raise InvalidOption(f"option {self.name} must be at least {self.minimum}, got {value!r}")
            if self.maximum is not None and parsed > self.maximum:
                raise InvalidOption(f"option {self.name} must be at most {self.maximum}, got {value!r}")
        elif self.kind is list:
            parsed = _parse_list(self.name, value)
            if len(parsed) > self.max_length:
                raise InvalidOption(f"option {self.name} takes at most {self.max_length} items, got {len(parsed)}")
        else:
            if not isinstance(value, str):
                raise InvalidOption(f"option {self.name} takes a string, got {value!r}")
            if len(value) > self.max_length:
                raise InvalidOption(f"option {self.name} takes at most {self.max_length} characters, got {len(value)}")
            parsed = value
        if self.choices and parsed not in self.choices:
            allowed = ", ".join(str(choice) for choice in self.choices)
            raise InvalidOption(f"option {self.name} must be one of {allowed}; got {value!r}")
        return parsed


def _parse_int(name: str, value: object) -> int:
    if isinstance(value, bool):
        raise InvalidOption(f"option {name} takes a whole number, got {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, str) and len(value) <= MAX_INT_DIGITS and value.strip().lstrip("-").isdigit():
        return int(value)
    raise InvalidOption(f"option {name} takes a whole number, got {value!r}")


def _parse_list(name: str, value: object) -> list[Json]:
    if isinstance(value, str):
        text = value.strip()
        if text.startswith("["):
            try:
                value = json.loads(text)
            except json.JSONDecodeError as error:
                raise InvalidOption(f"option {name}: {error}") from None
        else:
            value = [_scalar(part.strip()) for part in text.split(",") if part.strip()]
    if not isinstance(value, list | tuple):
        raise InvalidOption(f"option {name} takes a list, got {value!r}")
    return list(value)


def _scalar(text: str) -> Json:
    return int(text) if text.lstrip("-").isdigit() else text


class Game(ABC, Generic[S, A]):
    """A game loaded for a player count and options: pure functions over immutable states."""

    name: ClassVar[str]
    """The registered name, e.g. `honey-donut`."""
    title: ClassVar[str]
    """The name players know, e.g. `Honey Donut`."""
    blurb: ClassVar[str]
    """One paragraph for someone choosing a game: what it is like to play (the lobby shows it)."""
    version: ClassVar[int]
    """Changes when the rules' behaviour changes (never for a refactor); stored in records."""
    player_counts: ClassVar[tuple[int, ...]]
    default_players: ClassVar[int]
    option_specs: ClassVar[tuple[Option, ...]] = ()
    perfect_information: ClassVar[bool] = False
    """True when every seat always sees the whole state (no hidden cards, no secret choices)."""
    state_type: ClassVar[type]
    """The state class, for the generic JSON codec."""
    action_type: ClassVar[Any]
    """The action class (or a union of classes), for the generic JSON codec."""

    def __init__(self, players: int | None = None, **options: object) -> None:
        self.players: int = self.default_players if players is None else players
        if self.players not in self.player_counts:
            counts = ", ".join(str(count) for count in self.player_counts)
            raise InvalidOption(f"{self.name} is for {counts} players, not {players}")
        specs = {spec.name: spec for spec in self.option_specs}
        unknown = sorted(set(options) - set(specs))
        if unknown:
            known = ", ".join(specs) or "none"
            raise InvalidOption(f"{self.name} has no option {unknown[0]!r} (options: {known})")
        self.options: Mapping[str, Json] = {
            name: spec.parse(options[name]) if name in options else spec.default for name, spec in specs.items()
        }
        self._check_options()

    def _check_options(self) -> None:
        """Check options against each other and the player count; raise `InvalidOption`."""

    def __repr__(self) -> str:
        options = "".join(f", {key}={value!r}" for key, value in self.options.items())
        return f"holesome.load({self.name!r}, players={self.players}{options})"

    # The rules: what every game writes.

    @abstractmethod
    def start(self, seed: int) -> S:
        """The state after setup, dealt from `seed`."""

    @abstractmethod
    def to_act(self, state: S) -> tuple[Seat, ...]:
        """Seats that may act now, ascending; `(CHANCE,)` at a chance step; `()` when over."""

    @abstractmethod
    def legal_actions(self, state: S, seat: Seat) -> tuple[A, ...]:
        """The seat's legal actions in a stable order; `()` if the seat may not act."""

    @abstractmethod
    def _apply(self, state: S, seat: Seat, action: A) -> S:
        """The next state, for an action already checked to be legal."""

    @abstractmethod
    def view(self, state: S, seat: Seat | None) -> View:
        """Exactly what `seat` may know (`None`: a spectator), with its prompt, as JSON."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """The result once the game is over, else None."""

    @abstractmethod
    def determinize(self, state: S, seat: Seat, rng: random.Random) -> S:
        """A state `seat` cannot tell from `state`: all it cannot see resampled consistently."""

    @abstractmethod
    def prompt(self, state: S, seat: Seat) -> str:
        """What `seat` is asked to do now, in words; "" when it has nothing to do."""

    def ask(self, state: S, seat: Seat) -> Ask:
        """What `seat` is asked to do now, for people: words, seats as references, the notation as
        a hint (see `holesome.core.ask`). Games override it; `prompt` is then its `text()`."""
        return ask(self.prompt(state, seat))

    def action_words(self, action: A) -> Ask:
        """An action in plain words for a button or a list (the notation is `action_to_text`)."""
        return ask(self.action_to_text(action))

    def ending(self, state: S) -> Ask:
        """Once the game is over, who won and why in the game's own terms; `NOTHING` before.

        The default names the winners by score; games with other ways to win say them.
        """
        outcome = self.outcome(state)
        if outcome is None:
            return NOTHING
        return score_ending(outcome)

    @property
    @abstractmethod
    def action_space(self) -> tuple[A, ...]:
        """Every action the game can ever take, chance outcomes included, in a fixed order."""

    def chance_outcomes(self, state: S) -> tuple[tuple[A, float], ...]:
        """At a chance step, each possible outcome with its probability."""
        return ()

    def score(self, state: S, seat: Seat) -> float:
        """The seat's points now, as the game counts them (greedy bots climb this).

        The default, for games scored only at the end, is the seat's outcome value once the
        game is over and 0 before.
        """
        outcome = self.outcome(state)
        return 0.0 if outcome is None else outcome.values[seat]

    @classmethod
    def summary(cls) -> str:
        """A short summary of the rules in Markdown: the `summary.md` beside the game's module."""
        package = cls.__module__.rpartition(".")[0]
        return (resources.files(package) / "summary.md").read_text(encoding="utf-8")

    def playout(self, state: S, rng: random.Random, max_steps: int = 10_000) -> tuple[float, ...]:
        """Each seat's value after uniformly random play (chance sampled) to the end.

        The rollout of the search bots. A game cut short after `max_steps` is valued by the
        seats' scores (`cutoff_values`). Games may override it with a faster equivalent: the
        same distribution of play, without building every intermediate state.
        """
        for _ in range(max_steps):
            seats = self.to_act(state)
            if not seats:
                outcome = self.outcome(state)
                assert outcome is not None
                return outcome.values
            # every action is drawn from the legal menu, so `_apply` skips apply's re-check
            if seats[0] == CHANCE:
                state = self._apply(state, CHANCE, sample_chance(self, state, rng))
            else:
                seat = seats[rng.randrange(len(seats))]
                state = self._apply(state, seat, rng.choice(self.legal_actions(state, seat)))
        return self.cutoff_values(state)

    def evaluate(self, state: S, rng: random.Random) -> tuple[float, ...]:
        """Each seat's estimated value in [0, 1] at `state`: what the search bots judge a leaf by.

        The default is one random playout, cut after `ROLLOUT_STEPS` and judged there by
        `cutoff_values`. A game whose random games run long offers a better estimate here
        (a short playout and a heuristic judgement of the position), without the bots knowing
        any game.
        """
        return self.playout(state, rng, ROLLOUT_STEPS)

    def search_group(self, action: A) -> Hashable:
        """The group a search weighs `action` in before weighing it alone (a "move group").

        A search facing a long menu first picks a group, then an action inside it, so an
        option offered in a hundred variants (a Rainbow Sprinkles declaring any number) is
        judged once as a kind rather than crowding out the rest (Childs, Brodeur and Kocsis,
        "Transpositions and Move Groups in Monte Carlo Tree Search", 2008). The default puts
        every action in a group of its own.
        """
        return action

    def secret_round(self, state: S, seat: Seat) -> S | None:
        """`state` with the other seats' secret choices of the step under way taken back, when
        `seat` decides at the same time as seats whose choices it cannot see; else None.

        A search calls it on a determinized state (`determinize` has already filled the
        others' submitted choices with guesses): the state returned has every such seat to act
        again, so the search treats the decision as simultaneous whether `seat` submits first
        or last. What is taken back must be secret from `seat`, never something it saw. The
        default knows no submitted choices: it returns `state` when other seats are to act
        alongside `seat`, else None. Games with commitments (picks, passes, directions)
        override it.
        """
        seats = self.to_act(state)
        return state if seat in seats and len(seats) > 1 else None

    def observed(self, state: S, seat: Seat) -> Hashable | None:
        """A cheap key of what `seat` can see of `state` (equal for any two states it cannot tell
        apart), or None where the game gives none.

        A search asks for it where a simultaneous step has just ended, to keep apart the
        positions that step's reveal makes different to `seat` (Go Nuts shows every pick): its
        later choices can then depend on what it will have seen, as the seat's will. None keeps
        them merged, as if nothing were revealed, which is the default and never wrong, only
        less sharp. The key must not hold anything `seat` cannot see, or the search would plan on it.
        """
        return None

    def cutoff_values(self, state: S) -> tuple[float, ...]:
        """Values in [0, 1] summing to 1 for an unfinished game, from the seats' scores.

        Non-negative scores with a positive total give each seat its share; otherwise the
        leaders split the value, as winners would.
        """
        scores = [self.score(state, seat) for seat in range(self.players)]
        total = sum(scores)
        if min(scores) >= 0 and total > 0:
            return tuple(score / total for score in scores)
        best = max(scores)
        leaders = scores.count(best)
        return tuple(1.0 / leaders if score == best else 0.0 for score in scores)

    def public_at_end(self, state: S) -> View | None:
        """What the end of the game at `state` makes public: None for everything, else this view only.

        None: the rules keep no secret past the end, so the whole record (seed and every step)
        becomes a public replay. A view: the rules keep the rest secret for good, so the game's
        public record is this view (and the outcome), and each seat may read back only its own
        steps. The default is safe for every game: a game of perfect information has no secret,
        any other shows only the spectator's view of the final state, which was public anyway.
        A game whose end reveals everything says so by returning None.
        """
        return None if self.perfect_information else self.view(state, None)

    def default_action(self, state: S, seat: Seat) -> A:
        """What a seat that runs out of time plays. Games document their own choice."""
        return self.legal_actions(state, seat)[0]

    def is_legal(self, state: S, seat: Seat, action: A) -> bool:
        """Whether `seat` may play `action` now; games may give a faster check."""
        return action in self.legal_actions(state, seat)

    def action_to_text(self, action: A) -> str:
        """Short notation for an action, as typed in the terminal."""
        return json.dumps(self.action_to_json(action), separators=(",", ":"))

    # Conversions.

    def action_to_json(self, action: A) -> Json:
        """The action as JSON."""
        return codec.to_json(action)

    def action_from_json(self, data: Json) -> A:
        """The action a JSON value names; `InvalidAction` if it names none."""
        try:
            action: A = codec.from_json(self.action_type, data)
        except codec.DecodeError as error:
            raise InvalidAction(f"{self.name}: not an action: {error}") from None
        if action not in self._action_ids:
            raise InvalidAction(f"{self.name}: no such action: {json.dumps(data)}")
        return action

    def state_to_json(self, state: S) -> Json:
        """The full state as JSON (secrets included: never send it to a player)."""
        return codec.to_json(state)

    def state_from_json(self, data: Json) -> S:
        """The state a JSON value describes."""
        try:
            state: S = codec.from_json(self.state_type, data)
        except codec.DecodeError as error:
            raise InvalidAction(f"{self.name}: not a state: {error}") from None
        return state

    @cached_property
    def _action_ids(self) -> dict[A, int]:
        return {action: index for index, action in enumerate(self.action_space)}

    @property
    def num_actions(self) -> int:
        """The size of the integer action space."""
        return len(self.action_space)

    def encode(self, action: A) -> int:
        """The action's fixed integer id in `range(num_actions)`."""
        try:
            return self._action_ids[action]
        except KeyError:
            raise InvalidAction(f"{self.name}: no such action: {action!r}") from None

    def decode(self, action_id: int) -> A:
        """The action with this id."""
        if not 0 <= action_id < self.num_actions:
            raise InvalidAction(f"{self.name}: action id {action_id} is not in 0..{self.num_actions - 1}")
        return self.action_space[action_id]

    # The shared policy.

    def apply(self, state: S, seat: Seat, action: A) -> S:
        """The state after `seat` plays `action`; `IllegalAction` (and nothing changes) if it may not."""
        if seat not in self.to_act(state):
            reason = "the game is over" if self.outcome(state) is not None else "it is not this seat's turn"
            raise IllegalAction(self._illegal(state, seat, action, reason))
        if seat == CHANCE:
            if not _is_possible(self.chance_outcomes(state), action):
                raise IllegalAction(self._illegal(state, seat, action, "not a possible chance outcome"))
        elif not self.is_legal(state, seat, action):
            raise IllegalAction(self._illegal(state, seat, action, "the rules do not allow it here"))
        return self._apply(state, seat, action)

    def parse_action(self, state: S, seat: Seat, text: str) -> A:
        """The legal action that `text` names, in notation or as JSON; `InvalidAction` if none."""
        wanted = text.strip()
        legal = self.legal_actions(state, seat)
        for action in legal:
            if self.action_to_text(action).lower() == wanted.lower():
                return action
        if wanted.startswith("{"):
            try:
                action = self.action_from_json(json.loads(wanted))
            except json.JSONDecodeError as error:
                raise InvalidAction(f"{self.name}: bad JSON: {error}") from None
            if action in legal:
                return action
        options = ", ".join(self.action_to_text(action) for action in legal[:12])
        more = ", ..." if len(legal) > 12 else ""
        raise InvalidAction(f"{self.name}: {text!r} is not a legal move here; legal: {options}{more}")

    def _illegal(self, state: S, seat: Seat, action: A, reason: str) -> str:
        try:
            shown = self.action_to_text(action)
        except Exception:  # an action of the wrong type still gets a message
            shown = repr(action)
        who = "chance" if seat == CHANCE else f"seat {seat + 1}"
        prompt = self.prompt(state, seat) if seat != CHANCE else "a chance step"
        return f"{self.name}: {who} may not play {shown}: {reason} (prompt: {prompt or 'none'})"


def lead_values(scores: Sequence[float], spread: float) -> tuple[float, ...]:
    """Values in (0, 1) summing to 1 from the seats' scores: each seat's share of a softmax of
    the scores over `spread`, the lead in points worth a factor of e in the odds.

    A judgement of an unfinished game that cares about the lead, not the totals: between two
    seats it is the logistic curve of the lead over `spread` (one spread ahead is worth 0.73).
    """
    best = max(scores)
    weights = [math.exp((score - best) / spread) for score in scores]
    total = sum(weights)
    return tuple(weight / total for weight in weights)


def _is_possible(outcomes: tuple[tuple[A, float], ...], action: A) -> bool:
    """Whether `action` is an outcome of positive chance. The identity test first: a sampled
    outcome is the listed object itself, and comparing actions field by field costs far more."""
    for outcome, chance in outcomes:
        if outcome is action and chance > 0:
            return True
    return action in [outcome for outcome, chance in outcomes if chance > 0]


def score_ending(outcome: Outcome, points: str = "points") -> Ask:
    """ "Seat 2 won with 14 points; seat 1 had 11", or a draw or shared win, by the scores alone."""

    def score(value: float) -> str:
        return str(int(value)) if float(value).is_integer() else f"{value:g}"

    winners = outcome.winners
    others = [seat for seat in range(len(outcome.scores)) if seat not in winners]
    parts: list[str | int] = []
    if not winners:
        parts.append("Nobody won")
    elif len(winners) == len(outcome.scores) and len(winners) > 1:
        parts.append(f"A draw: everyone has {score(outcome.scores[winners[0]])} {points}")
        return ask(*parts)
    else:
        for index, seat in enumerate(winners):
            parts += [" and " if index else "", seat]
        together = " together" if len(winners) > 1 else ""
        parts.append(f" won{together} with {score(outcome.scores[winners[0]])} {points}")
    for index, seat in enumerate(others):
        parts += ["; " if index == 0 else ", ", seat, f" had {score(outcome.scores[seat])}"]
    return ask(*parts)


def sample_chance(game: Game[S, A], state: S, rng: random.Random) -> A:
    """Draw one outcome of the chance step at `state`, by its probability."""
    outcomes = game.chance_outcomes(state)
    if not outcomes:
        raise IllegalAction(f"{game.name}: this state is not a chance step")
    kept = _SPLITS.get(id(outcomes))
    if kept is None or kept[0] is not outcomes:
        if len(_SPLITS) >= _SPLITS_KEPT:
            _SPLITS.clear()
        actions = [outcome for outcome, _ in outcomes]
        totals = list(accumulate(chance for _, chance in outcomes))
        if not 0.0 < totals[-1] < math.inf:
            raise ValueError(f"{game.name}: the chances of a chance step must add up to a positive number")
        kept = _SPLITS[id(outcomes)] = (outcomes, actions, totals)
    # `rng.choices(actions, cum_weights=totals)` written out (one `random()`, the same bisection),
    # so the draw is the same without that function's checks at every step
    totals = kept[2]
    drawn: A = kept[1][bisect_right(totals, rng.random() * (totals[-1] + 0.0), 0, len(totals) - 1)]
    return drawn


_SPLITS: dict[int, tuple[Any, list[Any], list[float]]] = {}
"""Chance tables met lately (most games return a few constant ones), split into the outcomes and
their running totals of probability; each kept with its table, so a reused id is noticed."""
_SPLITS_KEPT = 64
