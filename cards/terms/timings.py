"""Instant timings (`timing` of an activated instant): when it may be used, and what it answers.

Each has its note in the ability's head («⚡ (когда эту карту атакуют): …»); the default, `response`,
has none. `{q}` in a note is the ability's `attacker` condition.
"""

from __future__ import annotations

from cards.terms.model import Term, declare


def timing(name: str, doc: str, ru: str = "", en: str = "", extra: dict[str, tuple[str, str]] | None = None) -> Term:
    """`extra`: more messages of its note, by the suffix of their id."""
    text = {f"note.timing.{name}": (ru, en)} if ru else {}
    text.update({f"note.timing.{name}.{k}": v for k, v in (extra or {}).items()})
    return Term("timing", name, text=text, doc=doc)


declare(
    timing("response", "in answer to any declared action (the default: no note)"),
    timing("self_attacked", "this card is the target of an attack", "когда эту карту атакуют",
           "when this card is attacked"),
    timing("enemy_attack_no_wounds", "an enemy creature's attack just dealt no wounds",
           "когда атака существа противника не нанесла ран", "when an enemy creature's attack has dealt no wounds"),
    timing("own_attack", "an own creature matching `attacker` declared an attack",
           "когда ваше существо{q} объявляет атаку", "when a creature of yours{q} declares an attack"),
    timing("host_attacked", "(a symbiont) an enemy attack is declared at its host and not redirected; the "
           "ability's target is that stack entry, as for `self_attacked`", "когда атакуют хозяина этой карты",
           "when this card's host is attacked"),
    timing("own_strike", "an own creature matching `attacker` declared a simple strike; the target is the attacked "
           "card", "когда ваше существо{q} объявляет простой удар",
           "when a creature of yours{q} declares a simple strike"),
    timing("own_struck", "an enemy creature declared a simple strike at an own creature; the ability's target is "
           "that enemy creature", "когда существо противника объявляет простой удар по вашему существу",
           "when an enemy creature declares a simple strike at a creature of yours"),
    timing("own_attacked", "an enemy attack of the ability's `attacks` kinds (all if absent) is declared at an own "
           "creature (its defender, once assigned); the ability's target is that stack entry",
           "когда существо противника атакует ваше существо ({attacks})",
           "when an enemy creature attacks a creature of yours ({attacks})"),
    timing("own_discharged", "an enemy discharge is declared at an own non-flying creature and was not redirected "
           "yet", "когда карта противника объявляет разряд по вашему нелетающему существу",
           "when an enemy card declares a discharge at a non-flying creature of yours"),
    timing("adjacent_ranged", "an enemy shot or throw not redirected yet is declared at a card next to this one; the "
           "target is the shooter",
           "когда противник объявляет выстрел или метание по карте, стоящей рядом с этой",
           "when the opponent declares a shot or throw at a card standing next to this one"),
    timing("die_rolled", "a die was just rolled for a creature on the battlefield (before anything reads it); with "
           "`rolled` only when the die shows one of those faces; the ability's target is that creature; it takes "
           "effect at once (`modify_roll`, `reroll` change that die)",
           "когда за существо бросают кубик{q}", "when a die is rolled for a creature{q}",
           {"faces": (" и выпадает {n}", " and it shows {n}")}),
    timing("strike_fight", "a simple strike is declared; the target is a creature that will roll in it: the "
           "attacker, or an open attacked creature or defender",
           "когда объявлен простой удар, по существу, которое будет бросать кубик в этом сражении: нападающему, "
           "открытому атакованному или защитнику",
           "when a simple strike is declared, at a creature that will roll in that fight: the attacker, an open "
           "attacked creature or a defender"),
)
