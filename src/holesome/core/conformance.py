"""The conformance checks of DESIGN.md, run on every game and player count.

`check_game` plays seeded random games and, at every step, checks the contract: the game ends;
a record replays to the same states; states and actions round-trip through JSON, integer ids
and notation; illegal actions raise and change nothing; `legal_actions` is stable; views are
JSON and leak nothing that `determinize` may resample; determinize keeps the seat's view and
choices, and depends only on what the seat can see (so a bot's choice cannot either). Every
game's tests call it; a failure raises `AssertionError` naming the game, the seed
and the step.

`determinize` is written beside the view, so the two can agree on a leak (a view showing more
than the rules allow, and a determinize that keeps it). A game's tests can therefore hand
`check_game` a `twin`: a function, written from the rules alone, that changes everything the
rules hide from a seat; the seat's view of the twin must be the same.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable
from typing import Any

from holesome.core.errors import IllegalAction
from holesome.core.game import CHANCE, Game, sample_chance
from holesome.core.match import Match, chance_rng
from holesome.core.record import Record, replay

Twin = Callable[[Any, int, random.Random], Any]
"""`twin(state, seat, rng)`: a state of a game not yet over that differs from `state` only in what
the rules hide from `seat`."""


def check_game(
    game: Game[Any, Any],
    *,
    games: int = 5,
    seed: int = 0,
    max_steps: int = 100_000,
    deep_every: int = 1,
    twin: Twin | None = None,
) -> None:
    """Run every check over `games` random games; the costly ones every `deep_every` steps."""
    for number in range(games):
        game_seed = seed + number
        assert game.start(game_seed) == game.start(game_seed), f"{game.name}: start({game_seed}) is not deterministic"
        _check_one(game, game_seed, max_steps, deep_every, twin)


def _check_one(game: Game[Any, Any], seed: int, max_steps: int, deep_every: int, twin: Twin | None) -> None:
    rng = random.Random(seed)
    match = Match(game, seed)
    while True:
        where = f"{game.name} ({game.players} players, seed {seed}, step {len(match.steps)})"
        state = match.state
        _check_state(game, state, where, rng, deep=len(match.steps) % deep_every == 0, twin=twin)
        seats = game.to_act(state)
        if not seats:
            break
        assert len(match.steps) < max_steps, f"{where}: the game did not end within {max_steps} steps"
        if seats == (CHANCE,):
            action = sample_chance(game, state, chance_rng(seed, len(match.steps)))
            seat = CHANCE
        else:
            seat = rng.choice(seats)
            action = rng.choice(game.legal_actions(state, seat))
        before = json.dumps(game.state_to_json(state), sort_keys=True)
        match.act(seat, action)
        after = json.dumps(game.state_to_json(state), sort_keys=True)
        assert before == after, f"{where}: apply changed the state it was given"
    _check_outcome(game, match.state, f"{game.name} seed {seed}")
    _check_replay(game, match.record, match.states, f"{game.name} seed {seed}")


def _check_state(
    game: Game[Any, Any], state: Any, where: str, rng: random.Random, deep: bool, twin: Twin | None
) -> None:
    seats = game.to_act(state)
    outcome = game.outcome(state)
    assert (outcome is None) == bool(seats), f"{where}: to_act is {seats} but outcome is {outcome}"
    assert list(seats) == sorted(set(seats)), f"{where}: to_act {seats} is not ascending and unique"
    for seat in range(game.players):
        legal = game.legal_actions(state, seat)
        if seat not in seats:
            assert legal == (), f"{where}: seat {seat} may not act but has legal actions"
            continue
        assert legal, f"{where}: seat {seat} must act but has no legal action"
        assert legal == game.legal_actions(state, seat), f"{where}: legal_actions is not stable"
        assert len(set(legal)) == len(legal), f"{where}: legal_actions repeats an action"
        _check_actions(game, state, seat, legal, where, rng)
        _check_illegal(game, state, seat, legal, where)
    if seats == (CHANCE,):
        outcomes = game.chance_outcomes(state)
        assert outcomes, f"{where}: a chance step with no outcomes"
        assert math.isclose(sum(p for _, p in outcomes), 1.0), f"{where}: chance probabilities do not sum to 1"
        for action, _ in outcomes:
            assert game.decode(game.encode(action)) == action, f"{where}: chance outcome id does not round-trip"
    if deep:
        _check_json(game, state, where)
        _check_views(game, state, where, rng)
        if twin is not None:
            _check_twins(game, state, where, rng, twin)


def _check_actions(
    game: Game[Any, Any], state: Any, seat: int, legal: tuple[Any, ...], where: str, rng: random.Random
) -> None:
    texts = [game.action_to_text(action) for action in legal]
    assert len({text.lower() for text in texts}) == len(texts), f"{where}: two legal actions share notation"
    for action, text in zip(legal, texts, strict=True):
        assert game.decode(game.encode(action)) == action, f"{where}: id of {text} does not round-trip"
        data = json.loads(json.dumps(game.action_to_json(action)))
        assert game.action_from_json(data) == action, f"{where}: JSON of {text} does not round-trip"
        assert game.is_legal(state, seat, action), f"{where}: is_legal disagrees on {text}"
    for index in rng.sample(range(len(legal)), min(3, len(legal))):  # parsing scans the menu: sample it
        assert game.parse_action(state, seat, texts[index]) == legal[index], (
            f"{where}: notation {texts[index]!r} does not parse back"
        )


def _check_illegal(game: Game[Any, Any], state: Any, seat: int, legal: tuple[Any, ...], where: str) -> None:
    legal_set = set(legal)
    illegal = next((action for action in game.action_space if action not in legal_set), None)
    before = json.dumps(game.state_to_json(state), sort_keys=True)
    for bad_seat, action in ((seat, illegal), (game.players, legal[0]), (CHANCE, legal[0])):
        if action is None or (bad_seat == CHANCE and game.to_act(state) == (CHANCE,)):
            continue
        try:
            game.apply(state, bad_seat, action)
        except IllegalAction as error:
            assert game.name in str(error), f"{where}: IllegalAction does not name the game: {error}"
        else:
            raise AssertionError(f"{where}: seat {bad_seat} was allowed to play {action!r}")
    after = json.dumps(game.state_to_json(state), sort_keys=True)
    assert before == after, f"{where}: a refused action changed the state"


def _check_json(game: Game[Any, Any], state: Any, where: str) -> None:
    data = json.loads(json.dumps(game.state_to_json(state)))
    copy = game.state_from_json(data)
    assert copy == state, f"{where}: state does not round-trip through JSON"
    assert game.to_act(copy) == game.to_act(state), f"{where}: to_act differs after a JSON round-trip"
    for seat in game.to_act(state):
        if seat != CHANCE:
            assert game.legal_actions(copy, seat) == game.legal_actions(state, seat), (
                f"{where}: legal actions differ after a JSON round-trip"
            )


def _check_views(game: Game[Any, Any], state: Any, where: str, rng: random.Random) -> None:
    spectator = game.view(state, None)
    json.dumps(spectator)
    _assert_unshared(spectator, game.view(state, None), f"{where}: two views share the object at")
    for seat in range(game.players):
        view = game.view(state, seat)
        assert json.loads(json.dumps(view)) == view, f"{where}: view of seat {seat} is not plain JSON"
        if game.outcome(state) is not None:
            continue
        sample = game.determinize(state, seat, rng)
        seed = rng.randrange(2**32)
        again = game.determinize(sample, seat, random.Random(seed))
        assert again == game.determinize(state, seat, random.Random(seed)), (
            f"{where}: determinize for seat {seat} depends on what the seat cannot see "
            "(two states it cannot tell apart gave different samples from the same RNG)"
        )
        assert game.view(sample, seat) == view, f"{where}: determinize changed what seat {seat} sees"
        assert game.observed(sample, seat) == game.observed(state, seat), (
            f"{where}: observed() for seat {seat} holds something the seat cannot see"
        )
        assert game.view(sample, None) == spectator, f"{where}: determinize for seat {seat} changed the public view"
        assert game.to_act(sample) == game.to_act(state), f"{where}: determinize changed who acts"
        assert game.legal_actions(sample, seat) == game.legal_actions(state, seat), (
            f"{where}: determinize changed seat {seat}'s legal actions"
        )


def _check_twins(game: Game[Any, Any], state: Any, where: str, rng: random.Random, twin: Twin) -> None:
    """Before the end (which may announce everything), each seat's twin gives it the same view."""
    if game.outcome(state) is not None:
        return
    for seat in range(game.players):
        other = twin(state, seat, rng)
        assert game.view(other, seat) == game.view(state, seat), (
            f"{where}: seat {seat}'s view shows something the rules hide from it "
            "(a state differing only in that gives another view)"
        )


def _assert_unshared(first: Any, second: Any, message: str, path: str = "view") -> None:
    """Two views must share no list or dict: a caller that keeps one and changes it must not
    change the other (or the game's own tables)."""
    if isinstance(first, dict | list):
        assert first is not second, f"{message} {path}"
        pairs = first.items() if isinstance(first, dict) else enumerate(first)
        other = second if isinstance(second, dict) else dict(enumerate(second))
        for key, value in pairs:
            if key in other:
                _assert_unshared(value, other[key], message, f"{path}[{key!r}]")


def _check_outcome(game: Game[Any, Any], state: Any, where: str) -> None:
    outcome = game.outcome(state)
    assert outcome is not None
    assert len(outcome.scores) == game.players, f"{where}: outcome has {len(outcome.scores)} scores"
    assert outcome.winners, f"{where}: outcome names no winner"
    assert all(0 <= seat < game.players for seat in outcome.winners), f"{where}: bad winner seat"
    assert all(0.0 <= value <= 1.0 for value in outcome.values), f"{where}: a value outside [0, 1]"
    assert math.isclose(sum(outcome.values), 1.0), f"{where}: values do not sum to 1"
    json.dumps(outcome.to_json())


def _check_replay(game: Game[Any, Any], record: Record, states: list[Any], where: str) -> None:
    copy = Record.from_json(json.loads(json.dumps(record.to_json())))
    fresh = type(game)(copy.players, **copy.options)
    replayed = list(replay(copy, fresh))
    assert replayed == states, f"{where}: the record does not replay to the same states"
    assert copy.outcome == game.outcome(states[-1]).to_json(), f"{where}: the record's outcome differs"  # type: ignore[union-attr]
