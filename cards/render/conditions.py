"""Conditions as text: a qualifier of another card («с проклятием»), or a clause about the card that
has the ability («эта карта открыта»), each key in the words its declaration gives."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cards.render.base import Base, Slot
from cards.terms.model import lookup
from cards.terms.values import Enum, Flag


class Conditions(Base):
    def qualifier(self, cond: Mapping[str, Any], where: str) -> str:
        """A condition on another card, as words after a noun ("с проклятием")."""
        return self.join([self.condition(key, value, f"{where}.{key}", "q") for key, value in cond.items()], "and")

    def clause(self, cond: Mapping[str, Any], where: str) -> str:
        """A condition on the card that has the ability, as a clause ("эта карта открыта"); its keys
        about a card say «эта карта …» first."""
        about_self = {k: v for k, v in cond.items() if "source" not in lookup("condition", k).info["roles"]}
        parts = [self.t("clause.self_is", q=self.qualifier(about_self, where))] if about_self else []
        parts += [self.condition(key, value, f"{where}.{key}", "clause") for key, value in cond.items()
                  if key not in about_self]
        return self.join(parts, "and")

    def condition(self, key: str, value: Any, where: str, form: str) -> str:
        """One key of a condition in `form` ("q" or "clause"): its template `form.key`, with a variant
        for each value of a flag or of an enumeration that has no words of its own."""
        term = lookup("condition", key)
        if term.render:
            return term.render(self, value, where, form)
        type_ = term.fields[0].type
        variant = ""
        if isinstance(type_, Flag) and not type_.only_true:
            variant = f".{str(value).lower()}"
        elif isinstance(type_, Enum) and type_.word is None:
            variant = f".{value}"
        return self.t(f"{form}.{key}{variant}", value=Slot(self, type_, value, where))

    def suffix(self, key: str, cond: Any, where: str) -> str:
        """The message `key` around the qualifier of an optional condition, or ""."""
        return "" if cond is None else self.t(key, q=self.qualifier(cond, where))
