"""Arena statistics: results per bot and per seat, confidence intervals, openskill ratings.

Shared wins count as fractions of a win (a seat's outcome value). Ratings use openskill's
Plackett-Luce model, which handles any number of seats: every match ranks its seats by value,
then score. A bot sitting in several seats of one match (one `ismcts` among three `random`)
takes the mean of the updates its seats earned.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from statistics import fmean
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from holesome.arena.matches import MatchResult

Z95 = 1.96


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (fractional wins allowed)."""
    if games == 0:
        return (0.0, 1.0)
    rate = wins / games
    centre = (rate + Z95**2 / (2 * games)) / (1 + Z95**2 / games)
    half = Z95 * math.sqrt(rate * (1 - rate) / games + Z95**2 / (4 * games**2)) / (1 + Z95**2 / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Tally:
    """Wins (fractional) and scores over seat-games."""

    wins: float = 0.0
    scores: list[float] = field(default_factory=list)

    @property
    def games(self) -> int:
        """Seat-games played."""
        return len(self.scores)

    def to_json(self) -> dict[str, Any]:
        """Games, wins, win rate with its 95% interval, mean score."""
        low, high = wilson(self.wins, self.games)
        return {
            "games": self.games,
            "wins": round(self.wins, 4),
            "win_rate": self.wins / self.games if self.games else 0.0,
            "win_rate_ci95": [round(low, 4), round(high, 4)],
            "mean_score": fmean(self.scores) if self.scores else 0.0,
        }


@dataclass
class Summary:
    """Everything the arena reports, built from match results."""

    game: str
    players: int
    bots: dict[str, Tally] = field(default_factory=lambda: defaultdict(Tally))
    seats: dict[int, Tally] = field(default_factory=lambda: defaultdict(Tally))
    first_seat: dict[str, Tally] = field(default_factory=lambda: defaultdict(Tally))
    ratings: dict[str, tuple[float, float]] = field(default_factory=dict)
    lengths: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The arena's JSON: per bot (with rating) and per seat."""
        bots = {}
        for name, tally in sorted(self.bots.items()):
            mu, sigma = self.ratings.get(name, (0.0, 0.0))
            bots[name] = {
                **tally.to_json(),
                "rating": round(mu, 3),
                "rating_sigma": round(sigma, 3),
                "rating_ci95": [round(mu - Z95 * sigma, 3), round(mu + Z95 * sigma, 3)],
            }
        return {
            "game": self.game,
            "players": self.players,
            "matches": len(self.lengths),
            "mean_length": fmean(self.lengths) if self.lengths else 0.0,
            "bots": bots,
            "seats": {str(seat): tally.to_json() for seat, tally in sorted(self.seats.items())},
            "first_seat": {name: tally.to_json() for name, tally in sorted(self.first_seat.items())},
        }


def summarize(game: str, players: int, results: Iterable[MatchResult]) -> Summary:
    """Tally results per bot and per seat, and rate the bots."""
    summary = Summary(game, players)
    model = PlackettLuce()
    ratings: dict[str, PlackettLuceRating] = {}
    for result in sorted(results, key=lambda r: r.spec.seed):
        summary.lengths.append(result.steps)
        lineup = result.spec.lineup
        for seat, name in enumerate(lineup):
            for tally in (summary.bots[name], summary.seats[seat]) + ((summary.first_seat[name],) if seat == 0 else ()):
                tally.wins += result.values[seat]
                tally.scores.append(result.scores[seat])
        for name in lineup:
            ratings.setdefault(name, model.rating(name=name))
        ranks = _ranks(result)
        updated = model.rate([[ratings[name]] for name in lineup], ranks=ranks)
        for name in set(lineup):
            mine = [team[0] for team, seat_name in zip(updated, lineup, strict=True) if seat_name == name]
            ratings[name] = model.rating(mu=fmean(r.mu for r in mine), sigma=fmean(r.sigma for r in mine), name=name)
    summary.ratings = {name: (rating.mu, rating.sigma) for name, rating in ratings.items()}
    return summary


def _ranks(result: MatchResult) -> list[float]:
    """Rank 1 is best: by outcome value, then by score; equal seats share a rank."""
    keys = [(-value, -score) for value, score in zip(result.values, result.scores, strict=True)]
    return [1.0 + sum(other < key for other in keys) for key in keys]
