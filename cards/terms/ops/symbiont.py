"""Effect ops on symbionts and hosts (docs/card-schema.md, Effects)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cards.terms.model import declare, op
from cards.terms.values import TARGET, Enum, req

if TYPE_CHECKING:
    from cards.render import Renderer


def _pass_symbiont(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    return r.template(eff, where, prev, eff["kind"])


declare(
    op("reseat", (req("target", TARGET),), "(a seated symbiont) it moves onto the target as its new host", {
        "fx.reseat": ("поместить эту карту на {target:acc}", "place this card on {target}"),
    }),
    op("pass_symbiont", (req("kind", Enum(("parasite", "companion"))), req("target", TARGET)),
       "«если у … есть паразит, поместить его на атакованного»: the face-up symbiont of that kind seated on this "
       "card moves onto the target (a change of host), if the target is a face-up ground creature on a cell "
       "without a symbiont that the symbiont may sit on (incorporeality, `host_filter`); otherwise nothing", {
           "fx.pass_symbiont.parasite": (
               "поместить паразита этой карты на {target:acc}",
               "place the parasite of this card on {target}",
           ),
           "fx.pass_symbiont.companion": (
               "поместить компаньона этой карты на {target:acc}",
               "place the companion of this card on {target}",
           ),
       }, _pass_symbiont),
    op("take_over", (req("target", TARGET, "`\"attacked\"`"),),
       "«изгоните эту карту, при этом возродите на её клетке это существо под вашим контролем»: the source is "
       "exiled, and the dead enemy creature comes back from its owner's graveyard, open, on the source's cell (a "
       "flyer: the extra zone), on the source's side for the rest of the battle", {
           "fx.take_over": (
               "изгнать эту карту, при этом возродить на её клетке {target:acc} под вашим контролем",
               "exile this card, and revive {target} on its cell under your control",
           ),
       }),
    op("make_parasite", (req("target", TARGET),),
       "«сделать его своим паразитом»: a ground creature on a cell, without a symbiont, leaves its cell and sits on "
       "the source (which has none) as its parasite", {
           "fx.make_parasite": (
               "сделать {target:acc} паразитом этой карты (если у них обоих нет симбиотов)",
               "make {target} a parasite of this card (if neither has a symbiont)",
           ),
       }),
)
