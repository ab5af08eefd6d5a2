"""The effect ops of «Берсерк. Герои»: the table (`table.OP_HANDLERS`), the interpreter (`run`) and the handlers by
family. Each family module registers its handlers into the table when imported: add yours to this list."""

from . import basic, run, swamp, table  # noqa: F401  (each family registers its handlers into `table`)
