"""Rules scenarios: TOML files that set up a position, play commands with fixed dice and
check the outcome (docs/scenarios.md). `python -m berserk_tui.scenario PATH...` runs them."""

from .build import ScenarioError
from .runner import main, run_file, run_paths

__all__ = ["ScenarioError", "main", "run_file", "run_paths"]
