"""ISMCTS plays a mixed equilibrium at simultaneous secret picks, first and last submitter alike.

Rock, paper, scissors as a holesome game: both seats submit in secret, one after the other as
the server asks them; the only equilibrium is a third each. A bot that plays one action always
(as the most visited action of a search, or a best reply to guessed picks) is beaten by the
reply to it. `determinize` fills a submitted pick with a guess, so without `secret_round` the
last submitter would search as if it knew that guess.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

import holesome
from holesome.bots import ExploiterBot, ISMCTSBot, ismcts
from holesome.bots.search import Budget
from holesome.core.decision import Decision
from holesome.core.game import Game, Outcome, Seat, View
from holesome.core.match import Match

SHAPES = ("rock", "paper", "scissors")


@dataclass(frozen=True, slots=True)
class Throw:
    TYPE: ClassVar[str] = "throw"
    shape: int


@dataclass(frozen=True, slots=True)
class Hands:
    throws: tuple[int | None, ...]


class RockPaperScissors(Game[Hands, Throw]):
    name = "rock-paper-scissors"
    title = "Rock, Paper, Scissors"
    blurb = "A toy game for the tests."
    version = 1
    player_counts = (2,)
    default_players = 2
    state_type = Hands
    action_type = Throw

    def start(self, seed: int) -> Hands:
        return Hands((None, None))

    def to_act(self, state: Hands) -> tuple[Seat, ...]:
        return tuple(seat for seat, throw in enumerate(state.throws) if throw is None)

    def legal_actions(self, state: Hands, seat: Seat) -> tuple[Throw, ...]:
        return self.action_space if seat in self.to_act(state) else ()

    def _apply(self, state: Hands, seat: Seat, action: Throw) -> Hands:
        return Hands(tuple(action.shape if index == seat else throw for index, throw in enumerate(state.throws)))

    def view(self, state: Hands, seat: Seat | None) -> View:
        return {"mine": None if seat is None else state.throws[seat], "waiting": list(self.to_act(state))}

    def outcome(self, state: Hands) -> Outcome | None:
        first, second = state.throws
        if first is None or second is None:
            return None
        if first == second:
            return Outcome((0.0, 0.0), (0, 1))
        winner = 0 if (first - second) % 3 == 1 else 1
        return Outcome(tuple(float(seat == winner) for seat in range(2)), (winner,))

    def determinize(self, state: Hands, seat: Seat, rng: random.Random) -> Hands:
        return Hands(tuple(t if i == seat or t is None else rng.randrange(3) for i, t in enumerate(state.throws)))

    def secret_round(self, state: Hands, seat: Seat) -> Hands | None:
        if all(throw is not None for throw in state.throws):
            return None
        return Hands(tuple(throw if index == seat else None for index, throw in enumerate(state.throws)))

    def prompt(self, state: Hands, seat: Seat) -> str:
        return "throw rock, paper or scissors" if seat in self.to_act(state) else ""

    @property
    def action_space(self) -> tuple[Throw, ...]:
        return tuple(Throw(shape) for shape in range(3))


class LopsidedRockPaperScissors(RockPaperScissors):
    """Rock beats scissors by two points, every other win by one: the only equilibrium is
    rock a quarter, paper a half, scissors a quarter. Values are the points on a scale of 0 to 1."""

    name = "lopsided-rock-paper-scissors"
    POINTS = ((0, -1, 2), (1, 0, -1), (-2, 1, 0))
    """The first seat's points by its throw (row) and the second's (column)."""
    EQUILIBRIUM = (0.25, 0.5, 0.25)

    def evaluate(self, state: Hands, rng: random.Random) -> tuple[float, ...]:
        first, second = state.throws
        if first is None or second is None:
            return super().evaluate(state, rng)
        value = 0.5 + self.POINTS[first][second] / 4
        return (value, 1.0 - value)


def _decision(last: bool, game: RockPaperScissors | None = None) -> Decision[Hands, Throw]:
    """Seat 1 first to throw (seat 0 pending), or last (seat 0 threw rock in secret)."""
    game = game or RockPaperScissors()
    state = game.start(0)
    if last:
        state = game.apply(state, 0, Throw(0))
    return Decision(game, 1, state)


@pytest.mark.parametrize("last", [False, True], ids=["first submitter", "last submitter"])
def test_the_policy_at_a_secret_pick_is_near_the_mixed_equilibrium(last: bool) -> None:
    policy = ISMCTSBot(3, Budget(iterations=3000)).policy(_decision(last))
    assert set(policy) == {Throw(0), Throw(1), Throw(2)}
    assert sum(policy.values()) == pytest.approx(1.0)
    for action, chance in policy.items():
        assert 0.2 < chance < 0.47, f"{SHAPES[action.shape]} played {chance:.0%}; the equilibrium is a third each"


@pytest.mark.parametrize("seed", range(6))
def test_the_policy_finds_a_lopsided_mixed_equilibrium(seed: int) -> None:
    """Not a single action, not uniform either: a quarter, a half, a quarter, and a best reply
    to it gains little (a best reply to a pure policy gains a whole point)."""
    game = LopsidedRockPaperScissors()
    policy = ISMCTSBot(seed, Budget(iterations=2000)).policy(_decision(seed % 2 == 1, game))
    shares = [policy[Throw(shape)] for shape in range(3)]
    assert 0.12 < shares[0] < 0.4 and 0.35 < shares[1] < 0.65 and 0.12 < shares[2] < 0.4, shares
    gain = max(sum(points * share for points, share in zip(row, shares, strict=True)) for row in game.POINTS)
    assert gain < 0.2, f"a best reply to {shares} gains {gain:.2f} points a throw"


@pytest.mark.parametrize("exact", [True, False], ids=["solved exactly", "by regret matching"])
def test_a_two_seat_table_is_solved_for_its_equilibrium(exact: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The lopsided game's table as the two seats estimate it: solved exactly on the compiled
    path (a quarter, a half, a quarter), and near that by regret matching without it."""
    if exact:
        pytest.importorskip("numba", reason="the exact solution needs numba (the `fast` extra)")
    else:
        monkeypatch.setattr(ismcts, "_exact", lambda *_: None)
    mine = [[0.5 + points / 4 for points in row] for row in LopsidedRockPaperScissors.POINTS]
    theirs = [[1.0 - mine[i][j] for i in range(3)] for j in range(3)]
    shares = ismcts._equilibrium(mine, theirs)
    assert shares == pytest.approx(list(LopsidedRockPaperScissors.EQUILIBRIUM), abs=1e-9 if exact else 0.05)
    gain = max(sum(value * share for value, share in zip(row, shares, strict=True)) for row in theirs)
    assert gain <= 0.5 + (1e-9 if exact else ismcts.SOLVE_GAP), "a best reply would beat the mix"


class SaddleRockPaperScissors(LopsidedRockPaperScissors):
    """Rock against rock is a saddle point: rock is each seat's best throw whatever the other
    throws, so regret matching soon plays rock almost always."""

    name = "saddle-rock-paper-scissors"
    POINTS = ((0, 1, 2), (-1, 0, 1), (-2, -1, 0))


@pytest.mark.parametrize("last", [False, True], ids=["first submitter", "last submitter"])
def test_every_cell_of_a_two_seat_table_is_sampled(last: bool) -> None:
    """The move at a two-seat root comes from the solved table, so every pair of throws must be
    estimated from playouts of its own, even where both seats' regret matching has settled on
    rock: an empty cell would stand in for a reply no sample tried."""
    bot = ISMCTSBot(7, Budget(iterations=1000))
    policy = bot.policy(_decision(last, SaddleRockPaperScissors()))
    assert policy[Throw(0)] > 0.99, "rock is the equilibrium"
    for mine in range(3):
        for theirs in range(3):
            cell = bot._cells.get((1, Throw(mine), ((0, Throw(theirs)),)))
            visits = 0 if cell is None else cell.visits
            assert visits >= 10, f"{SHAPES[mine]} against {SHAPES[theirs]} was sampled {visits} times in 1,000"


@pytest.mark.parametrize("last", [False, True], ids=["first submitter", "last submitter"])
def test_the_bot_samples_its_throw_from_the_mixed_policy(last: bool) -> None:
    throws = {ISMCTSBot(seed, Budget(iterations=1000)).act(_decision(last)) for seed in range(12)}
    assert throws == {Throw(0), Throw(1), Throw(2)}


def test_the_last_submitters_policy_ignores_the_hidden_throw() -> None:
    """Seat 1 threw rock or scissors in secret: seat 2's policy is the same either way."""
    decision = _decision(last=True)
    twin = Decision(decision.game, 1, decision.game.apply(decision.game.start(0), 0, Throw(2)))
    assert ISMCTSBot(5, Budget(iterations=300)).policy(decision) == ISMCTSBot(5, Budget(iterations=300)).policy(twin)


def test_a_decision_no_one_shares_keeps_the_most_visited_action() -> None:
    bot = ISMCTSBot(1, Budget(iterations=100))
    state_known = _Revealed().apply(_Revealed().start(0), 0, Throw(0))
    policy = bot.policy(Decision(_Revealed(), 1, state_known))
    assert policy == {Throw(0): 0.0, Throw(1): 1.0, Throw(2): 0.0}, "paper beats a rock it can see"


class _Revealed(RockPaperScissors):
    """The same game with seat 1's throw shown to seat 2: nothing secret, so no mixing."""

    def determinize(self, state: Hands, seat: Seat, rng: random.Random) -> Hands:
        return state

    def secret_round(self, state: Hands, seat: Seat) -> Hands | None:
        return None


def _last_submitters(game: Game[Any, Any], seed: int, wanted: int) -> list[tuple[Any, int]]:
    """States of a random game where one seat is left to act after others submitted in secret."""
    rng = random.Random(seed)
    match: Match[Any, Any] = Match(game, seed)
    found: list[tuple[Any, int]] = []
    match.roll_chance()
    while match.to_act and len(found) < wanted:
        seats = match.to_act
        if len(seats) == 1 and game.secret_round(game.determinize(match.state, seats[0], rng), seats[0]):
            found.append((match.state, seats[0]))
        seat = rng.choice(seats)
        match.act(seat, rng.choice(game.legal_actions(match.state, seat)))
        match.roll_chance()
    return found


@pytest.mark.parametrize("name", ["go-nuts", "donut-dilemma", "doughnut-dash"])
def test_a_last_submitter_searches_the_secret_step_with_every_seat_to_act(name: str) -> None:
    game = holesome.load(name, 3)
    cases = _last_submitters(game, 1, 5)
    assert cases, f"{name}: a random game has last submitters"
    rng = random.Random(2)
    for state, seat in cases:
        rewound = game.secret_round(game.determinize(state, seat, rng), seat)
        assert rewound is not None
        assert seat in game.to_act(rewound) and len(game.to_act(rewound)) > 1
        assert game.legal_actions(rewound, seat) == game.legal_actions(state, seat), "its own choices stay"


@pytest.mark.parametrize("name", ["honey-donut", "double-dash"])
def test_games_without_secret_choices_have_no_secret_steps(name: str) -> None:
    game = holesome.load(name)
    state = game.start(4)
    for seat in range(game.players):
        assert game.secret_round(state, seat) is None


class _RockOnly(RockPaperScissors):
    """Seat 1 may only throw rock: its search is sure to, so the exploiter knows it."""

    def legal_actions(self, state: Hands, seat: Seat) -> tuple[Throw, ...]:
        return super().legal_actions(state, seat)[:1] if seat == 0 else super().legal_actions(state, seat)


@pytest.mark.parametrize("seed", range(3))
def test_the_exploiter_replies_to_the_choice_it_predicts(seed: int) -> None:
    game = _RockOnly()
    state = game.apply(game.start(0), 0, Throw(0))
    assert ExploiterBot(seed, Budget(iterations=60)).act(Decision(game, 1, state)) == Throw(1), "paper beats rock"


def test_the_plain_best_reply_predicts_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """With its predictions off the exploiter never runs the others' search: its edge over
    that plain reply is what prediction buys."""
    searched: list[int] = []

    class Counting(ISMCTSBot):
        def act(self, decision: Decision[Any, Any]) -> Any:
            searched.append(decision.seat)
            return super().act(decision)

    monkeypatch.setattr("holesome.bots.exploiter.ISMCTSBot", Counting)
    state = _RockOnly().apply(_RockOnly().start(0), 0, Throw(0))
    ExploiterBot(1, Budget(iterations=30), predict=False).act(Decision(_RockOnly(), 1, state))
    assert searched == []
    ExploiterBot(1, Budget(iterations=30)).act(Decision(_RockOnly(), 1, state))
    assert searched == [0], "the predicting exploiter searches for the other seat"


def test_the_exploiter_judges_its_replies_by_the_searches_default_leaf(monkeypatch: pytest.MonkeyPatch) -> None:
    """Its reply is judged as the bot it measures judges its leaves (`settings.leaf_for`), not by
    a leaf of its own: a weaker judge would measure the leaf, not the bot's predictability."""
    judged: list[Any] = []

    @dataclass(frozen=True)
    class Recording:
        def evaluate(self, game: Game[Any, Any], state: Any, rng: random.Random) -> tuple[float, ...]:
            judged.append(state)
            return game.evaluate(state, rng)

    monkeypatch.setattr("holesome.bots.exploiter.leaf_for", lambda game: Recording())
    state = _RockOnly().apply(_RockOnly().start(0), 0, Throw(0))
    ExploiterBot(1, Budget(iterations=30), predict=False).act(Decision(_RockOnly(), 1, state))
    assert len(judged) == 30, "every reply of every sample, by the default leaf"


@pytest.mark.parametrize("seed", range(4))
def test_the_averaged_strategy_nears_the_lopsided_equilibrium_too(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Beyond two seats no table is solved: the average of regret matching itself must mix
    near the equilibrium (here with the table's solution switched off, and the root sampled as
    beyond two seats)."""
    monkeypatch.setattr(ISMCTSBot, "_solve", lambda *_: None)
    monkeypatch.setattr(ismcts, "TABLE_MIX", ismcts.EXPLORATION_MIX)
    game = LopsidedRockPaperScissors()
    policy = ISMCTSBot(seed, Budget(iterations=2000)).policy(_decision(seed % 2 == 1, game))
    shares = [policy[Throw(shape)] for shape in range(3)]
    assert min(shares) > 0.1 and max(shares) < 0.7, shares
    gain = max(sum(points * share for points, share in zip(row, shares, strict=True)) for row in game.POINTS)
    assert gain < 0.25, f"a best reply to {shares} gains {gain:.2f} points a throw"
