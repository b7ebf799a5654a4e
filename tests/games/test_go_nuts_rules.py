"""Go Nuts rounds (rules/go-nuts.md, "Setup" and "A round"): picks, resolution order, refill, the end."""

import random

import pytest

from holesome.core.errors import IllegalAction
from holesome.core.game import CHANCE, sample_chance
from holesome.games.go_nuts import Done, Draw, Forfeit, GoNuts, GoNutsState, Pick
from holesome.games.go_nuts.cards import CODES
from holesome.games.go_nuts.scenario import counts, position


def reveal(game: GoNuts, state: GoNutsState, *slots: int) -> GoNutsState:
    """Every seat picks, seat 0 first."""
    for seat, slot in enumerate(slots):
        state = game.apply(state, seat, Pick(slot))
    return state


def draw(game: GoNuts, state: GoNutsState, code: str) -> GoNutsState:
    return game.apply(state, CHANCE, Draw(CODES[code]))


def row(state: GoNutsState) -> list[str | None]:
    codes = {card: code for code, card in CODES.items()}
    return [None if card is None else codes[card] for card in state.row]


def test_setup_deals_players_plus_one_cards_from_the_seed() -> None:
    game = GoNuts(4)
    state = game.start(seed=11)
    assert state == game.start(seed=11)
    assert any(game.start(seed).row != state.row for seed in range(12, 20))
    assert len(state.row) == 5 and None not in state.row
    assert state.hands == (counts([]),) * 4
    assert game.to_act(state) == (0, 1, 2, 3)
    assert game.legal_actions(state, 2) == tuple(Pick(slot) for slot in range(1, 6))


def test_picks_are_commitments_resolved_when_the_last_arrives() -> None:
    game = GoNuts(3)
    state = position(3, row=["GL", "PO", "PL", "JF"])
    state = game.apply(state, 1, Pick(2))
    assert game.to_act(state) == (0, 2)
    assert game.legal_actions(state, 1) == ()
    with pytest.raises(IllegalAction):
        game.apply(state, 1, Pick(3))
    state = game.apply(state, 0, Pick(1))
    assert not state.is_revealed and state.hands[0] == counts([])
    state = game.apply(state, 2, Pick(4))
    assert [state.hands[seat] for seat in range(3)] == [counts(["GL"]), counts(["PO"]), counts(["JF"])]
    assert game.to_act(state) == (CHANCE,)


def test_an_unpicked_card_stays_in_its_slot() -> None:
    game = GoNuts(2)
    state = reveal(game, position(2, row=["GL", "PO", "PL"]), 1, 3)
    assert row(state) == [None, "PO", None]
    state = draw(game, draw(game, state, "JF"), "DH")
    assert row(state) == ["JF", "PO", "DH"]


def test_a_card_picked_twice_goes_to_nobody_and_onto_the_discard_pile() -> None:
    game = GoNuts(3)
    state = reveal(game, position(3, row=["GL", "PO", "PL", "JF"]), 2, 2, 3)
    assert state.hands[0] == state.hands[1] == counts([])
    assert state.hands[2] == counts(["PL"])
    assert state.discard == (CODES["PO"],)


def test_a_card_clashed_in_a_lower_slot_can_be_taken_by_a_later_eclair() -> None:
    game = GoNuts(3)
    state = reveal(game, position(3, row=["GL", "PO", "EC", "JF"], discard=["PL"]), 2, 2, 3)
    assert state.hands[2] == counts(["EC", "PO"])
    assert state.discard == (CODES["PL"],)


def test_slots_resolve_in_ascending_order_so_an_eclair_before_a_clash_misses_it() -> None:
    game = GoNuts(3)
    state = reveal(game, position(3, row=["EC", "GL", "PO", "JF"], discard=["PL"]), 1, 3, 3)
    assert state.hands[0] == counts(["EC", "PL"])
    assert state.discard == (CODES["PO"],)


def test_refill_fills_empty_slots_in_ascending_order_by_chance_draws() -> None:
    game = GoNuts(2)
    state = reveal(game, position(2, row=["GL", "PO", "PL"]), 3, 1)
    outcomes = dict(game.chance_outcomes(state))
    assert sum(outcomes.values()) == pytest.approx(1.0)
    assert outcomes[Draw(CODES["PL"])] == pytest.approx(state.deck[CODES["PL"]] / sum(state.deck))
    state = draw(game, state, "BC") if Draw(CODES["BC"]) in outcomes else draw(game, state, "MB")
    assert row(state)[0] in ("BC", "MB") and row(state)[2] is None
    state = draw(game, state, "JF")
    assert row(state)[2] == "JF"
    assert state.round == 2 and game.to_act(state) == (0, 1)


def test_a_draw_of_a_card_the_deck_lacks_is_illegal() -> None:
    game = GoNuts(2)
    state = reveal(game, position(2, row=["GL", "PO", "PL"], deck=["JF", "JF"]), 3, 1)
    with pytest.raises(IllegalAction):
        draw(game, state, "DH")


def test_ruling_the_game_ends_when_the_deck_cannot_refill_the_row() -> None:
    game = GoNuts(3)
    start = position(3, row=["GL", "PO", "PL", "JF"], deck=["DH", "DH"])
    state = reveal(game, start, 1, 2, 3)
    assert state.over and game.to_act(state) == ()
    assert row(state) == [None, None, None, "JF"]
    assert state.deck == counts(["DH", "DH"])
    outcome = game.outcome(state)
    assert outcome is not None and outcome.scores == (2.0, 3.0, 4.0)  # the lone Plain holder has the most: +3


def test_a_deck_exactly_large_enough_refills_and_play_goes_on() -> None:
    game = GoNuts(2)
    state = reveal(game, position(2, row=["GL", "PO", "PL"], deck=["DH", "DH"]), 1, 2)
    state = draw(game, draw(game, state, "DH"), "DH")
    assert not state.over and state.deck_size == 0 and row(state) == ["DH", "DH", "PL"]
    state = reveal(game, state, 1, 1)
    assert state.over and state.discard == (CODES["DH"],)


def test_powers_act_only_when_taken_from_the_row() -> None:
    game = GoNuts(2)
    state = reveal(game, position(2, row=["EC", "GL", "PL"], discard=["CF"]), 1, 2)
    assert state.hands[0] == counts(["EC", "CF"])
    assert game.to_act(state) == (CHANCE,) and state.task is None


def test_a_new_round_keeps_last_rounds_events_until_the_next_reveal() -> None:
    game = GoNuts(2)
    state = reveal(game, position(2, row=["GL", "PO", "PL"]), 1, 2)
    state = draw(game, draw(game, state, "JF"), "DH")
    kinds = [event.what.value for event in state.events]
    assert kinds == ["reveal", "take", "take", "refill", "refill"]
    state = reveal(game, state, 1, 1)
    assert [event.what.value for event in state.events][:2] == ["reveal", "clash"]


def test_refused_actions_change_nothing_and_say_why() -> None:
    game = GoNuts(2)
    state = position(2, row=["GL", "PO", "PL"])
    before = game.state_to_json(state)
    for seat, action in ((0, Pick(4)), (2, Pick(1)), (CHANCE, Draw(CODES["GL"]))):
        with pytest.raises(IllegalAction, match="go-nuts"):
            game.apply(state, seat, action)
    assert game.state_to_json(state) == before


def test_positions_refuse_unknown_cards_and_more_copies_than_the_deck_has() -> None:
    with pytest.raises(ValueError, match="code 'XX'"):
        position(2, row=["GL", "PO", "XX"])
    with pytest.raises(ValueError, match="more copies"):
        position(2, row=["FC", "PO", "PL"], hands=[["FC"]])
    with pytest.raises(ValueError, match="3 slots"):
        position(2, row=["GL", "PO"])


def test_default_action_is_the_cautious_first_option() -> None:
    game = GoNuts(4)
    state = position(4, row=["MI", "FC", "PO", "JF", "DH"], hands=[["PL", "GL", "PO"], ["GL"]])
    assert game.default_action(state, 2) == Pick(1)
    for seat, slot in enumerate((1, 2, 5, 5)):
        state = game.apply(state, seat, Pick(slot))
    assert game.to_act(state) == (0,)
    assert game.default_action(state, 0) == Forfeit()
    state = game.apply(state, 0, game.default_action(state, 0))
    assert game.to_act(state) == (1,) and game.default_action(state, 1) == Done()


def test_what_a_seat_is_asked_reads_in_plain_words() -> None:
    """Every question a seat to act is asked over random five-player games (every power's among
    them) passes the browser tests' check for notation and seats counted from 0, so a game the
    browser test happens to steer into a Sprinkled is no different."""
    from tests.browser.driver import NOTATION, ZERO_SEAT

    game = GoNuts(5)
    rng = random.Random(3)
    asked = set()
    for seed in range(12):
        state = game.start(seed)
        while seats := game.to_act(state):
            if seats == (CHANCE,):
                state = game.apply(state, CHANCE, sample_chance(game, state, rng))
                continue
            for seat in seats:
                words = game.ask(state, seat).words()
                assert not NOTATION.search(words) and not ZERO_SEAT.search(words), words
                asked.add(words.split(":")[0])
            seat = rng.choice(seats)
            state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    assert "Sprinkled" in asked, sorted(asked)


def test_every_seat_to_act_has_a_prompt_and_no_other_seat_does() -> None:
    game = GoNuts(5)
    rng = random.Random(8)
    for seed in range(3):
        state = game.start(seed)
        while seats := game.to_act(state):
            for seat in range(5):
                assert bool(game.prompt(state, seat)) == (seat in seats)
            if seats == (CHANCE,):
                state = game.apply(state, CHANCE, sample_chance(game, state, rng))
            else:
                seat = rng.choice(seats)
                state = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
