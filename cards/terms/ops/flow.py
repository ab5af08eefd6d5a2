"""Effect ops that combine other effects: in order, by choice, by a condition, by a die roll, one per
picked card, by whose the cards are (docs/card-schema.md, Effects)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cards.terms.model import TermError, declare, op
from cards.terms.values import CARD, EFFECT, SELECTOR, TARGET, Enum, Flag, Int, ListOf, Record, Target, Union, opt, req

if TYPE_CHECKING:
    from cards.render import Renderer


@dataclass(frozen=True, slots=True)
class _Opponent(Enum):
    """The word `"opponent"` beside the target words of a chooser (a Union tells them apart by the value)."""

    def fits(self, value: Any) -> bool:
        return value in self.allowed()


def _sequence(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    texts = []
    for i, step in enumerate(eff["steps"]):
        text = r.effect(step, f"{where}.steps[{i}]", prev)
        if i and step.get("optional", False):
            text = r.t("fx.sequence.optional", effect=text)      # the owner may stop before this step
        texts.append(text)
        if step.get("target", "same") != "same":
            prev = step["target"]
        elif step["op"] == "attack" and prev is None:      # its target: the card it attacked («атакованное»)
            prev = {"what": "card", "side": "enemy"}
    text = r.t("fx.sequence.then").join(texts)
    return r.t("fx.sequence.optional", effect=text) if eff.get("optional", False) else text


def _choose(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    options = r.join([r.effect(o, f"{where}.options[{i}]", prev) for i, o in enumerate(eff["options"])], "or")
    if eff.get("chooser") == "opponent":
        return r.t("fx.choose.opponent", options=options)
    if "chooser" in eff:        # somebody else than the card's owner chooses («по выбору противника»)
        return r.t("fx.choose.by", options=options, who=r.target(eff["chooser"], "gen", f"{where}.chooser", prev))
    return r.t("fx.choose", options=options)


def _if(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    subject = r.target(eff.get("of", "same"), "nom", f"{where}.of", prev)
    text = r.t("fx.if", subject=subject, q=r.qualifier(eff["cond"], f"{where}.cond"),
               then=r.effect(eff["then"], f"{where}.then", prev))
    if "else" in eff:
        text += r.t("fx.if.else", other=r.effect(eff["else"], f"{where}.else", prev))
    return text


def _choose_number(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    high = eff["max"]
    limit = str(high) if isinstance(high, int) else r.t(f"fx.choose_number.max.{high}")
    return r.t("fx.choose_number", max=limit, then=r.effect(eff["then"], f"{where}.then", prev))


def _by_roll(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    target = eff["target"]
    if "cases" in eff:
        return r.t("fx.by_roll.cases", cases="; ".join(
            r.t("fx.by_roll.case", low=c["from"], high=c["to"], then=r.effect(c["then"], f"{where}.cases[{i}].then",
                                                                              target))
            for i, c in enumerate(eff["cases"])))
    return r.t("fx.by_roll", n=eff["at_least"], high=r.effect(eff["high"], f"{where}.high", target),
               low=r.effect(eff["low"], f"{where}.low", target))


def _roll_cases(eff: Mapping[str, Any], path: str) -> None:
    """Either `at_least`, `high` and `low`, or `cases` covering the faces 1 to 6 in order."""
    if "cases" in eff:
        if any(k in eff for k in ("at_least", "high", "low")):
            raise TermError(f"{path}.cases", "either cases or at_least/high/low")
        faces = [n for c in eff["cases"] for n in range(c["from"], c["to"] + 1)]
        if faces != sorted(set(faces)) or not faces or faces[0] < 1 or faces[-1] > 6:
            raise TermError(f"{path}.cases", "the cases must take faces from 1 to 6 in order, each once")
    else:
        for k in ("at_least", "high", "low"):
            if k not in eff:
                raise TermError(f"{path}.{k}", "missing field")


def _nonzero_by(eff: Mapping[str, Any], path: str) -> None:
    if not -6 <= eff["by"] <= 6 or eff["by"] == 0:
        raise TermError(f"{path}.by", "a change of the die from -6 to 6, not 0")


def _by_order(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    pick, items = eff["pick"], eff["effects"]
    texts = [r.t("fx.by_order.item", n=i + 1, effect=r.effect(item, f"{where}.effects[{i}]", pick))
             for i, item in enumerate(items)]
    key = "fx.by_order.optional" if eff.get("optional") else "fx.by_order"
    return r.t(key, n=len(items), what=r.selector(pick, "acc", f"{where}.pick"), effects="; ".join(texts))


def _by_sides(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    each = {"what": "creature"}
    own, enemy, mixed = (r.effect(eff[k], f"{where}.{k}", each) for k in ("own", "enemy", "mixed"))
    once = r.t("fx.by_sides.once") if eff.get("mixed_once", False) else ""
    return r.t("fx.by_sides", own=own, enemy=enemy, mixed=mixed + once)


declare(
    op("sequence", (req("steps", ListOf(EFFECT)), opt("optional", Flag()), opt("independent", Flag())),
       "in order; a later `attack` step without `target` asks its owner for a target its kind can reach (none: the "
       "rest is skipped); attacks of several steps resolve in step order («затем метание …»); a later step (other "
       "than an attack at a fixed target) waits until what the earlier steps started has resolved — their attacks, "
       "their summons, a cell or card their owner is to pick — so «вызвать …, затем ранить стоящие рядом» wounds "
       "the summoned cards too; a later step with `optional = true` may be skipped, which ends the sequence; "
       "`optional = true` on the sequence itself: its owner may decline it all before it starts («может …, при "
       "этом …»; a `confirm_steps` decision: `yes` / `no`); with `independent = true` a later step with nothing "
       "to pick is passed over and the sequence goes on (its steps do not depend on each other: «существо "
       "противника … получает …, ваше существо … получает …»)", {
           "fx.sequence.then": (", затем ", ", then "),
           "fx.sequence.optional": ("по желанию {effect}", "optionally {effect}"),
       }, _sequence),
    op("choose", (req("options", ListOf(EFFECT)), opt("chooser", Union((_Opponent(("opponent",)),
                                                                        Target(selector=False))))),
       "the owner picks one; an `attack` option without `target` then asks for its target; with `chooser` (a target "
       "word, e.g. `\"mover\"`) the owner of that card picks («по выбору противника»), `\"opponent\"`: the "
       "opponent of this card's owner; the chooser then also picks the target of a selector option", {
           "fx.choose": ("выбрать одно — {options}", "choose one — {options}"),
           "fx.choose.opponent": (
               "одно на выбор противника — {options}", "one of these, chosen by the opponent — {options}",
           ),
           "fx.choose.by": (
               "одно на выбор владельца {who} — {options}",
               "one of these, chosen by the owner of {who} — {options}",
           ),
       }, _choose),
    op("if", (req("cond", CARD), req("then", EFFECT), opt("else", EFFECT),
              opt("of", Target(selector=False), "default `\"same\"`")),
       "the `then` effect if the card `of` names (by default the target of the previous step) matches `cond`, else "
       "the `else` effect", {
           "fx.if": ("если {subject} {q} — {then}", "if {subject} is a card {q}, {then}"),
           "fx.if.else": (", иначе — {other}", "; otherwise {other}"),
       }, _if),
    op("choose_number", (req("max", Union((Int(1), Enum(("attack_value",))))), req("then", EFFECT)),
       "«выберите число X …»: the owner picks X from 1 to `max` (`\"attack_value\"`: in an `attacked` trigger with "
       "`levels`, the value of the attack that triggered it; nothing below 1), then `then` happens, where amount "
       "`\"chosen\"` / `\"chosen_minus_one\"` (op `wound`) and bonus `\"chosen\"` (op `buff`) are X / X−1 (a "
       "`choose_number` decision: `choose X`)", {
           "fx.choose_number": ("выберите число X от 1 до {max}, затем: {then}",
                                "choose a number X from 1 to {max}, then: {then}"),
           "fx.choose_number.max.attack_value": ("величины этого удара", "the value of that strike"),
       }, _choose_number),
    op("by_roll", (req("target", TARGET), opt("at_least", Int(2)), opt("high", EFFECT), opt("low", EFFECT),
                   opt("cases", ListOf(Record((req("from", Int(1)), req("to", Int(1)), req("then", EFFECT)), "case")))),
       "«бросить кубик»: the source rolls alone; `high` (an effect, target `\"same\"`) on at_least or more, else "
       "`low`; or `cases` instead: the case whose faces `from`–`to` the roll shows (in order, each face in one "
       "case at most; a roll above 6 counts as 6, below 1 as 1; a face in no case: nothing), whose effect, if "
       "it has a selector, asks its owner for the target then («если выпало 1 или 2 — ранить стоящее рядом "
       "существо на 2; …»)", {
           "fx.by_roll": (
               "бросить кубик: если выпало {n} или более — {high}, иначе — {low}",
               "roll a die: on {n} or more, {high}; otherwise {low}",
           ),
           "fx.by_roll.cases": ("бросить кубик: {cases}", "roll a die: {cases}"),
           "fx.by_roll.case": ("если выпало {low}–{high} — {then}", "on {low}–{high}, {then}"),
       }, _by_roll, _roll_cases),
    op("modify_roll", (req("by", Int(-6)),),
       "(an instant with timing `die_rolled`) the die just rolled shows `by` more (or less: a negative `by`)", {
           "fx.modify_roll": ("{by:+} к броску кубика", "{by:+} to the die roll"),
       }, rule=_nonzero_by),
    op("reroll", (),
       "(an instant with timing `die_rolled`) the die just rolled is rolled again; the new result replaces it", {
           "fx.reroll": ("перебросить кубик", "reroll the die"),
       }),
    op("by_order", (req("pick", SELECTOR), req("effects", ListOf(EFFECT)), opt("optional", Flag(only_true=True))),
       "«выберите трёх …; первое …, второе …, третье …»: the owner picks, one at a time, a card matching `pick` not "
       "picked before; the Nth card gets the Nth effect (target `\"same\"`), before the next pick; `optional = "
       "true` («три или менее … по разным существам»): after the first he may stop", {
           "fx.by_order.optional": (
               "до {n} раз по очереди (каждый раз другая карта, можно остановиться) — {what}: {effects}",
               "up to {n} times in turn (a different card each time, you may stop) — {what}: {effects}",
           ),
           "fx.by_order": (
               "по очереди {n} раза (каждый раз другая карта) — {what}: {effects}",
               "{n} times in turn (a different card each time) — {what}: {effects}",
           ),
           "fx.by_order.item": ("{n}) {effect}", "{n}) {effect}"),
       }, _by_order),
    op("by_sides", (req("own", EFFECT), req("enemy", EFFECT), req("mixed", EFFECT), opt("mixed_once", Flag())),
       "(a `stepped_onto` trigger with `in_a_row = 2`) «…, если оба ваши, …, если оба противника, иначе …»: `own` "
       "goes at each of the "
       "pair if both are its controller's, `enemy` at each if both are the opponent's; otherwise `mixed` goes at "
       "the enemy one (`strike` with `striker = \"pair_own\"`: the own one of the pair strikes), once per turn with "
       "`mixed_once`", {
           "fx.by_sides": (
               "если оба существа ваши — каждое: {own}; если оба противника — каждое: {enemy}; иначе: {mixed}",
               "if both creatures are yours — each: {own}; if both are the opponent's — each: {enemy}; "
               "otherwise: {mixed}",
           ),
           "fx.by_sides.once": (" (1 раз за ход)", " (once per turn)"),
       }, _by_sides),
)
