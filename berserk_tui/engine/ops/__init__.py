"""Effect ops by family, the trigger task and the effect interpreter (`run`).

Importing the package builds the table from op to handler (`table.OP_HANDLERS`) before anything runs.
"""

from . import table  # noqa: F401  (builds the table, whichever module of the package is imported first)
