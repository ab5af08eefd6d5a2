"""Triggered abilities as sentences: the words of the event it hears («при гибели этой карты», written by
its event kind's declaration: cards.terms.triggers), then its notes and its effect."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cards.render.base import Base
from cards.terms.model import lookup


class Triggers(Base):
    def ab_trigger(self, ab: Mapping[str, Any], where: str) -> str:
        on = ab["on"]
        head = lookup("event", on["event"]).render(self, on, f"{where}.on")
        if "while" in ab:      # a triggered ability works only if its source meets `while` then
            head += self.t("if", clause=self.clause(ab["while"], f"{where}.while"))
        notes = self.kind_notes(ab)
        if ab.get("optional", False):
            notes.append(self.t("note.optional"))
        if "per_turn" in ab:
            notes.append(self.t("note.per_turn", n=ab["per_turn"]))
        if "nth" in ab:
            notes.append(self.t("note.nth", n=ab["nth"]))
        if "per_battle" in ab:
            notes.append(self.t("note.per_battle", n=ab["per_battle"]))
        if ab.get("tap"):            # its cost: closing this card
            notes.append(self.t("note.tap"))
        if "pay_status" in ab:       # the cost of accepting it («может потерять благословление, при этом …»)
            notes.append(self.t(f"note.pay_status.{ab['pay_status']}"))
        if "decider" in ab:
            notes[notes.index(self.t("note.optional"))] = self.t("note.host_owner_decides")
        if "once_per" in ab:
            notes.append(self.t("note.once.battle"))
        return self.headed(head, notes, ab, where)
