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
from holesome.games.doughnut_dash.board import QUARTER_TURNS, Layout, Terrain, parse_layout, rotation, terrain
from holesome.games.doughnut_dash.choosing import choices, choose, commit_options
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
from holesome.games.doughnut_dash.movement import Stop, dash
from holesome.games.doughnut_dash.scoring import points
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
    Happening,
    Pass,
    Phase,
    Play,
    Player,
    Ready,
    Rob,
    Sidestep,
    Spin,
    Turn,
)
from holesome.games.doughnut_dash.table import discard, draw, hide_draws, turn_of
from holesome.games.doughnut_dash.thievery import finish_thief, land, next_victim, steal

THIEVES = (0, 1)
_CHOOSING = (Phase.CHOOSE, Phase.LAST_WORD)


class DoughnutDash(Game[DashState, Action]):
    """2-4 gangs of doughnut thieves dash across a torus of factory-floor tiles."""

    name = "doughnut-dash"
    title = "Doughnut Dash"
    blurb = (
        "Your two thieves dash through a doughnut factory until something stops them: a doughnut, a rival to "
        "rob, a barrier. Walls bounce, teleports jump and the floor wraps around. Everyone picks a direction "
        "in secret, then the dashing begins. 2 to 4 players, with Sugar Rush cards to twist the plan."
    )
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
            tiles, turns, tuple(doughnuts), players, DECK, (), 1, first, Phase.CHOOSE, None, (), False, (), (), ()
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
            return choices(state, seat)
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
            return self._advance(draw(state, action.card))
        phase = state.phase
        if phase in _CHOOSING:
            state = choose(state, seat, action)
        elif isinstance(action, Play) and action.card is Card.GUARD:
            state = next_victim(discard(state, seat, Card.GUARD, Event(Happening.GUARD, seat, other=_mover(state))))
        elif isinstance(action, Pass):
            state = steal(state)
        elif isinstance(action, Spin):
            state = self._spin(state, seat, action)
        elif isinstance(action, Play):
            state = self._play(state, seat, action.card)
        elif isinstance(action, Sidestep):
            state = discard(state, seat, Card.SIDESTEP)
            state = replace(state, turn=replace(turn_of(state), sidestep=action.side))
        elif isinstance(action, Ready):
            state = replace(state, phase=Phase.THIEF, turn=replace(turn_of(state), thief=action.thief))
        elif isinstance(action, Go):
            state = self._go(state, seat, action.teleport)
        elif isinstance(action, Halt):
            path = turn_of(state).path
            assert path is not None
            state = land(state, path, action.square)
        elif isinstance(action, Rob):
            victims = tuple(victim for victim in turn_of(state).victims if victim != action.victim)
            state = replace(
                state, phase=Phase.GUARD, turn=replace(turn_of(state), victims=victims, victim=action.victim)
            )
        elif isinstance(action, Give):
            state = finish_thief(replace(state, draws=(*state.draws, action.seat)))
        return self._advance(state)

    def _play(self, state: DashState, seat: Seat, card: Card) -> DashState:
        """About Turn, Hold Still (before moving) or Leap (on the readied thief)."""
        state = discard(state, seat, card)
        if card is Card.ABOUT_TURN:
            return replace(state, turn=replace(turn_of(state), about_turn=True))
        if card is Card.HOLD_STILL:
            return replace(state, turn=replace(turn_of(state), hold_still=True))
        return replace(state, turn=replace(turn_of(state), leap=True))

    def _spin(self, state: DashState, seat: Seat, action: Spin) -> DashState:
        """Turn one tile a quarter-turn with its features, doughnuts and thieves."""
        source, target = self._spins[(action.tile, action.clockwise)]
        turns = list(state.turns)
        turns[action.tile] = (turns[action.tile] + (1 if action.clockwise else -1)) % QUARTER_TURNS
        doughnuts = tuple(state.doughnuts[square] for square in source)
        players = tuple(replace(p, thieves=(target[p.thieves[0]], target[p.thieves[1]])) for p in state.players)
        state = replace(state, turns=tuple(turns), doughnuts=doughnuts, players=players)
        return discard(state, seat, Card.SPIN, Event(Happening.SPIN, seat, square=action.tile))

    def _go(self, state: DashState, seat: Seat, teleport: bool) -> DashState:
        """Send the readied thief off; a loop waits for the mover to pick where it stops."""
        turn = turn_of(state)
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
        return land(state, path, path.end)

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
                events.append(Event(Happening.RETURN, seat))
            players.append(replace(player, hand=hand, played=played, revealed=None, commit=Commit()))
        first = (state.first + 1) % self.players
        events.append(Event(Happening.FIRST, first))
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
            events=tuple(events),
        )

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
        each other seat's secret choice anew from those its new hand allows.

        The pool dealt is every card the seat has not seen placed (deck and other hands), sorted
        first so the sample depends only on what the seat can see. Until the discards are first
        reshuffled this is exact; after that it ignores that the deck can then hold only cards
        from the reshuffled pile (a rare case: the 42-card deck seldom runs out).
        """
        if state.phase is Phase.OVER:
            return state
        others = [other for other in range(self.players) if other != seat]
        pool = sorted([*state.deck, *(card for other in others for card in state.players[other].sugar)])
        rng.shuffle(pool)
        players = list(state.players)
        for other in others:
            size = len(players[other].sugar)
            hand, pool = tuple(sorted(pool[:size])), pool[size:]
            player = replace(players[other], sugar=hand)
            if player.commit is not None:
                player = replace(player, commit=rng.choice(commit_options(player, state.phase)))
            players[other] = player
        return replace(
            state,
            players=tuple(players),
            deck=tuple(sorted(pool)),
            events=hide_draws(state.events, seat),
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


def _mover(state: DashState) -> Seat:
    return turn_of(state).seat


def _is_turn_over(turn: Turn) -> bool:
    """Both thieves moved, or one under Hold Still."""
    return len(turn.moved) == len(THIEVES) or (turn.hold_still and len(turn.moved) == 1)
