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
from bisect import bisect_right
from collections.abc import Hashable
from functools import cached_property
from operator import itemgetter
from typing import Any

from holesome.core.ask import Ask
from holesome.core.errors import InvalidOption
from holesome.core.game import CHANCE, Game, Option, Outcome, Seat, View, lead_values
from holesome.games.doughnut_dash import notation, view
from holesome.games.doughnut_dash.board import QUARTER_TURNS, Layout, Terrain, parse_layout, rotation, spun, terrain
from holesome.games.doughnut_dash.choosing import choices, choose, commit_options, is_choosing
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
    DRAWS,
    GO,
    PASS,
    PLAYS,
    READY,
    SIDESTEPS,
    Action,
    Choose,
    Commit,
    DashState,
    Draw,
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
    make_event,
    make_state,
    make_turn,
    replace_player,
    replace_state,
    replace_turn,
)
from holesome.games.doughnut_dash.table import discard, draw, hide_draws, turn_of
from holesome.games.doughnut_dash.thievery import finish_thief, land, next_victim, steal

THIEVES = (0, 1)
EVALUATION_STEPS = 10
"""Random steps per seat the search's leaf evaluation plays before judging (about two rounds)."""
SCORE_SPREAD = 5.0
"""The lead in points that `cutoff_values` counts as worth a factor of e in the odds."""
_FLOORS_KEPT = 4096
_CHOOSE, _LAST_WORD, _TURN, _THIEF, _LOOP = Phase.CHOOSE, Phase.LAST_WORD, Phase.TURN, Phase.THIEF, Phase.LOOP
_STEAL, _GUARD, _OVER = Phase.STEAL, Phase.GUARD, Phase.OVER
_GUARD_CARD, _SPIN_CARD, _LEAP_CARD = Card.GUARD, Card.SPIN, Card.LEAP
_ABOUT_TURN, _HOLD_STILL, _SIDESTEP = Card.ABOUT_TURN, Card.HOLD_STILL, Card.SIDESTEP
_LEFT, _ENDLESS = Side.LEFT, Stop.LOOP
_RETURN, _FIRST = Happening.RETURN, Happening.FIRST
"""Enum members read once: on Python 3.11 reading `Phase.TURN` goes through the enum's metaclass
`__getattr__`, several times slower than a global, and every step reads a few."""
_CHOOSING = (_CHOOSE, _LAST_WORD)
_UNMOVED = ((READY[1],), (READY[0],))
"""The turn menu's thieves left to ready, by the one that has moved."""
_GO_ONLY = GO[:1]
_THIEF_MENUS: dict[tuple[bool, bool, bool], tuple[Action, ...]] = {
    (teleport, leap, sidestep): (
        *(GO if teleport else _GO_ONLY),
        *((PLAYS[Card.LEAP],) if leap else ()),
        *(SIDESTEPS if sidestep else ()),
    )
    for teleport in (False, True)
    for leap in (False, True)
    for sidestep in (False, True)
}
"""The readied thief's menu by whether it stands on a teleport with a partner, may Leap, may Sidestep."""
_PASS_ONLY = (PASS,)
_CHANCE_ONLY = (CHANCE,)
_UNCOMMITTED = Commit()
"""A new round's empty commitment, shared (it is immutable)."""
_GUARD_OR_PASS = (PASS, PLAYS[Card.GUARD])


LAYOUTS = ((4, 4), (2, 8), (8, 2))
"""The tile grids (rows, columns) a floor may take: every layout uses all 16 tiles, so the doughnut
counts and end conditions hold (the Ruling on layouts)."""


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
            "the floor as tile rows x columns: 4x4, or 2x8 or 8x2 for experienced players (all 16 tiles)",
            label="Floor layout",
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
        # The last answers of `to_act` and `legal_actions`, by the state's identity: a driver asks
        # both, then `apply` asks both again for the same state (states are immutable).
        self._seats_asked: tuple[DashState | None, tuple[Seat, ...]] = (None, ())
        self._menu_asked: tuple[DashState | None, Seat, tuple[Action, ...]] = (None, 0, ())
        self._draws_asked: tuple[DashState | None, tuple[tuple[Action, float], ...]] = (None, ())
        self._spin_actions = tuple(
            Spin(tile, clockwise) for tile in range(self.layout.tiles) for clockwise in (True, False)
        )
        self._halts = tuple(Halt(square) for square in range(self.layout.size))
        self._robs = tuple(Rob(seat) for seat in range(self.players))
        self._gives = tuple(Give(seat) for seat in range(self.players))
        self._alone = tuple((seat,) for seat in range(self.players))
        self._turn_menus = _turn_menus(self._spin_actions)
        self._floor_asked: tuple[tuple[int, ...], tuple[int, ...], Terrain | None] = ((), (), None)
        self._floors: dict[tuple[tuple[int, ...], tuple[int, ...]], Terrain] = {}
        # The setup every game shares, made once: the doughnuts to shuffle, where they go (the
        # squares without a thief, in order; squares left over stay empty), the seated players.
        starts = self.layout.start_squares(self.players)
        removed = REMOVED.get(self.players, {})
        self._bag = [kind for kind, count in DOUGHNUT_COUNTS.items() for _ in range(count - removed.get(kind, 0))]
        taken = {square for pair in starts for square in pair}
        free = [square for square in range(self.layout.size) if square not in taken]
        places = dict(zip(free, range(len(self._bag)), strict=False))
        self._lay_out = itemgetter(*(places.get(square, len(self._bag)) for square in range(self.layout.size)))
        self._seated = tuple(Player(pair, (), DIRECTIONS, (), (), Commit(), None) for pair in starts)

    def _check_options(self) -> None:
        text = str(self.options["layout"])
        try:
            layout = parse_layout(text)
        except ValueError:
            layout = None
        if layout is None or (layout.rows, layout.cols) not in LAYOUTS:
            raise InvalidOption(
                f"{self.name}: option layout {text!r} is not a floor of all {len(TILES)} tiles; "
                f"layouts: {', '.join(f'{rows}x{cols}' for rows, cols in LAYOUTS)}"
            )

    # Setup and whose decision it is.

    def start(self, seed: int) -> DashState:
        """Shuffle and turn the tiles, seat the thieves, fill every other square, pick the first player."""
        rng = random.Random(seed)
        ids = [tile.id for tile in TILES]
        rng.shuffle(ids)
        tiles = tuple(ids[: self.layout.tiles])
        turns = tuple(rng.randrange(QUARTER_TURNS) for _ in tiles)
        bag: list[Doughnut | None] = [*self._bag]
        rng.shuffle(bag)
        doughnuts: tuple[Doughnut | None, ...] = self._lay_out([*bag, None])
        first = rng.randrange(self.players)
        return make_state(
            tiles, turns, doughnuts, self._seated, DECK, (), 1, first, _CHOOSE, None, (), False, (), (), ()
        )

    def to_act(self, state: DashState) -> tuple[Seat, ...]:
        asked, seats = self._seats_asked
        if asked is not state:
            seats = self._to_act(state)
            self._seats_asked = (state, seats)
        return seats

    def _to_act(self, state: DashState) -> tuple[Seat, ...]:
        if state.draws:
            return _CHANCE_ONLY
        phase = state.phase
        if phase is _CHOOSE or phase is _LAST_WORD:
            return tuple([seat for seat, p in enumerate(state.players) if is_choosing(p)])
        turn = state.turn
        if phase is _OVER or turn is None:
            return ()
        if phase is _GUARD and turn.victim is not None:
            return self._alone[turn.victim]
        return self._alone[turn.seat]

    def legal_actions(self, state: DashState, seat: Seat) -> tuple[Action, ...]:
        asked, asked_seat, menu = self._menu_asked
        if asked is not state or asked_seat != seat:
            menu = self._legal_actions(state, seat)
            self._menu_asked = (state, seat, menu)
        return menu

    def is_legal(self, state: DashState, seat: Seat, action: Action) -> bool:
        """The action is on the seat's menu: asked of a state whose menu was just listed, as
        `apply` asks after a driver, this costs no second listing."""
        return action in self.legal_actions(state, seat)

    def apply(self, state: DashState, seat: Seat, action: Action) -> DashState:
        """`Game.apply`; an action from the menu (or the chance outcomes) just listed for this
        state and seat, as drivers play, needs no second look at whose turn it is."""
        if seat == CHANCE:
            asked, outcomes = self._draws_asked
            if asked is state and isinstance(action, Draw):
                for outcome, _ in outcomes:  # every listed draw has a positive chance
                    if outcome is action:
                        return self._advance(draw(state, action.card))
        else:
            asked, asked_seat, menu = self._menu_asked
            if asked is state and asked_seat == seat and _is_listed(menu, action):
                return self._apply(state, seat, action)
        return super().apply(state, seat, action)

    def _legal_actions(self, state: DashState, seat: Seat) -> tuple[Action, ...]:
        asked, seats = self._seats_asked
        if asked is not state:
            seats = self.to_act(state)
        if seat == CHANCE or seat not in seats:
            return ()
        phase, turn = state.phase, state.turn
        sugar = state.players[seat].sugar
        if phase is _TURN:
            assert turn is not None
            return self._turn_actions(turn, sugar)
        if phase is _THIEF:
            assert turn is not None
            return self._thief_actions(state, turn, sugar)
        if phase is _CHOOSE or phase is _LAST_WORD:
            return choices(state, seat)
        assert turn is not None
        if phase is _LOOP:
            assert turn.path is not None
            return tuple(self._halts[square] for square in turn.path.loop)
        if phase is _STEAL:
            return tuple(self._robs[victim] for victim in turn.victims)
        if phase is _GUARD:
            return _GUARD_OR_PASS if _GUARD_CARD in sugar else _PASS_ONLY
        return tuple(self._gives[other] for other in turn.tied)

    def _turn_actions(self, turn: Turn, sugar: tuple[Card, ...]) -> tuple[Action, ...]:
        moved = turn.moved
        if not sugar:
            return _UNMOVED[moved[0]] if moved else READY
        about = not moved and _ABOUT_TURN in sugar and not turn.about_turn
        hold = not moved and _HOLD_STILL in sugar and not turn.hold_still
        return self._turn_menus[moved[0] if moved else None, about, hold, _SPIN_CARD in sugar]

    def _thief_actions(self, state: DashState, turn: Turn, sugar: tuple[Card, ...]) -> tuple[Action, ...]:
        assert turn.thief is not None
        square = state.players[turn.seat].thieves[turn.thief]
        teleport = self.floor(state).partner[square] is not None
        if not sugar:
            return GO if teleport else _GO_ONLY
        return _THIEF_MENUS[
            teleport, _LEAP_CARD in sugar and not turn.leap, _SIDESTEP in sugar and turn.sidestep is None
        ]

    def chance_outcomes(self, state: DashState) -> tuple[tuple[Action, float], ...]:
        """The next card of a deck with no order: each kind by its share of the deck multiset.

        An empty deck is the shuffled discard pile: its cards become the new deck.
        """
        if not state.draws:
            return ()
        asked, outcomes = self._draws_asked
        if asked is not state:
            pool = state.deck or tuple(sorted(state.discards))  # the deck is kept sorted, the discards are not
            outcomes = _odds(pool)
            self._draws_asked = (state, outcomes)
        return outcomes

    # Applying actions.

    def _apply(self, state: DashState, seat: Seat, action: Action) -> DashState:
        # The commonest steps first. Readying a thief and choosing (a reveal starts a turn that
        # has moved nothing) leave nothing for `_advance` to settle.
        if isinstance(action, Go):
            return self._advance(self._go(state, seat, action.teleport))
        if isinstance(action, Ready):
            turn = state.turn
            assert turn is not None
            return replace_state(state, phase=_THIEF, turn=replace_turn(turn, thief=action.thief))
        if isinstance(action, Draw):
            return self._advance(draw(state, action.card))
        phase = state.phase
        if phase is _CHOOSE or phase is _LAST_WORD:
            return choose(state, seat, action)
        if isinstance(action, Play) and action.card is _GUARD_CARD:
            state = next_victim(
                discard(state, seat, _GUARD_CARD, make_event(Happening.GUARD, seat, other=_mover(state)))
            )
        elif isinstance(action, Pass):
            state = steal(state)
        elif isinstance(action, Spin):
            state = self._spin(state, seat, action)
        elif isinstance(action, Play):
            state = self._play(state, seat, action.card)
        elif isinstance(action, Sidestep):
            state = discard(state, seat, _SIDESTEP)
            state = replace_state(state, turn=replace_turn(turn_of(state), sidestep=action.side))
        elif isinstance(action, Halt):
            path = turn_of(state).path
            assert path is not None
            state = land(state, path, action.square)
        elif isinstance(action, Rob):
            victims = tuple(victim for victim in turn_of(state).victims if victim != action.victim)
            state = replace_state(
                state, phase=_GUARD, turn=replace_turn(turn_of(state), victims=victims, victim=action.victim)
            )
        elif isinstance(action, Give):
            state = finish_thief(replace_state(state, draws=(*state.draws, action.seat)))
        return self._advance(state)

    def _play(self, state: DashState, seat: Seat, card: Card) -> DashState:
        """About Turn, Hold Still (before moving) or Leap (on the readied thief)."""
        state = discard(state, seat, card)
        if card is _ABOUT_TURN:
            return replace_state(state, turn=replace_turn(turn_of(state), about_turn=True))
        if card is _HOLD_STILL:
            return replace_state(state, turn=replace_turn(turn_of(state), hold_still=True))
        return replace_state(state, turn=replace_turn(turn_of(state), leap=True))

    def _spin(self, state: DashState, seat: Seat, action: Spin) -> DashState:
        """Turn one tile a quarter-turn with its features, doughnuts and thieves."""
        moved, target = self._spins[(action.tile, action.clockwise)]
        before = self.floor(state)
        turns = list(state.turns)
        turns[action.tile] = (turns[action.tile] + (1 if action.clockwise else -1)) % QUARTER_TURNS
        doughnuts: tuple[Doughnut | None, ...] = moved(state.doughnuts)
        players = tuple(replace_player(p, thieves=(target[p.thieves[0]], target[p.thieves[1]])) for p in state.players)
        state = replace_state(state, turns=tuple(turns), doughnuts=doughnuts, players=players)
        self._keep_floor(state, spun(before, moved, target))
        return discard(state, seat, _SPIN_CARD, make_event(Happening.SPIN, seat, square=action.tile))

    def _go(self, state: DashState, seat: Seat, teleport: bool) -> DashState:
        """Send the readied thief off; a loop waits for the mover to pick where it stops."""
        turn = state.turn
        assert turn is not None and turn.thief is not None
        player = state.players[seat]
        heading = player.revealed
        assert heading is not None
        if turn.about_turn:
            heading = OPPOSITE[heading]
        if turn.sidestep is not None:
            heading = (LEFT_OF if turn.sidestep is _LEFT else RIGHT_OF)[heading]
        rivals: tuple[int, ...] = ()
        for other, p in enumerate(state.players):
            if other != seat:
                rivals += p.thieves
        path = dash(
            self.layout,
            self.floor(state),
            state.doughnuts,
            rivals,
            start=player.thieves[turn.thief],
            friend=player.thieves[1 - turn.thief],
            heading=heading,
            leap=turn.leap,
            teleport=teleport,
        )
        if path.stop is _ENDLESS:
            return replace_state(state, phase=_LOOP, turn=replace_turn(turn, path=path))
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
                state = replace_state(state, draws=())
            turn = state.turn
            if state.phase is not _TURN or turn is None:
                return state
            moved = len(turn.moved)  # the turn is over once both thieves moved, or one under Hold Still
            if moved != len(THIEVES) and not (turn.hold_still and moved == 1):
                return state
            following = (turn.seat + 1) % self.players
            state = (
                self._end_round(state) if following == state.first else replace_state(state, turn=make_turn(following))
            )

    def _end_round(self, state: DashState) -> DashState:
        """Hands of one card take their played cards back; the first-player card passes on."""
        events = list(state.events)
        players = []
        over = state.ending
        commit = None if over else _UNCOMMITTED
        for seat, player in enumerate(state.players):
            hand, played = player.hand, player.played
            if len(hand) == 1:
                hand, played = DIRECTIONS, ()
                events.append(make_event(_RETURN, seat))
            players.append(replace_player(player, hand=hand, played=played, revealed=None, commit=commit))
        first = (state.first + 1) % self.players
        events.append(make_event(_FIRST, first))
        return replace_state(
            state,
            players=tuple(players),
            first=first,
            round=state.round if over else state.round + 1,
            phase=_OVER if over else _CHOOSE,
            turn=None,
            trails=(),
            last_trails=state.trails,
            events=tuple(events),
        )

    # Results and information.

    def outcome(self, state: DashState) -> Outcome | None:
        """Most points wins; a tie goes to most Ketchup; a tie on that is a shared win."""
        if state.phase is not _OVER:
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

    def evaluate(self, state: DashState, rng: random.Random) -> tuple[float, ...]:
        """A short random playout (`EVALUATION_STEPS` per seat), then the lead in points.

        A whole random game costs a hundred-odd steps, each moving thieves across the floor;
        two rounds show what the position offers, and the stacks' values (Rainbow sets
        included) and the Sugar Rush cards held judge the result.
        """
        return self.playout(state, rng, EVALUATION_STEPS * self.players)

    def cutoff_values(self, state: DashState) -> tuple[float, ...]:
        """The lead in points (stacks and unplayed cards) on a logistic curve (`SCORE_SPREAD`)."""
        return lead_values([points(p.stack, p.sugar) for p in state.players], SCORE_SPREAD)

    def default_action(self, state: DashState, seat: Seat) -> Action:
        """A seat out of time plays no Sugar Rush card: it chooses its first direction card in
        N, E, S, W order, readies its first unmoved thief, goes without teleporting, passes on
        Guard, and otherwise takes the first choice offered (lowest square, lowest seat)."""
        return self.legal_actions(state, seat)[0]

    def public_at_end(self, state: DashState) -> View | None:
        """Nothing stays secret once the game is over: hands and chosen directions are spent.

        The whole record becomes a public replay.
        """
        return None

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
            player = replace_player(players[other], sugar=hand)
            if player.commit is not None:
                player = replace_player(player, commit=rng.choice(commit_options(player, state.phase)))
            players[other] = player
        return replace_state(
            state,
            players=tuple(players),
            deck=tuple(sorted(pool)),
            events=hide_draws(state.events, seat),
        )

    def observed(self, state: DashState, seat: Seat) -> Hashable | None:
        """The table as `seat` sees it once directions are revealed: the floor and doughnuts,
        every seat's thieves, stack, direction cards and revealed direction, its own Sugar Rush
        cards and the others' counts, the discards, the deck's size and the turn. None while
        directions are chosen (secret) or cards are due to be drawn (a draw is the drawer's
        alone). Events and trails are left out: merging positions is never wrong, only less sharp."""
        if state.phase in _CHOOSING or state.draws:
            return None
        players = tuple(
            (p.thieves, p.stack, p.hand, p.played, p.revealed, p.sugar if owner == seat else len(p.sugar))
            for owner, p in enumerate(state.players)
        )
        return (
            state.tiles,
            state.turns,
            state.doughnuts,
            players,
            len(state.deck),
            state.discards,
            state.round,
            state.first,
            state.phase,
            state.turn,
            state.ending,
        )

    def secret_round(self, state: DashState, seat: Seat) -> DashState | None:
        """While directions are chosen in secret, the other choosing seats' commitments are taken
        back (Second Wind and Last Word played into them too: both are secret until the reveal)."""
        if state.draws or state.phase not in _CHOOSING:
            return None
        others = [other for other, p in enumerate(state.players) if other != seat and p.commit is not None]
        if not others:
            return None
        players = list(state.players)
        for other in others:
            players[other] = replace_player(players[other], commit=Commit())
        return replace_state(state, players=tuple(players))

    def prompt(self, state: DashState, seat: Seat) -> str:
        return view.ask(self, state, seat).text()

    def ask(self, state: DashState, seat: Seat) -> Ask:
        return view.ask(self, state, seat)

    def action_words(self, action: Action) -> Ask:
        return view.action_words(action, self.layout)

    def ending(self, state: DashState) -> Ask:
        return view.ending(self, state)

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
        """The features of every square as the tiles now lie, with teleport partners.

        Kept per arrangement of the tiles (a game sees a few: its start and each Spin).
        """
        tiles, turns, found = self._floor_asked
        if found is not None and tiles is state.tiles and turns is state.turns:  # one game's states share them
            return found
        kept = self._floors.get((state.tiles, state.turns))
        return self._keep_floor(state, kept if kept is not None else terrain(self.layout, state.tiles, state.turns))

    def _keep_floor(self, state: DashState, floor: Terrain) -> Terrain:
        """Keep `floor` as the floor of the state's arrangement of the tiles (a Spin passes the one
        it turned), and return it."""
        if len(self._floors) >= _FLOORS_KEPT:
            self._floors.clear()
        self._floors[(state.tiles, state.turns)] = floor
        self._floor_asked = (state.tiles, state.turns, floor)
        return floor


def _odds(pool: tuple[Card, ...]) -> tuple[tuple[Action, float], ...]:
    """The draw outcomes of a sorted pile: each kind it holds by its count, in the pile's order
    (each kind's run found by bisection)."""
    size = len(pool)
    odds: list[tuple[Action, float]] = []
    first = 0
    while first < size:
        card = pool[first]
        after = bisect_right(pool, card, first)
        odds.append((DRAWS[card], (after - first) / size))
        first = after
    return tuple(odds)


def _turn_menus(spins: tuple[Action, ...]) -> dict[tuple[int | None, bool, bool, bool], tuple[Action, ...]]:
    """The turn menu by the thief that has moved (None: neither), whether About Turn and Hold Still
    may be played, and whether Spin may (`spins`: its actions)."""
    return {
        (moved, about, hold, spin): (
            *(READY if moved is None else _UNMOVED[moved]),
            *((PLAYS[Card.ABOUT_TURN],) if about else ()),
            *((PLAYS[Card.HOLD_STILL],) if hold else ()),
            *(spins if spin else ()),
        )
        for moved in (None, 0, 1)
        for about in (False, True)
        for hold in (False, True)
        for spin in (False, True)
    }


def _spin_tables(layout: Layout, tile: int, clockwise: bool) -> tuple[itemgetter[Any], tuple[int, ...]]:
    """For a quarter-turn of one tile: what each square's new content is (a picker of the
    contents of the squares it comes from), and where each square's content goes."""
    source = rotation(layout.size, layout.tile_squares[tile], clockwise)
    target = [0] * layout.size
    for square, origin in enumerate(source):
        target[origin] = square
    return itemgetter(*source), tuple(target)


def _is_listed(menu: tuple[Action, ...], action: Action) -> bool:
    """Whether `action` is on `menu`: by identity first, as a driver plays the listed object itself
    (comparing dataclasses field by field costs far more), then by equality."""
    for listed in menu:
        if listed is action:
            return True
    return action in menu


def _mover(state: DashState) -> Seat:
    return turn_of(state).seat
