"""Terms the set 7 Болото cards add (helper `cards`); append new ones at the end."""

from __future__ import annotations

from cards.heroes.terms.model import declare

declare()
