"""Abilities as sentences: static abilities from their declarations, and the heads of activated and
concentration abilities (cost marks, notes)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cards.render.base import Base, cap, sentence
from cards.terms.model import lookup


class Abilities(Base):
    def ability(self, ab: Mapping[str, Any], where: str) -> str:
        kind = ab["type"]
        on = ab.get("on") if kind == "trigger" else None
        self.own_death = on is not None and on["event"] == "died" and on.get("whose") == "self"   # «при гибели»
        term = lookup("static", kind)
        if term is None:
            text = getattr(self, f"ab_{kind}")(ab, where)
        else:
            text = term.render(self, ab, where) if term.render else self.template(ab, where)
            if "while" in ab:   # a static ability holds only while its source meets `while`
                fixed = all(lookup("condition", key).info["fixed"] for key in ab["while"])
                text += self.t("if" if fixed else "while", clause=self.clause(ab["while"], f"{where}.while"))
        if kind == "activated" or "name" not in ab:
            return sentence(text)
        return self.t("named", name=cap(self.name(ab, where)), text=sentence(text))

    def ab_activated(self, ab: Mapping[str, Any], where: str) -> str:
        effect = ab["effect"]
        is_attack = effect["op"] == "attack"
        name = self.name(ab, where) if "name" in ab else None
        marks = head = self.marks(ab)
        if name and not is_attack:
            head = f"{head} {cap(name)}".lstrip()
        notes = self.activated_notes(ab, where)
        if notes:
            head = f"{head} {self.notes(notes)}".lstrip()
        body = self.effect(effect, f"{where}.effect", name=name if is_attack else None)
        if is_attack or (head == marks and not ab.get("pay_close")):
            body = cap(body)
        return self.t("head", head=head, body=body) if head else body

    def marks(self, ab: Mapping[str, Any]) -> str:
        """The cost symbols: ⚡ for an instant, ↷ for closing the card, ● per chip; then «закрыть стоящее
        рядом ваше существо» for a `pay_close` cost."""
        chips = ab.get("chips", 0)
        marks = self.t("mark.instant") * ab.get("instant", False) + self.t("mark.tap") * ab.get("tap", True) \
            + (f"X{self.t('mark.chip')}" if chips == "X" else self.t("mark.chip") * chips)
        lives = ab.get("lives", 0)
        if lives == "X":
            marks = f"{marks} {self.t('mark.lives', n='X', lives=self.plural(5, 'plural.extra_lives.acc'))}"
        elif lives:
            marks = f"{marks} {self.t('mark.lives', n=lives, lives=self.plural(lives, 'plural.extra_lives.acc'))}"
        if ab.get("pay_close", False):
            marks = f"{marks} {self.t('mark.pay_close')}".lstrip()
        return marks

    def activated_notes(self, ab: Mapping[str, Any], where: str) -> list[str]:
        notes = self.kind_notes(ab)
        if "per_turn" in ab:
            notes.append(self.t("note.per_turn", n=ab["per_turn"]))
        if "once_per" in ab:
            notes.append(self.t(f"note.once.{ab['once_per']}"))
        timing = ab.get("timing", "response")
        if timing != "response":  # the default: in answer to any declared action, as every instant
            q = self.suffix("filter", ab.get("attacker"), f"{where}.attacker")
            if "rolled" in ab:      # timing `die_rolled`: the faces that allow it
                q = self.t("note.timing.die_rolled.faces", n=self.join([str(n) for n in ab["rolled"]], "or"))
            notes.append(self.t(f"note.timing.{timing}", q=q,
                                attacks=self.attacks(ab.get("attacks", ["all"]), "nom")))
            if "attacks" in ab and timing != "own_attacked":     # own_attacked names them in its own words
                notes.append(self.t("note.attacks", attacks=self.attacks(ab["attacks"], "nom", conj="or")))
        if "requires" in ab:
            notes.append(self.t("note.requires", clause=self.clause(ab["requires"], f"{where}.requires")))
        return notes

    def notes(self, notes: list[str]) -> str:
        return self.t("notes", notes=self.t("notes.sep").join(notes))

    def kind_notes(self, ab: Mapping[str, Any]) -> list[str]:
        return [self.t("note.spell")] if ab.get("kind") == "spell" else []

    def ab_after_deploy(self, ab: Mapping[str, Any], where: str) -> str:
        return self.headed(self.t("ability.after_deploy"), self.kind_notes(ab), ab, where)

    def ab_concentration(self, ab: Mapping[str, Any], where: str) -> str:
        notes = self.kind_notes(ab)
        if not ab.get("optional", True):
            notes.append(self.t("note.mandatory"))
        return self.headed(self.t("concentration"), notes, ab, where)

    def headed(self, head: str, notes: list[str], ab: Mapping[str, Any], where: str) -> str:
        """"Head (notes): effect" for triggered and concentration abilities."""
        if notes:
            head = f"{head} {self.notes(notes)}"
        return self.t("head", head=cap(head), body=self.effect(ab["effect"], f"{where}.effect"))
