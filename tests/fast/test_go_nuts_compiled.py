"""What only Go Nuts's compiled path has: Retrieve ids as the encoding numbers them, fresh deals
that are the engine's starting positions, the first steps of its random games, chance draws
from the deck included, and its greedy seats' picks and choices (the tests every compiled path
over packed rows shares are in `test_packed_agreement`)."""

from collections import Counter
from collections.abc import Sequence

import numpy as np
import pytest

pytest.importorskip("numba", reason="the compiled path needs numba (the `fast` extra)")

from holesome.core.game import CHANCE
from holesome.fast.go_nuts import CompiledGoNuts
from holesome.games.go_nuts import GoNuts, GoNutsState, scoring
from holesome.games.go_nuts.actions import RETRIEVE, Retrieve
from holesome.games.go_nuts.cards import KINDS, Power
from holesome.games.go_nuts.scenario import position
from tests.fast.agreement import OPTIONS, build, check_counts, check_first_steps, check_traces, positions, softmax

PLAYERS = [options["players"] for options in OPTIONS["go-nuts"]]


def compiled(players: int) -> tuple[GoNuts, CompiledGoNuts]:
    return build("go-nuts", {"players": players}, GoNuts, CompiledGoNuts)


def test_retrieve_ids_follow_the_encoding() -> None:
    game, fast = compiled(6)
    first = fast.ids[fast.k.I_RETRIEVE]
    for card, copies in enumerate(RETRIEVE):
        for copy, action in enumerate(copies):
            assert isinstance(action, Retrieve)
            assert game.encode(action) == first + fast.cards[card, fast.k.C_RETRIEVE] + copy


@pytest.mark.parametrize("players", PLAYERS)
def test_fresh_deals_are_starting_positions(players: int) -> None:
    _game, fast = compiled(players)
    rows = fast._deal(50, seed=players)
    codes = [kind.code for kind in KINDS]
    for row in rows:
        dealt = [codes[card] for card in row[fast.k.ROW : fast.k.ROW + players + 1]]
        assert np.array_equal(row, fast.pack(position(players, row=dealt)))
    assert fast.random_steps(20, seed=1, max_steps=10_000) > 20 * 10


@pytest.mark.parametrize("players", [2, 6])
def test_random_steps_are_uniform_and_chance_follows_the_deck(players: int) -> None:
    game, fast = compiled(players)
    states = positions(game, range(1))
    check_first_steps(fast, states[0], 3000)
    chance = next(state for state in states if game.to_act(state) == (CHANCE,))
    check_first_steps(fast, chance, 3000)


MIX = 0.25


def lead(hands: Sequence[tuple[int, ...]], seat: int) -> int:
    """The seat's points less the best other seat's."""
    points = scoring.scores(hands)
    return points[seat] - max(points[other] for other in range(len(hands)) if other != seat)


def lead_gain(hands: Sequence[tuple[int, ...]], seat: int, card: int | None) -> int:
    """How much one more `card` would raise the seat's lead, by the pure rules' scores."""
    assert card is not None
    changed = list(hands)
    changed[seat] = tuple(count + (kind == card) for kind, count in enumerate(hands[seat]))
    return lead(changed, seat) - lead(hands, seat)


def pick_gain(state: GoNutsState, seat: int, card: int | None) -> float:
    """What a greedy seat in the compiled games expects from taking `card`, by the pure rules'
    scores: the card's own gain in lead, plus, for a power that brings a card, that card's gain
    (an Eclair's the discard pile's top card, a Chocolate Frosted's the mean over the deck)."""
    assert card is not None
    own = lead_gain(state.hands, seat, card)
    power = KINDS[card].power
    if power is Power.TAKE_TOP and state.discard:
        return own + lead_gain(state.hands, seat, state.discard[-1])
    deck = [(kind, copies) for kind, copies in enumerate(state.deck) if copies]
    if power is Power.DRAW and deck:
        drawn = sum(copies * lead_gain(state.hands, seat, kind) for kind, copies in deck)
        return own + drawn / sum(copies for _, copies in deck)
    return own


def greedy_pick_chances(state: GoNutsState, seat: int, mix: float) -> list[float]:
    """The chance of each slot under the greedy picks of the compiled games, worked out from the
    pure rules: a softmax of the slots' `pick_gain`."""
    return softmax([pick_gain(state, seat, card) for card in state.row], mix)


def greedy_choice_chances(game: GoNuts, state: GoNutsState, seat: int, mix: float) -> dict[int, float]:
    """The chance of each of the seat's actions after the reveal under the compiled games'
    greedy choices, from the pure rules: a softmax of the seat's lead right after it."""
    menu = game.legal_actions(state, seat)
    if len(menu) == 1:
        return {game.encode(menu[0]): 1.0}
    chances = softmax([lead(game.apply(state, seat, action).hands, seat) for action in menu], mix)
    return {game.encode(action): chance for action, chance in zip(menu, chances, strict=True)}


def leaves_leads_apart(game: GoNuts, state: GoNutsState) -> bool:
    """Whether a seat chooses for a power in `state` and its choices leave different leads."""
    seats = game.to_act(state)
    if state.task is None or not seats or seats == (CHANCE,):
        return False
    return len(set(greedy_choice_chances(game, state, seats[0], MIX).values())) > 1


def check_greedy_first_steps(fast: CompiledGoNuts, state: GoNutsState, games: int) -> None:
    """The first steps of `games` greedy compiled games from `state` come out as
    `greedy_pick_chances` or `greedy_choice_chances` says, for a seat drawn uniformly (each
    within five deviations)."""
    game = fast.game
    assert isinstance(game, GoNuts)
    seats = game.to_act(state)
    expected: dict[tuple[int, int], float] = {}
    for seat in seats:
        if None in state.picks:
            first = fast.ids[fast.k.I_PICK]
            chances = dict(enumerate(greedy_pick_chances(state, seat, fast.mix)))
            chances = {first + slot: chance for slot, chance in chances.items()}
        else:
            chances = greedy_choice_chances(game, state, seat, fast.mix)
        expected.update({(seat, action): chance / len(seats) for action, chance in chances.items()})
    counts = Counter(fast.trace(state, seed, 1).steps[0] for seed in range(games))
    check_counts(counts, expected, games)


def test_greedy_picks_mostly_take_the_card_that_adds_most_to_the_lead() -> None:
    """Seat 1 holds four Donut Holes: a fifth adds 5, a Glazed 2; seat 2 holds one Plain, so a
    Plain would tie her majority, 2 points for seat 1 and 2 fewer for seat 2: 4 on the lead.
    Seat 1 takes the Donut Holes about 78% of the time, the Plain 21%, the Glazed 2%."""
    game = GoNuts(2)
    fast = CompiledGoNuts(game, MIX)
    state = position(2, row=["DH", "GL", "PL"], hands=[["DH"] * 4, ["PL"]])
    chances = greedy_pick_chances(state, 0, MIX)
    assert chances[0] > 0.75 and chances[2] > 0.2 and chances[1] < 0.05, chances
    check_greedy_first_steps(fast, state, 4000)
    blind = Counter(step for seed in range(600) for step in CompiledGoNuts(game).trace(state, seed, 1).steps)
    assert max(blind.values()) < 0.25 * 600, "without a mix every pick is as likely"


def test_greedy_picks_count_a_rival_scoring_maple_frosted_on_every_card() -> None:
    """Seat 1 holds one Glazed, seat 2 a Maple Frosted and a Glazed, which score only while no
    hand is smaller than hers: whichever card seat 1 takes, seat 2 gains 5. A Plain would be seat
    1's majority (4 points), a Glazed 2, a Donut Holes 1, the rest nothing; the Plain is still her
    likeliest pick, as it is with no Maple Frosted about."""
    game = GoNuts(5)
    fast = CompiledGoNuts(game, MIX)
    hands = [["GL"], ["MF", "GL"], ["EC", "EC"], ["CF", "CF"], ["DC", "DC"]]
    state = position(5, row=["PL", "GL", "DH", "EC", "CF", "RF"], hands=hands)
    chances = greedy_pick_chances(state, 0, MIX)
    assert chances[0] == max(chances) > 0.5, chances
    check_greedy_first_steps(fast, state, 6000)


@pytest.mark.parametrize("players", [2, 5])
def test_greedy_picks_follow_the_rules_scores_and_play_legal_games(players: int) -> None:
    """From positions of random games (Maple Frosted's fewest-cards rule and Plain's majority in
    play at five), the first greedy picks follow the pure rules' scores, and whole greedy games
    replay through the engine."""
    game, _ = compiled(players)
    fast = CompiledGoNuts(game, MIX)
    states = positions(game, range(6), every=5)
    picking = [state for state in states if not state.over and None in state.picks][::4]
    for state in picking[:6]:
        check_greedy_first_steps(fast, state, 1500)
    assert check_traces(fast, states[::3], seed=players, max_steps=10_000) > 1_000


@pytest.mark.parametrize("players", PLAYERS)
def test_pick_gains_are_the_rules_gains_in_lead(players: int) -> None:
    """The gains a greedy pick is drawn by, counted again only where a card can move a score,
    are what the pure rules' scores give (`pick_gain`), for every seat at every pick of random
    games, and some of those picks offer an Eclair on a pile or a Chocolate Frosted."""
    game, _ = compiled(players)
    fast = CompiledGoNuts(game, MIX)
    k, games = fast.k, fast.games
    touched, gains = np.empty(k.MAX_KINDS, np.int64), np.empty(k.MAX_SEATS + 1)
    picking = [state for state in positions(game, range(8)) if not state.over and None in state.picks]
    assert len(picking) > 50
    offered = {KINDS[card].power for state in picking if state.discard for card in state.row if card is not None}
    assert {Power.DRAW, Power.TAKE_TOP} <= offered
    for state in picking:
        row = fast.pack(state)
        for seat in range(players):
            slots = games.pick_gains(row, fast.cards, seat, touched, gains)
            assert list(gains[:slots]) == pytest.approx([pick_gain(state, seat, card) for card in state.row])
            assert np.array_equal(row, fast.pack(state)), "the row is left as it was"


def test_greedy_choices_after_the_reveal_follow_the_lead_they_leave() -> None:
    """Where a power's taker chooses (a card to give, take or discard, an opponent) and the
    choices leave different leads, greedy games choose as the pure rules' scores say."""
    game, _ = compiled(5)
    fast = CompiledGoNuts(game, MIX)
    choosing = [state for state in positions(game, range(30), limit=6000) if leaves_leads_apart(game, state)]
    assert len(choosing) >= 3, "some powers' choices leave different leads"
    for state in choosing[:6]:
        check_greedy_first_steps(fast, state, 1500)
