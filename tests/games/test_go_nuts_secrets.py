"""Go Nuts secrets: views leak no pick, pass, drawn card or deck order; determinize resamples them."""

import random
from dataclasses import replace

from holesome.core.game import CHANCE, View, sample_chance
from holesome.games.go_nuts import Choose, Draw, GoNuts, GoNutsState, Pick
from holesome.games.go_nuts.cards import CODES
from holesome.games.go_nuts.flow import settle
from holesome.games.go_nuts.scenario import position
from holesome.games.go_nuts.state import KnownTop, Task
from holesome.games.go_nuts.table import Table


def views(game: GoNuts, state: GoNutsState, seats: range) -> list[View]:
    return [game.view(state, seat) for seat in seats] + [game.view(state, None)]


def test_until_the_reveal_no_other_seat_sees_what_a_seat_picked() -> None:
    game = GoNuts(4)
    start = game.apply(game.start(seed=5), 2, Pick(4))
    others = range(1, 4)
    seen = [views(game, game.apply(start, 0, Pick(slot)), others) for slot in range(1, 6)]
    assert all(item == seen[0] for item in seen)
    picked = game.apply(start, 0, Pick(3))
    assert game.view(picked, 0)["hands"][0]["pick"] == 3
    assert game.view(picked, 1)["hands"][0] == {**game.view(picked, 0)["hands"][0], "pick": None}
    assert game.view(picked, 1)["hands"][0]["picked"] is True


def test_after_the_reveal_every_pick_is_public() -> None:
    game = GoNuts(2)
    state = position(2, row=["FC", "GL", "PL"], hands=[["PL"], ["PL"]])
    state = game.apply(game.apply(state, 0, Pick(1)), 1, Pick(2))
    assert [hand["pick"] for hand in game.view(state, None)["hands"]] == [1, 2]
    assert game.view(state, None)["row"][1]["picked_by"] == [1]


def test_cinnamon_twist_passes_are_hidden_until_all_are_in() -> None:
    game = GoNuts(4)
    hands = [["PL", "JF"], ["GL", "DH"], ["PO", "JF"], ["DH", "GL"]]
    state = position(4, row=["CT", "GL", "PO", "JF", "DH"], hands=hands)
    for seat, slot in enumerate((1, 5, 5, 5)):
        state = game.apply(state, seat, Pick(slot))
    assert game.to_act(state) == (0, 1, 2, 3)
    seen = [views(game, game.apply(state, 3, Choose(CODES[code])), range(3)) for code in ("DH", "GL")]
    assert seen[0] == seen[1]


def test_double_chocolate_drawn_cards_and_top_card_are_the_takers_alone() -> None:
    game = GoNuts(3)
    start = position(3, row=["DC", "FC", "PO", "JF"])
    for seat, slot in enumerate((1, 2, 4)):
        start = game.apply(start, seat, Pick(slot))
    drawn = [
        game.apply(game.apply(start, CHANCE, Draw(CODES[first])), CHANCE, Draw(CODES[second]))
        for first, second in (("JF", "DH"), ("GL", "GL"))
    ]
    assert game.view(drawn[0], 1) == game.view(drawn[1], 1)
    assert game.view(drawn[0], None) == game.view(drawn[1], None)
    assert game.view(drawn[0], 0) != game.view(drawn[1], 0)
    kept = [game.apply(drawn[0], 0, Choose(CODES["JF"])), game.apply(drawn[1], 0, Choose(CODES["GL"]))]
    swapped = replace(kept[0], top=KnownTop(0, CODES["BC"]), deck=_moved(kept[0].deck, "BC", "DH"))
    assert game.view(settle(Table(swapped)), 2) == game.view(kept[0], 2)
    assert game.view(kept[0], 0)["deck_top"] == "DH" and game.view(swapped, 0)["deck_top"] == "BC"


def _moved(deck: tuple[int, ...], out: str, back: str) -> tuple[int, ...]:
    cards = list(deck)
    cards[CODES[out]] -= 1
    cards[CODES[back]] += 1
    return tuple(cards)


def test_no_seat_sees_the_deck_order_in_random_games() -> None:
    game = GoNuts(4)
    rng = random.Random(3)
    for seed in range(6):
        state = game.start(seed)
        while seats := game.to_act(state):
            knower = None if state.top is None else state.top.seat
            for seat in range(4):
                view = game.view(state, seat)
                assert view["deck_size"] == state.deck_size
                assert (view["deck_top"] is not None) == (seat == knower)
            if seats == (CHANCE,):
                state = game.apply(state, CHANCE, sample_chance(game, state, rng))
            else:
                seat = rng.choice(seats)
                state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))


def test_determinize_resamples_other_seats_picks_only() -> None:
    game = GoNuts(4)
    state = game.apply(game.apply(game.start(seed=2), 0, Pick(2)), 1, Pick(3))
    rng = random.Random(0)
    samples = [game.determinize(state, 1, rng) for _ in range(40)]
    assert {sample.picks[1] for sample in samples} == {3}
    assert len({sample.picks[0] for sample in samples}) > 1
    assert all(sample.picks[2:] == (None, None) for sample in samples)


def test_determinize_resamples_the_top_card_for_seats_that_do_not_know_it() -> None:
    game = GoNuts(3)
    state = position(3, row=["FC", "GL", "PO", "JF"], top=(1, "BC"))
    for seat, slot in enumerate((1, 4, 4)):
        state = game.apply(state, seat, Pick(slot))
    assert game.to_act(state) == (0,) and state.top == KnownTop(1, CODES["BC"])
    rng = random.Random(1)
    knower = [game.determinize(state, 1, rng) for _ in range(10)]
    assert all(sample.top == state.top and sample.deck == state.deck for sample in knower)
    others = [game.determinize(state, 2, rng) for _ in range(40)]
    assert len({sample.top for sample in others}) > 1
    assert all(sample.top is not None and sample.top.seat == 1 for sample in others)
    assert all(_unseen(sample) == _unseen(state) for sample in others)


def test_determinize_for_a_non_taker_resamples_double_chocolate_draws() -> None:
    game = GoNuts(3)
    state = position(3, row=["DC", "GL", "PO", "JF"])
    for seat, slot in enumerate((1, 4, 4)):
        state = game.apply(state, seat, Pick(slot))
    state = game.apply(game.apply(state, CHANCE, Draw(CODES["JF"])), CHANCE, Draw(CODES["JF"]))
    rng = random.Random(4)
    assert game.determinize(state, 0, rng) == state
    samples = [game.determinize(state, 1, rng) for _ in range(30)]
    assert len({sample.task.drawn for sample in samples if sample.task is not None}) > 1
    assert all(game.to_act(sample) == (0,) for sample in samples)


def _unseen(state: GoNutsState) -> tuple[int, ...]:
    pool = list(state.deck)
    if state.top is not None:
        pool[state.top.card] += 1
    task: Task | None = state.task
    for card in () if task is None else task.drawn:
        pool[card] += 1
    return tuple(pool)


def test_views_count_the_unseen_cards_without_placing_them() -> None:
    game = GoNuts(2)
    state = position(2, row=["GL", "PO", "PL"], hands=[["JF"]], discard=["DH"])
    unseen = game.view(state, 0)["unseen"]
    assert sum(unseen.values()) == 37 - 5
    assert unseen == {code: state.deck[card] for code, card in CODES.items() if state.deck[card]}


def test_observed_keeps_the_known_top_and_pending_picks_out_and_the_reveal_in() -> None:
    """`observed` (the key a search splits its tree by) holds what a seat sees and no more."""
    game = GoNuts(3)
    state = position(3, row=["FC", "GL", "PO", "JF"], top=(1, "BC"))
    rng = random.Random(4)
    others = [game.determinize(state, 2, rng) for _ in range(20)]
    assert len({sample.top for sample in others}) > 1
    assert {game.observed(sample, 2) for sample in others} == {game.observed(state, 2)}
    picked = [game.apply(state, 0, Pick(slot)) for slot in (1, 2)]
    assert game.observed(picked[0], 1) == game.observed(picked[1], 1)
    assert game.observed(picked[0], 0) != game.observed(picked[1], 0)
    revealed = [game.apply(game.apply(one, 1, Pick(4)), 2, Pick(4)) for one in picked]
    assert game.observed(revealed[0], 1) != game.observed(revealed[1], 1)
