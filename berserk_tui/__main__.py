"""`python -m berserk_tui`: the `berserk` command."""

from berserk_tui.cli import main

raise SystemExit(main())
