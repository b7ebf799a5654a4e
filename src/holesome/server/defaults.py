"""Server defaults the command line shows in its help, kept apart so reading them loads no web framework."""

DEFAULT_DATABASE = "sqlite:///holesome.db"
"""Where `holesome serve` keeps its games unless told otherwise: an SQLite file in the working directory."""
