"""`python -m berserk_tui.scenario PATH...`: run scenario files or directories."""

import sys

from .runner import main

sys.exit(main(sys.argv[1:] or ["tests/scenarios"]))
