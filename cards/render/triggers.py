"""Triggered abilities as sentences: the head of each trigger event («при гибели этой карты») with its
filters, then its notes and its effect."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cards.render.base import Base

VS_ANY_EVENT = ("closed_to_pay", "adjacent_own_dies", "host_arrives_near", "enemy_arrives_near_guard", "kills",
                "own_strikes", "own_teleport", "own_stays_open", "own_wounded_ranged", "own_second_open",
                "own_other_dies", "steps_onto", "passes_two")   # events whose `vs` is a condition on another card
VS_HEADS = ("own_teleport", "own_stays_open", "own_second_open", "own_wounded_ranged", "enemy_arrives_near_guard",
            "adjacent_own_dies", "own_other_dies", "passes_two", "host_arrives_near")   # `{q}` in the head: `vs`


class Triggers(Base):
    def ab_trigger(self, ab: Mapping[str, Any], where: str) -> str:
        head = self.trigger_head(ab, where)
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
        if "pay_status" in ab:       # the cost of accepting it («может потерять благословление, при этом …»)
            notes.append(self.t(f"note.pay_status.{ab['pay_status']}"))
        if "decider" in ab:
            notes[notes.index(self.t("note.optional"))] = self.t("note.host_owner_decides")
        if "once_per" in ab:
            notes.append(self.t("note.once.battle"))
        return self.headed(head, notes, ab, where)

    def trigger_head(self, ab: Mapping[str, Any], where: str) -> str:
        on = ab["on"]
        vs = self.suffix("filter", ab.get("vs"), f"{where}.vs")
        if on == "own_attack_level":
            if "attacks" not in ab or "levels" not in ab:
                self.fail(where, "on = own_attack_level needs `attacks` and `levels`")
            attack = self.join([self.attacks([kind], "prep", ab["levels"], conj="or") for kind in ab["attacks"]], "or")
            return self.by_attack(ab, where, self.t("on.own_attack_level", attack=attack, q=vs))
        if on == "attack_level":
            if "attack" not in ab or "levels" not in ab:
                self.fail(where, "on = attack_level needs `attack` and `levels`")
            attack = self.attacks([ab["attack"]], "prep", ab["levels"], conj="or")
            head = self.t("on.attack_level", attack=attack) + self.suffix("vs.card", ab.get("vs"), f"{where}.vs")
            if "side" in ab:        # «по карте противника»
                head += self.word("on.attack_level", ab["side"], f"{where}.side")
            if ab.get("kills", False):
                head += self.t("on.attack_level.kills")
            return self.by_attack(ab, where, head)
        extra = [name for name in ("attack", "levels", "vs") if name in ab
                 and not (name == "vs" and on in VS_ANY_EVENT)]
        if extra:
            self.fail(f"{where}.{extra[0]}", f"only meaningful with on = attack_level, not {on!r}")
        head = self.word("on", on, f"{where}.on", q="")
        if on in ("closed_to_pay", "kills"):
            head += vs
        if on in VS_HEADS:
            head = self.t(f"on.{on}", q=vs)
        if on == "own_strikes" and ab.get("self_only", False):
            head = self.t("on.own_strikes.self")
        elif on == "own_strikes":
            head = self.t("on.own_strikes", q=vs)
            if "roll_max" in ab:
                head += self.t("roll_max", n=ab["roll_max"])
        if on == "summoned" and "summoner" in ab:
            head = self.t("on.summoned.by", q=self.qualifier(ab["summoner"], f"{where}.summoner"))
        if on == "steps_onto" and ("vs" in ab or "side" in ab):
            head = self.t(f"on.steps_onto.{ab.get('side', 'any')}", q=vs)
        return self.by_attack(ab, where, head)

    def by_attack(self, ab: Mapping[str, Any], where: str, head: str) -> str:
        """Only a death of wounds from an attack of those kinds by an enemy card: `by_attack`, `killer`."""
        if "by_attack" not in ab:
            return head
        on = ab["on"]
        if on not in ("dies", "own_creature_dies"):
            self.fail(f"{where}.by_attack", f"only meaningful with a death, not {on!r}")
        kinds = ab["by_attack"]
        if on == "own_creature_dies":
            head = self.t("on.own_creature_dies.by")
        head += self.t("by_attack.all") if list(kinds) == ["all"] else \
            self.t("by_attack", attacks=self.attacks(kinds, "nom", conj="or"))
        return head + self.suffix("by_killer", ab.get("killer"), f"{where}.killer")
