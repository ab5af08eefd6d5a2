"""Effect ops that answer a declared action on the stack: cancel, block or redirect it
(docs/card-schema.md, Effects)."""

from __future__ import annotations

from cards.terms.model import declare, op
from cards.terms.values import TARGET, req

declare(
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
