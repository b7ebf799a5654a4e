"""The ladder: every bot against every other in one game, as a table of win rates and ratings.

A cell of the ladder is one bot alone at the table against copies of another in every other
seat (in a two-player game, simply the one against the other), over a series with the seats
rotated. Its figure is the lone bot's win rate with a Wilson 95% interval, to read against its
fair share (one over the number of players). The ratings are openskill's over every match of
the ladder. `markdown` renders it and `write_section` puts it into a document between markers,
so `holesome ladder` keeps docs/bots.md current by itself.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from itertools import combinations, permutations
from pathlib import Path
from typing import Any

from holesome.arena.matches import MatchResult, MatchSpec, schedule
from holesome.arena.stats import Summary, Tally, summarize, wilson


def pairings(bots: list[str], players: int) -> list[tuple[str, ...]]:
    """The lineups: each bot alone against copies of each other (each pair once at two players)."""
    pairs = combinations(bots, 2) if players == 2 else permutations(bots, 2)
    return [(solo, *[rest] * (players - 1)) for solo, rest in pairs]


def ladder_specs(
    game: str, players: int, options: Mapping[str, Any], bots: list[str], games: int, seed: int
) -> list[MatchSpec]:
    """Every lineup's series of `games` matches, seats rotated; every series deals the same games."""
    return [spec for seats in pairings(bots, players) for spec in schedule(game, players, options, seats, games, seed)]


@dataclass
class Ladder:
    """The ladder's results: each lone bot's record against each other bot, and the ratings."""

    game: str
    players: int
    bots: list[str]
    cells: dict[tuple[str, str], Tally] = field(default_factory=lambda: defaultdict(Tally))
    """(lone bot, the other) -> the lone bot's wins and scores."""
    summary: Summary | None = None


def tabulate(game: str, players: int, bots: list[str], results: Iterable[MatchResult]) -> Ladder:
    """Tally the matches of a ladder into its cells, and rate every bot over all of them."""
    kept = list(results)
    ladder = Ladder(game, players, bots)
    for result in kept:
        names = set(result.spec.lineup)
        for seat, name in enumerate(result.spec.lineup):
            if result.spec.lineup.count(name) == 1:
                (other,) = names - {name}
                tally = ladder.cells[(name, other)]
                tally.wins += result.values[seat]
                tally.scores.append(result.scores[seat])
    ladder.summary = summarize(game, players, kept)
    return ladder


def markdown(ladder: Ladder, heading: str, command: str) -> str:
    """The ladder as Markdown under `heading`: the command that made it, the win-rate table,
    then the ratings."""
    players, bots = ladder.players, ladder.bots
    lone = "each row's bot against the column's" if players == 2 else "each row's bot alone against the column's"
    lines = [
        heading,
        "",
        f"Written by `{command}`.",
        "",
        f"{ladder.game}, {players} players: win rate of {lone} (fair share {1 / players:.0%}), "
        "seats rotated, with 95% intervals.",
        "",
        "| | " + " | ".join(f"vs {bot}" for bot in bots) + " |",
        "|---|" + "---|" * len(bots),
    ]
    for row in bots:
        cells = []
        for column in bots:
            tally = ladder.cells.get((row, column))
            if row == column or tally is None or not tally.games:
                cells.append("")
                continue
            low, high = wilson(tally.wins, tally.games)
            cells.append(f"{tally.wins / tally.games:.0%} [{low:.0%}, {high:.0%}] of {tally.games}")
        lines.append(f"| **{row}** | " + " | ".join(cells) + " |")
    assert ladder.summary is not None
    ratings = ladder.summary.to_json()["bots"]
    lines += ["", "| bot | rating (openskill) | 95% interval | win rate, all games |", "|---|---|---|---|"]
    for bot in sorted(bots, key=lambda name: -ratings[name]["rating"] if name in ratings else 0.0):
        if bot in ratings:
            row = ratings[bot]
            low, high = row["rating_ci95"]
            rate = f"{row['win_rate']:.0%} of {row['games']}"
            lines.append(f"| {bot} | {row['rating']:.1f} | {low:.1f} to {high:.1f} | {rate} |")
    return "\n".join(lines) + "\n"


def write_section(path: Path, key: str, text: str) -> None:
    """Put `text` between the markers named `key` in the file at `path`, replacing what was
    there; a section not yet in the file is added at its end."""
    begin, end = f"<!-- {key}: begin -->", f"<!-- {key}: end -->"
    document = path.read_text(encoding="utf-8")
    block = f"{begin}\n{text}{end}"
    if begin in document and end in document:
        head, _, rest = document.partition(begin)
        _, _, tail = rest.partition(end)
        document = head + block + tail
    else:
        document = document.rstrip("\n") + "\n\n" + block + "\n"
    path.write_text(document, encoding="utf-8")
