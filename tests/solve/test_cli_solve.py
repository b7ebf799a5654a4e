"""`holesome solve` refuses what it cannot solve, in plain words (the table fixture in
`conftest.py` runs the full solve through it)."""

from typer.testing import CliRunner

from holesome.cli import app

runner = CliRunner()


def test_solve_refuses_the_strict_option() -> None:
    result = runner.invoke(app, ["solve", "honey-donut", "--option", "repetition=strict"])
    assert result.exit_code == 2
    assert "repetition=simple" in " ".join(result.output.split())


def test_solve_refuses_unknown_games_and_options() -> None:
    result = runner.invoke(app, ["solve", "chess"])
    assert result.exit_code == 2 and "no game named 'chess'" in result.output
    result = runner.invoke(app, ["solve", "honey-donut", "-o", "repetition=sometimes"])
    assert result.exit_code == 2 and "must be one of strict, simple" in result.output
