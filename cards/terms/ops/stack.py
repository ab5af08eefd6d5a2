"""Effect ops that answer a declared action on the stack: cancel, block or redirect it
(docs/card-schema.md, Effects)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cards.terms.model import TermError, declare, op
from cards.terms.values import ATTACKS, CARD, EFFECT, TARGET, Enum, Int, opt, req

if TYPE_CHECKING:
    from cards.render import Renderer


def _redirect(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    near = eff.get("near", "attacked")
    if near == "formation":
        return r.template(eff, where, prev, "formation")
    return r.template(eff, where, prev, near=r.t(f"fx.redirect_attack.near.{near}"))


def _set_attack(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    text = r.template(eff, where, prev, "to" if "to" in eff else "minus")
    return text + (r.t("fx.set_attack.then", then=r.effect(eff["then"], f"{where}.then", prev)) if "then" in eff
                   else "")


def _to_or_minus(eff: Mapping[str, Any], path: str) -> None:
    if ("to" in eff) == ("minus" in eff):
        raise TermError(path, "set_attack takes exactly one of `to` and `minus`")


declare(
    op("set_attack", (opt("to", Int(0)), opt("minus", Int(1)), opt("then", EFFECT)),
       "(an instant answering a declared attack: timing `own_attacked`) «свести удар к N» / «уменьшить величину "
       "удара на N»: that attack deals at most `to` (after all its bonuses, before armor), or `minus` less; then "
       "`then` (target word `\"attacked\"`: the card it is aimed at)", {
           "fx.set_attack.to": ("свести эту атаку к {to}", "reduce that attack to {to}"),
           "fx.set_attack.minus": ("уменьшить величину этой атаки на {minus}", "reduce the value of that attack by "
                                   "{minus}"),
           "fx.set_attack.then": (", при этом {then}", "; then {then}"),
       }, _set_attack, _to_or_minus),
    op("cancel_action", (req("target", TARGET),), "cancel the target's declared action (отменить действие)", {
        "fx.cancel_action": ("отменить действие {target:gen}", "cancel the action of {target}"),
    }),
    op("block_attack", (), "block the latest enemy attack on the stack aimed at this card (a symbiont: at it or "
                           "its host) and not redirected: it does nothing, but stays paid — from an instant with "
                           "timing `self_attacked` / `host_attacked`, or from a trigger with `declared = true` (also "
                           "inside a prophecy's case, a `by_roll` or an `if`)", {
        "fx.block_attack": (
            "блокировать эту атаку (она не действует, но оплачена)",
            "block that attack (it does nothing, but stays paid)",
        ),
    }),
    op("redirect_to_host", (), "the attack on this symbiont is redirected to its host", {
        "fx.redirect_to_host": ("перенаправить атаку на хозяина этой карты", "redirect the attack to this card's host"),
    }),
    op("redirect_to_self", (req("target", TARGET, "`\"attacker\"`"),),
       "(an `adjacent_ranged` instant) that shot or throw goes at this card instead (a redirect)", {
           "fx.redirect_to_self": (
               "перенаправить этот выстрел или метание в эту карту",
               "redirect that shot or throw to this card",
           ),
       }),
    op("redirect_discharge", (req("target", TARGET),),
       "(an `own_discharged` instant) the latest enemy discharge on the stack aimed at an own non-flying creature "
       "goes at the target instead (a redirect)", {
           "fx.redirect_discharge": ("перенаправить этот разряд в {target:acc}", "redirect that discharge to {target}"),
       }),
    op("redirect_attack", (opt("target", TARGET, "the attacker, e.g. `\"attacker\"` of an `own_struck` instant; none "
                               "with timing `own_attacked`"),
                           req("attacks", ATTACKS), opt("vs", CARD, "a condition on the attacked card"),
                           opt("near", Enum(("attacked", "attacker", "formation"), word="fx.redirect_attack.near"))),
       "«перенаправить удар с карты на стоящее рядом с ней существо в вашем отряде»: the latest attack of those kinds "
       "the target declared at a card of the source's controller, still on the stack and not redirected, may be "
       "sent by him at another face-up ground creature of his standing next to that card (`near = \"attacker\"`: "
       "next to the attacker; `\"formation\"`: in one formation with this card), once per turn for each attacked card; "
       "with timing `own_attacked` the target is that attack — a `redirect_attack` decision: `target X` or `skip`", {
           "fx.redirect_attack": (
               "перенаправить {attacks} {target:gen} с карты на стоящее рядом с {near} существо в вашем отряде",
               "redirect {attacks} of {target} from the card to a creature of your squad standing next to {near}",
           ),
           "fx.redirect_attack.near.attacked": ("ней", "that card"),
           "fx.redirect_attack.near.attacker": ("атакующим", "the attacker"),
           "fx.redirect_attack.formation": (
               "перенаправить {attacks}{vs:vs} на существо, стоящее в строю с этой картой (1 раз за ход для каждого "
               "атакованного существа)",
               "redirect {attacks}{vs:vs} to a creature in formation with this card (once per turn for each attacked "
               "creature)",
           ),
       }, _redirect),
    op("redirect_next_melee", (req("target", TARGET),),
       "the target's next melee attack (simple, special or magic strike), when it comes to strike, may be sent by "
       "the source's controller at a face-up ground creature of his standing next to the card struck (a "
       "`redirect_next` decision: `target X` or `skip`); the mark is used up by that attack either way, and works "
       "only while the source is face up on the battlefield", {
           "fx.redirect_next_melee": (
               "следующую ближнюю атаку {target:gen} (простой, особый или магический удар) вы можете перенаправить с "
               "атакуемой карты в ваше существо, стоящее рядом с ней",
               "you may redirect the next melee attack (simple, special or magic strike) of {target} from the card "
               "it attacks to a creature of yours standing next to that card",
           ),
       }),
)
