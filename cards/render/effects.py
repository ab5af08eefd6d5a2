"""Effects as text: each op's phrase from its declaration (cards.terms.ops)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cards.render.base import Base
from cards.terms.model import lookup


class Effects(Base):
    def effect(self, eff: Mapping[str, Any], where: str, prev: Any = None, name: str | None = None) -> str:
        """An effect as an infinitive phrase; `prev` is the target of the previous step of a sequence, `name`
        the proper name of the activated ability whose attack it is."""
        term = lookup("op", eff["op"])
        if term.render is None:
            return self.template(eff, where, prev)
        if name is not None:
            return term.render(self, eff, where, prev, name=name)
        return term.render(self, eff, where, prev)
