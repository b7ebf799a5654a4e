"""The search bots: honest (fair), legal on every game, and stronger than the baselines."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

import holesome
from holesome.bots import ISMCTSBot, MCTSBot, make_bot, unfit
from holesome.bots.search import WALL_SHARE, Budget, RandomRollout
from holesome.core.decision import Decision
from holesome.core.game import CHANCE, ROLLOUT_STEPS
from holesome.core.match import Match
from holesome.games.donut_dilemma.actions import Plain, Special
from holesome.games.donut_dilemma.components import Donut
from holesome.games.donut_dilemma.rules import DonutDilemma
from holesome.games.honey_donut.rules import HoneyDonut, HoneyState
from tests.core.toy import OddsAndEvens

SEARCHERS = ["mcts:10", "ismcts:10", "greedy:2", "easy", "exploiter:10", "turn@0.05s", "random"]
PLAYABLE = [
    (bot, name) for name in sorted(holesome.GAMES) for bot in SEARCHERS if unfit(bot, holesome.load(name)) is None
]
"""Every bot with every game it plays (`mcts` and `turn` refuse games with secrets, see below)."""


def _midgame_states(game: holesome.Game[Any, Any], seed: int, count: int) -> list[Any]:
    """States met in a random game, for probing decisions."""
    rng = random.Random(seed)
    match: Match[Any, Any] = Match(game, seed)
    states: list[Any] = []
    match.roll_chance()
    while match.to_act and len(states) < count:
        seats = match.to_act
        states.append(match.state)
        seat = rng.choice(seats)
        match.act(seat, rng.choice(game.legal_actions(match.state, seat)))
        match.roll_chance()
    return states


@pytest.mark.parametrize(("bot", "name"), PLAYABLE)
def test_a_bots_choice_is_legal_and_ignores_what_its_seat_cannot_see(bot: str, name: str) -> None:
    """Every bot plays every game legally, and fairly: states that differ only in hidden
    information get the same choice."""
    game = holesome.load(name)
    rng = random.Random(3)
    for state in _midgame_states(game, 3, 4):
        for seat in game.to_act(state):
            if seat == CHANCE:
                continue
            twin = game.determinize(state, seat, rng)
            assert game.view(twin, seat) == game.view(state, seat)
            real = make_bot(bot, 11).act(Decision(game, seat, state))
            assert real in game.legal_actions(state, seat), f"{bot} played an illegal action in {name}"
            other = make_bot(bot, 11).act(Decision(game, seat, twin))
            assert real == other, f"{bot} on {name}: the choice depended on hidden information"


@pytest.mark.parametrize("name", sorted(holesome.GAMES))
def test_what_a_seat_observes_is_the_same_in_every_state_it_cannot_tell_apart(name: str) -> None:
    """`Game.observed` keys a search's tree after a reveal: it must not change when `determinize`
    redraws what the seat cannot see, or the search would plan on secrets."""
    game = holesome.load(name)
    rng = random.Random(7)
    keys = 0
    for state in _midgame_states(game, 5, 120):
        for seat in range(game.players):
            seen = game.observed(state, seat)
            keys += seen is not None
            for _ in range(3):
                assert game.observed(game.determinize(state, seat, rng), seat) == seen
    if type(game).observed is not holesome.Game.observed:
        assert keys, f"{name} gives a key somewhere in a game"


def test_fairness_holds_on_a_game_with_secret_simultaneous_choices() -> None:
    game = OddsAndEvens(3)
    state = game.apply(game.start(0), 0, game.legal_actions(game.start(0), 0)[1])
    twin = game.determinize(state, 1, random.Random(5))
    for bot in ("ismcts:40", "greedy"):
        assert make_bot(bot, 2).act(Decision(game, 1, state)) == make_bot(bot, 2).act(Decision(game, 1, twin))


def test_mcts_refuses_games_with_hidden_information() -> None:
    game = OddsAndEvens(2)
    with pytest.raises(ValueError, match="mcts plays perfect-information games only"):
        MCTSBot(0).act(Decision(game, 0, game.start(0)))


@pytest.mark.parametrize("bot", ["mcts:200", "ismcts:200"])
def test_search_beats_random_at_honey_donut(bot: str) -> None:
    game = holesome.load("honey-donut")
    wins = 0.0
    for seed in range(10):
        match: Match[Any, Any] = Match(game, seed)
        searcher, baseline = seed % 2, 1 - seed % 2
        bots = {searcher: make_bot(bot, seed).act, baseline: make_bot("random", seed).act}
        wins += match.play(bots).values[searcher]
    assert wins >= 9, f"{bot} won only {wins} of 10 against random"


def test_ismcts_mixes_its_final_choice_at_simultaneous_decisions() -> None:
    game = OddsAndEvens(2)
    decision = Decision(game, 0, game.start(0))
    mixed = {ISMCTSBot(seed, Budget(iterations=30)).act(decision) for seed in range(20)}
    assert len(mixed) == 2, "both calls are equally good, so a mixed policy plays both"


def test_budgets_must_be_positive() -> None:
    with pytest.raises(ValueError, match="needs iterations or seconds"):
        Budget(iterations=None, seconds=None)
    with pytest.raises(ValueError, match="must be positive"):
        Budget(iterations=0)
    assert len(list(Budget(iterations=5).ticks())) == 5
    assert len(list(Budget(iterations=None, seconds=0.01).ticks())) >= 1


def test_a_timed_budgets_clock_starts_after_its_first_iteration() -> None:
    """The first iteration of a process may load compiled code for longer than a move's budget;
    the search still gets its time after it."""
    ticks = Budget(iterations=None, seconds=0.01).ticks()
    next(ticks)
    loading = time.thread_time() + 0.05
    while time.thread_time() < loading:
        pass
    assert sum(1 for _ in ticks) >= 1, "the budget was spent before the first iteration ended"


def test_a_timed_budget_counts_the_searchs_cpu_time_and_caps_the_wall_clock() -> None:
    """A search that waits (as one does on a crowded machine) gets its CPU seconds, up to
    `WALL_SHARE` times its seconds of wall-clock time."""
    started = time.perf_counter()
    for _ in Budget(iterations=None, seconds=0.05).ticks():
        time.sleep(0.005)
    waited = time.perf_counter() - started
    assert waited >= 0.05 * WALL_SHARE * 0.9, "waiting is not thinking: the CPU budget is not spent"
    assert waited < 0.05 * WALL_SHARE + 2.0, "the wall-clock cap ends the search"


class _FondOfOneMove(HoneyDonut):
    """Honey Donut whose evaluation says Red wins exactly when Red's last move was `FAVOURITE`."""

    def evaluate(self, state: HoneyState, rng: random.Random) -> tuple[float, ...]:
        red = 1.0 if state.ply == 1 and state.last == FAVOURITE else 0.0
        return (red, 1.0 - red)


FAVOURITE = HoneyDonut().legal_actions(HoneyDonut().start(0), 0)[-1]


@pytest.mark.parametrize("bot", ["mcts:200", "ismcts:200"])
def test_the_search_bots_judge_leaves_by_the_games_own_evaluation(bot: str) -> None:
    game = _FondOfOneMove()
    assert make_bot(bot, 4).act(Decision(game, 0, game.start(0))) == FAVOURITE


def test_the_default_evaluation_is_a_random_playout_cut_at_the_rollout_length() -> None:
    game = holesome.load("honey-donut")
    state = game.start(5)
    for seed in range(3):
        assert game.evaluate(state, random.Random(seed)) == game.playout(state, random.Random(seed), ROLLOUT_STEPS)


def _double_dash_move_choices(seed: int = 11) -> tuple[holesome.Game[Any, Any], Any]:
    """A Double Dash! state where the mover chooses a die."""
    game = holesome.load("double-dash")
    match: Match[Any, Any] = Match(game, seed)
    match.roll_chance()
    while not (match.to_act and match.state.phase.value == "die"):
        seat = match.to_act[0]
        match.act(seat, game.legal_actions(match.state, seat)[0])
        match.roll_chance()
    return game, match.state


NOISY = RandomRollout(max_steps=12)
"""Short random playouts judged by the share of pieces: leaves too alike for the search to stop
early (`mcts._decided`), so that its iterations show the whole budget spent."""


def test_mcts_resumes_its_tree_for_the_next_choice_of_the_same_move() -> None:
    """The piece choice after a die choice is a node the die search already grew: the bot keeps
    those simulations and runs its whole budget of new ones on top, and the choice stays legal."""
    game, state = _double_dash_move_choices()
    bot = MCTSBot(seed=3, budget=Budget(iterations=300), evaluator=NOISY)
    seat = game.to_act(state)[0]
    die = bot.act(Decision(game, seat, state))
    assert (bot.resumed, bot.iterations) == (0, 300)
    after = game.apply(state, seat, die)
    piece = bot.act(Decision(game, seat, after))
    assert bot.resumed > 0
    assert bot.iterations == 300, "an iteration budget counts new simulations, not the kept ones"
    assert piece in game.legal_actions(after, seat)


def test_mcts_starts_over_when_the_state_is_not_in_its_tree() -> None:
    game, state = _double_dash_move_choices()
    _, unrelated = _double_dash_move_choices(seed=12)
    bot = MCTSBot(seed=3, budget=Budget(iterations=300), evaluator=NOISY)
    bot.act(Decision(game, game.to_act(state)[0], state))
    bot.act(Decision(game, game.to_act(unrelated)[0], unrelated))
    assert (bot.resumed, bot.iterations) == (0, 300)


class _Ungrouped(DonutDilemma):
    """Donut Dilemma with every action a search group of its own."""

    def search_group(self, action: Any) -> Any:
        return action


def _special_choices(game: DonutDilemma, seeds: range) -> list[Any]:
    """What a 150-iteration `ismcts` bakes as its first special of round 1, for each seed."""
    choices = []
    for seed in seeds:
        state = game.start(seed)
        state = game.apply(state, 0, game.legal_actions(state, 0)[0])
        state = game.apply(state, 0, Plain(11))
        choices.append(ISMCTSBot(seed, Budget(iterations=150), mixed=False).act(Decision(game, 0, state)))
    return choices


def test_move_groups_keep_a_kind_offered_in_many_variants_from_drowning_the_rest() -> None:
    """Round 1 offers 121 Rainbow numbers beside four other kinds. Grouped by kind, the search
    weighs Rainbow once and settles on another kind; ungrouped, it spends its budget trying numbers."""
    seeds = range(12)
    grouped = _special_choices(DonutDilemma(players=10), seeds)
    flat = _special_choices(_Ungrouped(players=10), seeds)
    rainbows = [sum(isinstance(c, Special) and c.donut is Donut.RAINBOW for c in side) for side in (grouped, flat)]
    assert rainbows[1] >= 4
    assert rainbows[0] < rainbows[1], "a secret submission mixes by regret matching, so not always another kind"
