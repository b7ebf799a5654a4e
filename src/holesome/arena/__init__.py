"""Matches, tournaments, ratings, reports and plots, on local processes or a Ray cluster."""

from holesome.arena.backends import run_local, run_ray, start_ray
from holesome.arena.matches import MatchResult, MatchSpec, lineup, play_match, schedule
from holesome.arena.stats import Summary, summarize

__all__ = [
    "MatchResult",
    "MatchSpec",
    "Summary",
    "lineup",
    "play_match",
    "run_local",
    "run_ray",
    "schedule",
    "start_ray",
    "summarize",
]
