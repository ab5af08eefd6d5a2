"""Terms the set 8 «Цена прогресса» cards add (helper `steppe`); append new ones at the end."""

from __future__ import annotations

from cards.heroes.terms.model import declare

declare()
