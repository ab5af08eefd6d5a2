"""The effect ops of «Берсерк. Герои»: the table (`table.OP_HANDLERS`), the interpreter (`run`) and the handlers by
family. Each family module registers its handlers into the table when imported: add yours to this list."""

from . import basic, run, table  # noqa: F401  (each family registers its handlers into `table`)

# An area's module that registers into `main`'s hooks (CARD_COSTS, ...) imports `main`, which imports this package:
# it is imported by `heroes.rules`, after `main` (ops/swamp.py).
