"""Solvers and compiled fast paths (optional extra `holesome[fast]`: Numba and NumPy).

Nothing here is imported by the rules packages: the pure engines in `holesome.games` stay the
reference, and these modules are tested against them.
"""
