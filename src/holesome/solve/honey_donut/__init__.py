"""Honey Donut, solved: a compact encoding, a compiled move generator, retrograde analysis of the
`simple` repetition option, the solution table the `perfect` bot plays from, and batched random
playouts. Everything here needs the `holesome[fast]` extra (Numba)."""
