"""Honey Donut, solved: a compact encoding, a compiled move generator, retrograde analysis of the
`simple` repetition option and the solution table the `perfect` bot plays from (random playouts
of both options are in `holesome.fast.honey_donut`). Everything here needs the `holesome[fast]`
extra (Numba)."""
