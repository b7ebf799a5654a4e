"""Research interfaces: holesome games as PettingZoo, Gymnasium and OpenSpiel environments.

- `holesome.interop.pettingzoo`: `env(...)` (AEC) and `parallel_env(...)` for every game;
- `holesome.interop.gymnasium`: `HolesomeEnv`, one learning seat against holesome bots;
- `holesome.interop.openspiel`: every game registered with `pyspiel.register_game`;
- `holesome.interop.encoders`: the per-game observation vectors and facts they share.

Everything goes through the game contract, so any registered game works. The adapters need
the optional extras: `pip install 'holesome[rl]'` (PettingZoo, Gymnasium) and
`pip install 'holesome[openspiel]'`. See docs/interop.md.
"""
