"""Alembic migrations for the server's database, shipped in the package and run on start-up."""
