"""Doughnut Dash (Ellie Dix, 2020): the rules of `../shared/rules/doughnut-dash.md`.

| players | 2-4, seated at the corners clockwise |
| actions | small menus (see `notation`): choose, Sugar Rush plays, ready/go, stop, rob, give, pass |
| chance | each Sugar Rush draw (`Draw(card)`, by the deck multiset's counts) |
| hidden | Sugar Rush hands, the deck's order (none is stored), directions until the reveal |
| ends | at the end of a round in which at most 1 Ketchup was left or a stack reached its maximum |
| options | `layout`: tile grid rows x columns, default `4x4` |

A round: every seat commits a direction in secret (Second Wind and Last Word are played into
that commitment); the reveal; then from the first player clockwise each mover readies her
thieves one at a time, each with its own menu, and sends them off. A victim about to be robbed
always gets a Guard-or-pass decision, so that being asked reveals nothing about her hand.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from functools import cached_property

from holesome.core.errors import InvalidOption
from holesome.core.game import CHANCE, Game, Option, Outcome, Seat, View
from holesome.games.doughnut_dash import notation, view
from holesome.games.doughnut_dash.board import Layout, Terrain, parse_layout, rotation, terrain
from holesome.games.doughnut_dash.components import (
    DECK,
    DIRECTIONS,
    DOUGHNUT_COUNTS,
    LEFT_OF,
    OPPOSITE,
    REMOVED,
    RIGHT_OF,
    TILES,
    Card,
    Doughnut,
    Side,
)
from holesome.games.doughnut_dash.movement import Path, Stop, dash
from holesome.games.doughnut_dash.scoring import MAX_STACK, points
from holesome.games.doughnut_dash.state import (
    Action,
    Choose,
    Commit,
    DashState,
    Draw,
    Event,
    Give,
    Go,
    Halt,
    Pass,
    Phase,
    Play,
    Player,
    Ready,
    Rob,
    Sidestep,
    Spin,
    Trail,
    Turn,
)

KETCHUP_LEFT_TO_END = 1
QUARTER_TURNS = 4
THIEVES = (0, 1)
_CHOOSING = (Phase.CHOOSE, Phase.LAST_WORD)
_TURN_CARDS = (Card.ABOUT_TURN, Card.HOLD_STILL)


class DoughnutDash(Game[DashState, Action]):
    """2-4 gangs of doughnut thieves dash across a torus of factory-floor tiles."""

    name = "doughnut-dash"
    title = "Doughnut Dash"
    version = 1
    player_counts = (2, 3, 4)
    default_players = 4
    option_specs = (
        Option(
            "layout",
            "4x4",
            "the floor as tile rows x columns, like 3x5 (at most as many tiles as the tile set has)",
        ),
    )
    state_type = DashState
    action_type = Action

    def __init__(self, players: int | None = None, **options: object) -> None:
        super().__init__(players, **options)
        self.layout: Layout = parse_layout(str(self.options["layout"]))
        self._spins = {
            (tile, clockwise): _spin_tables(self.layout, tile, clockwise)
            for tile in range(self.layout.tiles)
            for clockwise in (True, False)
        }

    def _check_options(self) -> None:
        try:
            layout = parse_layout(str(self.options["layout"]))
        except ValueError as error:
            raise InvalidOption(f"{self.name}: option layout: {error}") from None
        if layout.rows < 2 or layout.cols < 2 or layout.tiles > len(TILES):
            raise InvalidOption(
                f"{self.name}: option layout {self.options['layout']!r} needs 2 to {len(TILES)} tiles "
                "with at least 2 rows and 2 columns"
            )

    # Setup and whose decision it is.

    def start(self, seed: int) -> DashState:
        """Shuffle and turn the tiles, seat the thieves, fill every other square, pick the first player."""
        rng = random.Random(seed)
        ids = [tile.id for tile in TILES]
        rng.shuffle(ids)
        tiles = tuple(ids[: self.layout.tiles])
        turns = tuple(rng.randrange(QUARTER_TURNS) for _ in tiles)
        starts = self.layout.start_squares(self.players)
        removed = REMOVED.get(self.players, {})
        bag = [kind for kind, count in DOUGHNUT_COUNTS.items() for _ in range(count - removed.get(kind, 0))]
        rng.shuffle(bag)
        taken = {square for pair in starts for square in pair}
        free = [square for square in range(self.layout.size) if square not in taken]
        doughnuts: list[Doughnut | None] = [None] * self.layout.size
        for square, doughnut in zip(free, bag, strict=False):
            doughnuts[square] = doughnut
        first = rng.randrange(self.players)
        players = tuple(Player(pair, (), DIRECTIONS, (), (), Commit(), None) for pair in starts)
        return DashState(
            tiles, turns, tuple(doughnuts), players, DECK, (), 1, first, Phase.CHOOSE, None, (), False, (), (), (), ()
        )

    def to_act(self, state: DashState) -> tuple[Seat, ...]:
        if state.draws:
            return (CHANCE,)
        phase = state.phase
        if phase in _CHOOSING:
            return tuple(seat for seat, p in enumerate(state.players) if p.commit is not None and not p.commit.is_done)
        if phase is Phase.OVER or state.turn is None:
            return ()
        if phase is Phase.GUARD and state.turn.victim is not None:
            return (state.turn.victim,)
        return (state.turn.seat,)

    def legal_actions(self, state: DashState, seat: Seat) -> tuple[Action, ...]:
        if seat == CHANCE or seat not in self.to_act(state):
            return ()
        phase, turn = state.phase, state.turn
        if phase in _CHOOSING:
            return self._choices(state, seat)
        assert turn is not None
        sugar = state.players[seat].sugar
        if phase is Phase.TURN:
            return self._turn_actions(state, turn, sugar)
        if phase is Phase.THIEF:
            return self._thief_actions(state, turn, sugar)
        if phase is Phase.LOOP:
            assert turn.path is not None
            return tuple(Halt(square) for square in turn.path.loop)
        if phase is Phase.STEAL:
            return tuple(Rob(victim) for victim in turn.victims)
        if phase is Phase.GUARD:
            return (Pass(), Play(Card.GUARD)) if Card.GUARD in sugar else (Pass(),)
        return tuple(Give(other) for other in turn.tied)

    def _choices(self, state: DashState, seat: Seat) -> tuple[Action, ...]:
        player = state.players[seat]
        commit = player.commit
        assert commit is not None
        hand = DIRECTIONS if commit.second_wind else player.hand
        actions: list[Action] = [Choose(direction) for direction in hand]
        if not commit.second_wind and _can_wind(player):
            actions.append(Play(Card.SECOND_WIND))
        if state.phase is Phase.CHOOSE and Card.LAST_WORD in player.sugar:
            actions.append(Play(Card.LAST_WORD))
        return tuple(actions)

    def _turn_actions(self, state: DashState, turn: Turn, sugar: tuple[Card, ...]) -> tuple[Action, ...]:
        actions: list[Action] = [Ready(thief) for thief in THIEVES if thief not in turn.moved]
        if not turn.moved:
            if Card.ABOUT_TURN in sugar and not turn.about_turn:
                actions.append(Play(Card.ABOUT_TURN))
            if Card.HOLD_STILL in sugar and not turn.hold_still:
                actions.append(Play(Card.HOLD_STILL))
        if Card.SPIN in sugar:
            actions.extend(Spin(tile, clockwise) for tile in range(self.layout.tiles) for clockwise in (True, False))
        return tuple(actions)

    def _thief_actions(self, state: DashState, turn: Turn, sugar: tuple[Card, ...]) -> tuple[Action, ...]:
        assert turn.thief is not None
        actions: list[Action] = [Go(teleport=False)]
        square = state.players[turn.seat].thieves[turn.thief]
        if self.floor(state).partner[square] is not None:
            actions.append(Go(teleport=True))
        if Card.LEAP in sugar and not turn.leap:
            actions.append(Play(Card.LEAP))
        if Card.SIDESTEP in sugar and turn.sidestep is None:
            actions.extend(Sidestep(side) for side in Side)
        return tuple(actions)

    def chance_outcomes(self, state: DashState) -> tuple[tuple[Action, float], ...]:
        """The next card of a deck with no order: each kind by its share of the deck multiset.

        An empty deck is the shuffled discard pile: its cards become the new deck.
        """
        if not state.draws:
            return ()
        pool = state.deck or state.discards
        counts = Counter(pool)
        return tuple((Draw(card), counts[card] / len(pool)) for card in sorted(counts))

    # Applying actions.

    def _apply(self, state: DashState, seat: Seat, action: Action) -> DashState:
        if isinstance(action, Draw):
            return self._advance(_draw(state, action.card))
        phase = state.phase
        if phase in _CHOOSING:
            state = self._choose(state, seat, action)
        elif isinstance(action, Play) and action.card is Card.GUARD:
            state = self._next_victim(_discard(state, seat, Card.GUARD, Event("guard", seat, other=_mover(state))))
        elif isinstance(action, Pass):
            state = self._steal(state)
        elif isinstance(action, Spin):
            state = self._spin(state, seat, action)
        elif isinstance(action, Play):
            state = self._play(state, seat, action.card)
        elif isinstance(action, Sidestep):
            state = _discard(state, seat, Card.SIDESTEP)
            state = replace(state, turn=replace(_turn(state), sidestep=action.side))
        elif isinstance(action, Ready):
            state = replace(state, phase=Phase.THIEF, turn=replace(_turn(state), thief=action.thief))
        elif isinstance(action, Go):
            state = self._go(state, seat, action.teleport)
        elif isinstance(action, Halt):
            path = _turn(state).path
            assert path is not None
            state = self._land(state, path, action.square)
        elif isinstance(action, Rob):
            victims = tuple(victim for victim in _turn(state).victims if victim != action.victim)
            state = replace(state, phase=Phase.GUARD, turn=replace(_turn(state), victims=victims, victim=action.victim))
        elif isinstance(action, Give):
            state = self._finish_thief(replace(state, draws=(*state.draws, action.seat)))
        return self._advance(state)

    def _choose(self, state: DashState, seat: Seat, action: Action) -> DashState:
        """Record one seat's secret choice; reveal when the last seat has chosen."""
        player = state.players[seat]
        commit = player.commit
        assert commit is not None
        if isinstance(action, Choose):
            commit = replace(commit, direction=action.direction)
        elif isinstance(action, Play) and action.card is Card.SECOND_WIND:
            commit = replace(commit, second_wind=True)
        else:
            commit = replace(commit, last_word=True)
        state = _with_player(state, seat, replace(player, commit=commit))
        if self.to_act(state):
            return state
        return _reveal(state)

    def _play(self, state: DashState, seat: Seat, card: Card) -> DashState:
        """About Turn, Hold Still (before moving) or Leap (on the readied thief)."""
        state = _discard(state, seat, card)
        if card is Card.ABOUT_TURN:
            return replace(state, turn=replace(_turn(state), about_turn=True))
        if card is Card.HOLD_STILL:
            return replace(state, turn=replace(_turn(state), hold_still=True))
        return replace(state, turn=replace(_turn(state), leap=True))

    def _spin(self, state: DashState, seat: Seat, action: Spin) -> DashState:
        """Turn one tile a quarter-turn with its features, doughnuts and thieves."""
        source, target = self._spins[(action.tile, action.clockwise)]
        turns = list(state.turns)
        turns[action.tile] = (turns[action.tile] + (1 if action.clockwise else -1)) % QUARTER_TURNS
        doughnuts = tuple(state.doughnuts[square] for square in source)
        players = tuple(replace(p, thieves=(target[p.thieves[0]], target[p.thieves[1]])) for p in state.players)
        state = replace(state, turns=tuple(turns), doughnuts=doughnuts, players=players)
        return _discard(state, seat, Card.SPIN, Event("spin", seat, square=action.tile))

    def _go(self, state: DashState, seat: Seat, teleport: bool) -> DashState:
        """Send the readied thief off; a loop waits for the mover to pick where it stops."""
        turn = _turn(state)
        assert turn.thief is not None
        player = state.players[seat]
        heading = player.revealed
        assert heading is not None
        if turn.about_turn:
            heading = OPPOSITE[heading]
        if turn.sidestep is not None:
            heading = (LEFT_OF if turn.sidestep is Side.LEFT else RIGHT_OF)[heading]
        rivals = {square for other, p in enumerate(state.players) if other != seat for square in p.thieves}
        path = dash(
            self.layout,
            self.floor(state),
            state.doughnuts,
            rivals,
            start=player.thieves[turn.thief],
            heading=heading,
            leap=turn.leap,
            teleport=teleport,
        )
        if path.stop is Stop.LOOP:
            return replace(state, phase=Phase.LOOP, turn=replace(turn, path=path))
        return self._land(state, path, path.end)

    def _land(self, state: DashState, path: Path, end: int) -> DashState:
        """Put the thief on `end`, then take the doughnut there or rob the thieves there."""
        turn = _turn(state)
        seat, thief = turn.seat, turn.thief
        assert thief is not None
        player = state.players[seat]
        thieves = (end, player.thieves[1]) if thief == 0 else (player.thieves[0], end)
        state = _with_player(state, seat, replace(player, thieves=thieves))
        state = replace(state, trails=(*state.trails, Trail(seat, thief, path, end)), turn=replace(turn, path=None))
        doughnut = state.doughnuts[end]
        if doughnut is not None:
            return self._take(state, seat, end, doughnut)
        victims = tuple(
            other for other, p in enumerate(state.players) if other != seat and end in p.thieves and p.stack
        )
        return self._next_victim(replace(state, turn=replace(_turn(state), victims=victims)))

    def _take(self, state: DashState, seat: Seat, square: int, doughnut: Doughnut) -> DashState:
        """Take a doughnut off the board; Strawberry Lemonade and Blueberry Violet make someone draw."""
        doughnuts = list(state.doughnuts)
        doughnuts[square] = None
        player = state.players[seat]
        state = _with_player(state, seat, replace(player, stack=(*player.stack, doughnut)))
        state = replace(
            state,
            doughnuts=tuple(doughnuts),
            events=(*state.events, Event("take", seat, doughnut=doughnut, square=square)),
        )
        state = self._check_end(state)
        if doughnut is Doughnut.STRAWBERRY_LEMONADE:
            state = replace(state, draws=(*state.draws, seat))
        elif doughnut is Doughnut.BLUEBERRY_VIOLET:
            others = [other for other in range(self.players) if other != seat]
            fewest = min(len(state.players[other].stack) for other in others)
            tied = tuple(other for other in others if len(state.players[other].stack) == fewest)
            if len(tied) > 1:
                return replace(state, phase=Phase.BLUEBERRY, turn=replace(_turn(state), tied=tied))
            state = replace(state, draws=(*state.draws, tied[0]))
        return self._finish_thief(state)

    def _next_victim(self, state: DashState) -> DashState:
        """Rob the next victim: the mover picks among several; the victim may Guard."""
        turn = _turn(state)
        if not turn.victims:
            return self._finish_thief(state)
        if len(turn.victims) > 1:
            return replace(state, phase=Phase.STEAL, turn=replace(turn, victim=None))
        return replace(state, phase=Phase.GUARD, turn=replace(turn, victims=(), victim=turn.victims[0]))

    def _steal(self, state: DashState) -> DashState:
        """The victim passed: the mover takes the top of her stack, and she draws a card."""
        turn = _turn(state)
        victim = turn.victim
        assert victim is not None
        robbed = state.players[victim]
        mover = state.players[turn.seat]
        doughnut = robbed.stack[-1]
        state = _with_player(state, victim, replace(robbed, stack=robbed.stack[:-1]))
        state = _with_player(state, turn.seat, replace(mover, stack=(*mover.stack, doughnut)))
        event = Event("steal", turn.seat, other=victim, doughnut=doughnut)
        state = replace(state, draws=(*state.draws, victim), events=(*state.events, event))
        return self._next_victim(self._check_end(state))

    def _finish_thief(self, state: DashState) -> DashState:
        turn = _turn(state)
        assert turn.thief is not None
        moved = (*turn.moved, turn.thief)
        done = Turn(turn.seat, turn.about_turn, turn.hold_still, moved)
        return replace(state, phase=Phase.TURN, turn=done)

    def _advance(self, state: DashState) -> DashState:
        """Settle what needs no decision: drop draws nobody can make, end turns and rounds.

        A finished turn waits for its queued draws, so the round (and the game) ends only once
        every card due has been drawn.
        """
        while True:
            if state.draws:
                if state.deck or state.discards:
                    return state
                state = replace(state, draws=())
            turn = state.turn
            if state.phase is not Phase.TURN or turn is None or not _is_turn_over(turn):
                return state
            following = (turn.seat + 1) % self.players
            state = self._end_round(state) if following == state.first else replace(state, turn=Turn(following))

    def _end_round(self, state: DashState) -> DashState:
        """Hands of one card take their played cards back; the first-player card passes on."""
        events = list(state.events)
        players = []
        for seat, player in enumerate(state.players):
            hand, played = player.hand, player.played
            if len(hand) == 1:
                hand, played = DIRECTIONS, ()
                events.append(Event("return", seat))
            players.append(replace(player, hand=hand, played=played, revealed=None, commit=Commit()))
        first = (state.first + 1) % self.players
        events.append(Event("first", first))
        over = state.ending
        if over:
            players = [replace(player, commit=None) for player in players]
        return replace(
            state,
            players=tuple(players),
            first=first,
            round=state.round if over else state.round + 1,
            phase=Phase.OVER if over else Phase.CHOOSE,
            turn=None,
            trails=(),
            last_trails=state.trails,
            events=(),
            last_events=tuple(events),
        )

    def _check_end(self, state: DashState) -> DashState:
        """Note when an end condition holds: the round then finishes and the game ends."""
        if state.ending:
            return state
        ketchup = state.doughnuts.count(Doughnut.KETCHUP)
        tallest = max(len(player.stack) for player in state.players)
        if ketchup <= KETCHUP_LEFT_TO_END or tallest >= MAX_STACK[self.players]:
            return replace(state, ending=True)
        return state

    # Results and information.

    def outcome(self, state: DashState) -> Outcome | None:
        """Most points wins; a tie goes to most Ketchup; a tie on that is a shared win."""
        if state.phase is not Phase.OVER:
            return None
        scores = tuple(points(p.stack, p.sugar) for p in state.players)
        ketchup = tuple(p.stack.count(Doughnut.KETCHUP) for p in state.players)
        best = max(scores)
        leaders = [seat for seat, score in enumerate(scores) if score == best]
        most = max(ketchup[seat] for seat in leaders)
        winners = tuple(seat for seat in leaders if ketchup[seat] == most)
        details = {
            "ketchup": list(ketchup),
            "stacks": [[str(d) for d in p.stack] for p in state.players],
            "sugar_rush": [[str(c) for c in p.sugar] for p in state.players],
        }
        return Outcome(tuple(float(score) for score in scores), winners, details)

    def score(self, state: DashState, seat: Seat) -> float:
        """The seat's points now: its doughnuts and its unplayed Sugar Rush cards."""
        player = state.players[seat]
        return float(points(player.stack, player.sugar))

    def default_action(self, state: DashState, seat: Seat) -> Action:
        """A seat out of time plays no Sugar Rush card: it chooses its first direction card in
        N, E, S, W order, readies its first unmoved thief, goes without teleporting, passes on
        Guard, and otherwise takes the first choice offered (lowest square, lowest seat)."""
        return self.legal_actions(state, seat)[0]

    def determinize(self, state: DashState, seat: Seat, rng: random.Random) -> DashState:
        """Deal the deck and the other seats' Sugar Rush cards afresh (sizes kept), then pick
        each other seat's secret choice anew from those its new hand allows."""
        if state.phase is Phase.OVER:
            return state
        others = [other for other in range(self.players) if other != seat]
        pool = list(state.deck) + [card for other in others for card in state.players[other].sugar]
        rng.shuffle(pool)
        players = list(state.players)
        for other in others:
            size = len(players[other].sugar)
            hand, pool = tuple(sorted(pool[:size])), pool[size:]
            player = replace(players[other], sugar=hand)
            if player.commit is not None:
                player = replace(player, commit=rng.choice(_commit_options(player, state.phase)))
            players[other] = player
        return replace(
            state,
            players=tuple(players),
            deck=tuple(sorted(pool)),
            events=_hide_draws(state.events, seat),
            last_events=_hide_draws(state.last_events, seat),
        )

    def prompt(self, state: DashState, seat: Seat) -> str:
        return view.prompt(self, state, seat)

    def view(self, state: DashState, seat: Seat | None) -> View:
        return view.build(self, state, seat)

    @cached_property
    def _space(self) -> tuple[Action, ...]:
        plays = (Card.ABOUT_TURN, Card.HOLD_STILL, Card.SECOND_WIND, Card.LAST_WORD, Card.LEAP, Card.GUARD)
        return (
            *(Choose(direction) for direction in DIRECTIONS),
            *(Play(card) for card in plays),
            *(Sidestep(side) for side in Side),
            *(Spin(tile, clockwise) for tile in range(self.layout.tiles) for clockwise in (True, False)),
            *(Ready(thief) for thief in THIEVES),
            Go(teleport=False),
            Go(teleport=True),
            *(Halt(square) for square in range(self.layout.size)),
            *(Rob(seat) for seat in range(self.players)),
            *(Give(seat) for seat in range(self.players)),
            Pass(),
            *(Draw(card) for card in Card),
        )

    @property
    def action_space(self) -> tuple[Action, ...]:
        return self._space

    def action_to_text(self, action: Action) -> str:
        return notation.to_text(action, self.layout)

    def floor(self, state: DashState) -> Terrain:
        """The features of every square as the tiles now lie, with teleport partners."""
        return terrain(self.layout, state.tiles, state.turns)


def _spin_tables(layout: Layout, tile: int, clockwise: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For a quarter-turn of one tile: where each square's new content comes from, and goes to."""
    source = rotation(layout.size, layout.tile_squares[tile], clockwise)
    target = [0] * layout.size
    for square, origin in enumerate(source):
        target[origin] = square
    return source, tuple(target)


def _turn(state: DashState) -> Turn:
    assert state.turn is not None
    return state.turn


def _mover(state: DashState) -> Seat:
    return _turn(state).seat


def _with_player(state: DashState, seat: Seat, player: Player) -> DashState:
    return replace(state, players=(*state.players[:seat], player, *state.players[seat + 1 :]))


def _without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    index = cards.index(card)
    return cards[:index] + cards[index + 1 :]


def _discard(state: DashState, seat: Seat, card: Card, event: Event | None = None) -> DashState:
    """Play a Sugar Rush card from the seat's hand onto the discard pile."""
    player = state.players[seat]
    state = _with_player(state, seat, replace(player, sugar=_without(player.sugar, card)))
    shown = event if event is not None else Event("play", seat, card=card)
    return replace(state, discards=(*state.discards, card), events=(*state.events, shown))


def _draw(state: DashState, card: Card) -> DashState:
    """The first seat due to draw takes `card`; an empty deck is first refilled from the discards."""
    seat, events = state.draws[0], list(state.events)
    deck, discards = state.deck, state.discards
    if not deck:
        deck, discards = tuple(sorted(discards)), ()
        events.append(Event("reshuffle", seat))
    player = state.players[seat]
    events.append(Event("draw", seat, card=card))
    state = _with_player(state, seat, replace(player, sugar=tuple(sorted((*player.sugar, card)))))
    return replace(state, deck=_without(deck, card), discards=discards, draws=state.draws[1:], events=tuple(events))


def _reveal(state: DashState) -> DashState:
    """Turn every commitment face up: Second Wind and Last Word take effect, directions are played.

    Seats that played Last Word then choose again, after everyone else's reveal.
    """
    players = list(state.players)
    discards, events = list(state.discards), list(state.events)
    waiting = False
    for seat, player in enumerate(players):
        commit = player.commit
        if commit is None:
            continue
        hand, played, sugar = player.hand, player.played, player.sugar
        if commit.second_wind:
            hand, played, sugar = DIRECTIONS, (), _without(sugar, Card.SECOND_WIND)
            discards.append(Card.SECOND_WIND)
            events.append(Event("play", seat, card=Card.SECOND_WIND))
        if commit.last_word:
            sugar = _without(sugar, Card.LAST_WORD)
            discards.append(Card.LAST_WORD)
            events.append(Event("play", seat, card=Card.LAST_WORD))
            players[seat] = replace(player, hand=hand, played=played, sugar=sugar, commit=Commit())
            waiting = True
            continue
        direction = commit.direction
        assert direction is not None
        hand = tuple(card for card in hand if card is not direction)
        events.append(Event("reveal", seat, direction=direction))
        players[seat] = replace(
            player, hand=hand, played=(*played, direction), sugar=sugar, commit=None, revealed=direction
        )
    state = replace(state, players=tuple(players), discards=tuple(discards), events=tuple(events))
    if waiting:
        return replace(state, phase=Phase.LAST_WORD)
    return replace(state, phase=Phase.TURN, turn=Turn(state.first))


def _is_turn_over(turn: Turn) -> bool:
    """Both thieves moved, or one under Hold Still."""
    return len(turn.moved) == len(THIEVES) or (turn.hold_still and len(turn.moved) == 1)


def _can_wind(player: Player) -> bool:
    """Second Wind is worth playing only with played direction cards to take back."""
    return Card.SECOND_WIND in player.sugar and bool(player.played)


def _commit_options(player: Player, phase: Phase) -> list[Commit]:
    """Every secret choice the player could have made so far, for determinize."""
    commit = player.commit
    assert commit is not None
    wind = [False, True] if _can_wind(player) else [False]
    if not commit.is_done:
        return [Commit(second_wind=w) for w in wind]
    options = [Commit(direction=d) for d in player.hand]
    if True in wind:
        options += [Commit(second_wind=True, direction=d) for d in DIRECTIONS]
    if phase is Phase.CHOOSE and Card.LAST_WORD in player.sugar:
        options += [Commit(second_wind=w, last_word=True) for w in wind]
    return options


def _hide_draws(events: tuple[Event, ...], seat: Seat) -> tuple[Event, ...]:
    """Forget which cards other seats drew (the seat never saw them)."""
    return tuple(
        replace(event, card=None) if event.kind == "draw" and event.seat != seat else event for event in events
    )
