"""Ability kinds besides the static abilities: activated, triggered and concentration abilities, with
their fields (docs/card-schema.md, Abilities). Their words are the ability heads of cards.i18n."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cards.terms.model import Term, TermError, declare
from cards.terms.values import ATTACKS, CARD, EFFECT, ON, SOURCE, Enum, Flag, Int, ListOf, Union, opt, req

KIND = Enum(("attack", "spell", "effect"))


def _timing_needs_instant(ab: Mapping[str, Any], path: str) -> None:
    if "timing" in ab and not ab.get("instant"):
        raise TermError(f"{path}.timing", "only instant abilities have a timing")
    if "attacks" in ab and ab.get("timing") not in ("self_attacked", "host_attacked", "own_attacked"):
        raise TermError(f"{path}.attacks", "only with timing = \"self_attacked\", \"host_attacked\" or "
                                           "\"own_attacked\"")


def _activated_rules(ab: Mapping[str, Any], path: str) -> None:
    _timing_needs_instant(ab, path)
    if "rolled" in ab and ab.get("timing") != "die_rolled":
        raise TermError(f"{path}.rolled", "only with timing = \"die_rolled\"")
    if any(face > 6 for face in ab.get("rolled", ())):
        raise TermError(f"{path}.rolled", "a die face is 1 to 6")


def _trigger_rules(ab: Mapping[str, Any], path: str) -> None:
    if ab.get("once_per", "battle") != "battle":
        raise TermError(f"{path}.once_per", "a triggered ability takes once_per = \"battle\" (use per_turn)")
    if "pay_status" in ab and not ab.get("optional"):
        raise TermError(f"{path}.pay_status", "only for an optional ability")
    if "decider" in ab and not ab.get("optional"):
        raise TermError(f"{path}.decider", "only \"host_owner\", for an optional ability")


declare(
    Term("ability", "activated", (
        req("effect", EFFECT), opt("kind", KIND), opt("tap", Flag()), opt("instant", Flag()),
        opt("chips", Union((Int(), Enum(("X",)))), "X: the owner pays X chips (1 or more), read by `\"X\"` values"),
        opt("once_per", Enum(("turn", "battle"))), opt("timing", Enum("timing", "timing")), opt("requires", SOURCE),
        opt("pay_close", Flag()), opt("attacker", CARD),
        opt("lives", Union((Int(), Enum(("X",)))), "X: the owner removes X of its extra lives (1 or more), read by "
            "`\"X\"` values, as X chips"),
        opt("attacks", ATTACKS, "with timing self_attacked, host_attacked or own_attacked: the kinds of attack it "
                                "answers"),
        opt("per_turn", Int(2), "at most N uses per turn («не более 2 раз за ход»)"),
        opt("rolled", ListOf(Int(1)), "(timing `die_rolled`) the die faces that allow it"),
    ), doc="used by its owner as an action (or, an instant, in answer to one)", rule=_activated_rules),
    Term("ability", "trigger", (
        req("on", ON), req("effect", EFFECT), opt("kind", KIND), opt("optional", Flag()), opt("per_turn", Int(1)),
        opt("while", SOURCE), opt("once_per", Enum(("turn", "battle"))), opt("per_battle", Int(2)),
        opt("decider", Enum(("host_owner",))), opt("nth", Int(2)), opt("pay_status", Enum(("blessed",))),
    ), doc="works when an event it hears happens (`on`: see Triggered abilities)", rule=_trigger_rules),
    Term("ability", "after_deploy", (req("effect", EFFECT), opt("kind", KIND)),
         {"ability.after_deploy": ("после расстановки карт эта карта вскрывается",
                                   "after the deployment this card is revealed")},
         doc="«после расстановки карт»: when both sides have deployed, before the cards are revealed, its owner "
             "declares it (the deployment's `Target(uid)`: a face-down card's identity is not known to the other "
             "side, so the declaration is his), the card is revealed and the effect works"),
    Term("ability", "concentration", (req("effect", EFFECT), opt("kind", KIND), opt("optional", Flag())),
         doc="at the end of the opponent's turn, if the card took no wounds during that turn"),
)
