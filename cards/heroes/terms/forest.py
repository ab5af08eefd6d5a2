"""Terms the set 7 Лес cards add (helper `mtn`); append new ones at the end."""

from __future__ import annotations

from cards.heroes.terms.model import declare

declare()
