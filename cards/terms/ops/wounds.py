"""Effect ops that attack, wound, poison, heal or destroy (docs/card-schema.md, Effects)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cards.terms.model import TermError, declare, op
from cards.terms.values import ATTACK, CARD, TARGET, Damage, Enum, Flag, Int, Union, opt, req

if TYPE_CHECKING:
    from cards.render import Renderer

RANGED_BY_DISTANCE = frozenset({"shot", "throw", "discharge"})  # without `range` their range is unlimited


def _attack(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any, name: str | None = None) -> str:
    """An attack; `name` is the proper name of the activated ability that makes it."""
    kind = eff["attack"]
    label = attack = r.t(f"atk.{kind}.nom")
    if name:
        shows_kind = name.lower().startswith(attack.lower())
        label = name[:1].upper() + name[1:]
        label = label if shows_kind else r.t("fx.attack.label", name=label, attack=attack)
    if "range" in eff:
        reach = r.t("fx.attack.range", n=eff["range"])
    else:
        reach = r.t("fx.attack.range.unlimited") if kind in RANGED_BY_DISTANCE else ""
    if "target" in eff:     # a fixed target: its range does not matter
        reach = r.t("fx.attack.at", target=r.target(eff["target"], "dat", f"{where}.target", prev))
    if "line" in eff:
        reach += r.t(f"fx.attack.line.{eff['line']}")
    for flag in ("unwounded", "over_jump", "point_blank", "ignore_abilities"):
        if eff.get(flag, False):
            reach += r.t(f"fx.attack.{flag}")
    damage = eff["damage"]
    plus = r.t("fx.attack.plus", n=eff["plus"]) if "plus" in eff else ""
    most = r.t("fx.attack.max", n=eff["max"]) if "max" in eff else ""
    damage = r.t(f"fx.attack.damage.{damage}", plus=plus, max=most) if isinstance(damage, str) \
        else r.damage(damage)
    text = r.t("fx.attack", attack=label, damage=damage, range=reach)
    if "striker" in eff:        # made by another card than this one
        text += r.t(f"fx.attack.striker.{eff['striker']}")
    return text


def _by_amount(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    """Its template for an integer amount, `.rolled` for a die roll, `.WORD` for an amount X in words."""
    amount = eff["amount"]
    return r.template(eff, where, prev, "rolled" if isinstance(amount, list) else amount if isinstance(amount, str)
                      else "")


def _finish(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    amount = eff["amount"]
    text = r.template(eff, where, prev, amount if isinstance(amount, str) else "",
                      plus=f"+{eff['plus']}" if "plus" in eff else "")
    if "own_half_bonus" in eff:
        text += r.t("fx.finish.own_half", n=eff["own_half_bonus"])
    return text


def _strike(r: Renderer, eff: Mapping[str, Any], where: str, prev: Any) -> str:
    return r.template(eff, where, prev, f"by.{eff['striker']}" if "striker" in eff else "")


def _kept_by_source(eff: Mapping[str, Any], path: str) -> None:
    if eff["target"] != "self":
        raise TermError(f"{path}.target", "a trap is kept by its source: target = \"self\"")


WOUND_X = ("strong_minus_weak", "dead_regen", "target_wounds", "blocked_value", "chips", "X", "chosen",
           "chosen_minus_one", "heal", "behind_weak", "own_count")
HEAL_X = ("all", "weak_strike", "attack_value", "wounds_this_turn", "opposite_strike", "X")
DAMAGE_X = ("dead_weak_strike", "wounds_taken", "X", "beside_weak", "own_strike", "own_wounds")

declare(
    op("attack", (
        req("attack", ATTACK), req("damage", Union((Damage(), Enum(DAMAGE_X)))),
        opt("range", Int(1), "unlimited if absent"), opt("target", TARGET), opt("line", Enum(("forward",))),
        opt("unwounded", Flag()), opt("over_jump", Flag()), opt("striker", Enum(("wounded",))),
        opt("point_blank", Flag()), opt("optional", Flag()), opt("plus", Int(1)), opt("max", Int(1)),
        opt("ignore_abilities", Flag(only_true=True)),
    ),
       "an attack of that kind on a chosen target (targeting follows the attack kind); `damage = "
       "\"dead_weak_strike\"`: X-X-X, X = the weak strike of the creature whose death triggered it; `damage = "
       "\"wounds_taken\"`: X-X-X, X = the wounds of a `wounded` trigger; `damage = \"X\"`: X-X-X, X = the chips "
       "paid for an ability with `chips = \"X\"`; `\"beside_weak\"`: X-X-X, X = the weak strikes of the own creatures "
       "directly left and right of the source added up; `damage = \"own_strike\"`: the attacker's "
       "own simple strike values (modifiers included); `damage = \"own_wounds\"`: X-X-X, X = the wounds on the "
       "attacker; `plus = N`: +N to each value; `max = N`: each value at most N; `ignore_abilities = true`: the "
       "attacked card has no keywords or abilities until this attack has resolved; `striker = \"wounded\"`: the "
       "attack is made by the creature whose wounds triggered it (its reach counts from that creature); with "
       "`target` (a target word, e.g. `\"attacked\"`) it goes at that card, whatever its range; `line = \"forward\"`: "
       "only at a card in its column, ahead of it as its controller sees the board («только вперёд по прямой»); "
       "`unwounded = true`: only at a card without wounds; `over_jump = true`: only at a creature on a cell it has "
       "just jumped over in a straight line (along a row or a column); `point_blank = true`: a ranged attack that "
       "may also go at a card next to it («в том числе по карте рядом»); `optional = true` (a later step of a "
       "`sequence` that asks for its target): its owner may `skip` it, which ends the sequence («два или менее "
       "магических удара»)", {
           "fx.attack": ("{attack} на {damage}{range}", "{attack} for {damage}{range}"),
           "fx.attack.label": ("{name} ({attack})", "{name} ({attack})"),
           "fx.attack.range": (", дальность {n}", ", range {n}"),
           "fx.attack.range.unlimited": (", дальность не ограничена", ", unlimited range"),
           "fx.attack.at": (" по {target}", " at {target}"),
           "fx.attack.line.forward": (", только вперёд по прямой", ", only straight forward"),
           "fx.attack.unwounded": (", только по карте без ран", ", only at a card without wounds"),
           "fx.attack.ignore_abilities": (
               " (игнорирует особенности атакованного существа)",
               " (ignores the abilities of the attacked creature)",
           ),
           "fx.attack.point_blank": (" (в том числе по карте рядом)", " (a card next to it included)"),
           "fx.attack.over_jump": (
               " по существу, через которое эта карта перепрыгнула по прямой",
               " at a creature this card jumped over in a straight line",
           ),
           "fx.attack.damage.dead_weak_strike": (
               "X (X — слабый удар погибшего существа)",
               "X (X is the weak strike of the creature that died)",
           ),
           "fx.attack.damage.wounds_taken": ("X", "X"),
           "fx.attack.damage.X": ("X", "X"),
           "fx.attack.damage.beside_weak": (
               "X (X — сумма слабых ударов ваших существ, стоящих справа и слева от этой карты)",
               "X (X is the sum of the weak strikes of your creatures standing directly left and right of this card)",
           ),
           "fx.attack.damage.own_strike": (
               "X (X — величина её простого удара{plus}{max})",
               "X (X is its simple strike{plus}{max})",
           ),
           "fx.attack.damage.own_wounds": (
               "X (X — число ран на ней{plus}{max})",
               "X (X is the number of wounds on it{plus}{max})",
           ),
           "fx.attack.plus": (", +{n}", ", +{n}"),
           "fx.attack.max": (", не больше {n}", ", at most {n}"),
           "fx.attack.striker.wounded": (" (его наносит раненое существо)", " (made by the wounded creature)"),
       }, _attack),
    op("attack_around", (req("attack", ATTACK), req("damage", Damage())),
       "(an `attacked` trigger with `first = true`) an attack of that kind at every enemy card (terrain aside) on a "
       "cell next to the "
       "struck card's cell, the struck card excepted — also next to the source, whatever its kind's reach", {
           "fx.attack_around": (
               "{attack:nom} на {damage} по каждой карте противника, стоящей рядом с целью удара (в том числе рядом "
               "с этой картой)",
               "{attack:nom} for {damage} at every enemy card standing next to the struck card (next to this card "
               "too)",
           ),
       }),
    op("wound", (req("amount", Union((Int(1), Damage(), Enum(WOUND_X)))), req("target", TARGET),
                 opt("filter", CARD, "with amount own_count: the own cards counted"), opt("max", Int(1))),
       "wound the target; `amount`: an integer, or `[w, m, s]` (by a die roll of the card, alone), or X: "
       "`\"strong_minus_weak\"` (the target's strong minus weak strike), `\"dead_regen\"` (the regen of the "
       "creature that died), `\"target_wounds\"` (the wounds on the target), `\"blocked_value\"` (the value of the "
       "attack a `defended` trigger with `how = \"blocked\"` blocked), `\"chips\"` (the owner removes X of this "
       "card's chips, 1 to all "
       "of them, and X is dealt), `\"X\"` (the X chips paid for an ability with `chips = \"X\"`), `\"chosen\"` / "
       "`\"chosen_minus_one\"` (X / X−1 of a `choose_number`), `\"heal\"` (in a `healed` trigger: X, the healing it "
       "replaces), `\"behind_weak\"` (the weak simple strike of the creature on the cell behind the target, as the "
       "target's controller sees it), `\"own_count\"` with `filter` and `max` (X = the own face-up cards on the "
       "battlefield matching `filter`, at most `max`)", {
           "fx.wound": ("нанести {amount} {amount:wounds} {target:dat}", "deal {amount} {amount:wounds} to {target}"),
           "fx.wound.rolled": (
               "ранить {target:acc} на {amount} (по броску кубика)",
               "wound {target} for {amount} (by a die roll)",
           ),
           "fx.wound.X": ("нанести {target:dat} X ран", "deal X wounds to {target}"),
           "fx.wound.strong_minus_weak": (
               "нанести {target:dat} X ран, где X — разность сильного и слабого ударов цели",
               "deal X wounds to {target}, where X is its strong strike minus its weak strike",
           ),
           "fx.wound.dead_regen": (
               "нанести {target:dat} X ран, где X — регенерация погибшего существа",
               "deal X wounds to {target}, where X is the regeneration of the dead creature",
           ),
           "fx.wound.chosen": ("нанести {target:dat} X ран", "deal X wounds to {target}"),
           "fx.wound.own_count": (
               "нанести {target:dat} X ран, где X — число ваших карт{filter:filter} на поле боя (не больше {max})",
               "deal X wounds to {target}, where X is the number of your cards{filter:filter} on the battlefield (at "
               "most {max})",
           ),
           "fx.wound.chosen_minus_one": ("нанести {target:dat} X−1 ран", "deal X−1 wounds to {target}"),
           "fx.wound.target_wounds": (
               "нанести {target:dat} X ран, где X — число ран на нём",
               "deal X wounds to {target}, where X is the number of wounds on it",
           ),
           "fx.wound.blocked_value": (
               "нанести {target:dat} X ран, где X — величина заблокированной атаки (по слабому значению)",
               "deal X wounds to {target}, where X is the value of the blocked attack (its weak value)",
           ),
           "fx.wound.heal": ("ранить {target:acc} на X", "wound {target} by X"),
           "fx.wound.behind_weak": (
               "ранить {target:acc} на X, где X — слабый удар существа, стоящего позади него",
               "wound {target} by X, where X is the weak strike of the creature standing behind it",
           ),
           "fx.wound.chips": (
               "потерять X фишек этой карты (X от 1 до их числа), при этом нанести {target:dat} X ран",
               "remove X chips from this card (X from 1 to their number) and deal X wounds to {target}",
           ),
       }, _by_amount),
    op("wound_heal", (req("amount", Int(1)), req("target", TARGET, "an `all` selector")),
       "wound each face-up matching card by amount, then heal this card by the wounds dealt", {
           "fx.wound_heal": (
               "ранить {target:acc} на {amount}, при этом излечиться на X, где X — число нанесённых ран",
               "wound {target} by {amount}, then heal by X, X being the wounds dealt",
           ),
       }),
    op("wound_square", (req("max", Int(1)),),
       "the owner picks a 2×2 square of cells (by its cell nearest a1); every enemy card on it (seated symbionts "
       "included, terrain aside) is wounded by X = the cards of his own standing on those cells, at most `max`", {
           "fx.wound_square": (
               "выбрать квадрат 2×2 клеток; ранить каждую карту противника на этих клетках на X, где X — число ваших "
               "карт на этих клетках (не более {max})",
               "choose a 2×2 square of cells; wound every enemy card on them by X, where X is the number of your "
               "cards on them (at most {max})",
           ),
       }),
    op("wound_around_cell", (req("amount", Int(1)),),
       "the owner picks a free cell next to this card (diagonals included); every enemy card standing next to that "
       "cell (diagonals included, seated symbionts too, terrain aside) is wounded by amount", {
           "fx.wound_around_cell": (
               "выбрать незанятую клетку рядом с этой картой; нанести {amount} {amount:wounds} каждой карте "
               "противника, стоящей рядом с этой клеткой",
               "choose a free cell next to this card; deal {amount} {amount:wounds} to every enemy card next to that "
               "cell",
           ),
       }),
    op("wound_diagonal", (req("amount", Damage()),),
       "the owner picks a diagonal line of the battlefield (two or more cells); one roll of the card picks the "
       "value; every card on it (seated symbionts included, terrain aside) is wounded", {
           "fx.wound_diagonal": (
               "ранить все карты, стоящие на выбранной диагонали поля боя, на {amount} (по одному броску кубика)",
               "wound every card on a chosen diagonal of the battlefield for {amount} (by one die roll)",
           ),
       }),
    op("poison", (req("amount", Union((Int(1), Damage(), Enum(("dead_poison",))))), req("target", TARGET)),
       "the target is poisoned (the largest poison applies); `amount` `[w, m, s]`: by a die roll of the card, "
       "alone; `\"dead_poison\"` (a `died` trigger): X = the poison the dead creature had", {
           "fx.poison.dead_poison": (
               "отравить {target:acc} на X, где X — величина отравления погибшего существа",
               "poison {target} by X, X being the poison the dead creature had",
           ),
           "fx.poison": ("отравить {target:acc} на {amount}", "poison {target} by {amount}"),
           "fx.poison.rolled": (
               "отравить {target:acc} на {amount} (по броску кубика)",
               "poison {target} by {amount} (by a die roll)",
           ),
       }, _by_amount),
    op("heal", (req("amount", Union((Int(1), Enum(HEAL_X)))), req("target", TARGET)),
       "heal; `amount = \"all\"`: полностью — all its wounds; `\"weak_strike\"`: the target's weak simple strike; "
       "`\"attack_value\"`: in an `attacked` trigger with `levels`, the value of the attack that triggered it; "
       "`\"wounds_this_turn\"`: the wounds the target took this turn; `\"opposite_strike\"`: the simple strike of "
       "the creature opposite this card, of the level of the hit that triggered it (weak without one; 0 with no "
       "creature opposite); `\"X\"`: the X chips paid for an ability with `chips = \"X\"`", {
           "fx.heal": ("излечить {target:acc} на {amount}", "heal {target} by {amount}"),
           "fx.heal.all": ("полностью излечить {target:acc}", "fully heal {target}"),
           "fx.heal.weak_strike": (
               "излечить {target:acc} на X (X — величина его слабого удара)",
               "heal {target} by X (X is its weak strike)",
           ),
           "fx.heal.X": ("излечить {target:acc} на X", "heal {target} by X"),
           "fx.heal.wounds_this_turn": (
               "излечить {target:acc} на число ран, полученных им в этот ход",
               "heal {target} by the wounds it took this turn",
           ),
           "fx.heal.opposite_strike": (
               "излечить {target:acc} на X, где X — величина удара существа напротив этой карты (той же силы, "
               "что и этот удар)",
               "heal {target} by X, where X is the strike of the creature opposite this card (of the same level as "
               "this hit)",
           ),
           "fx.heal.attack_value": (
               "излечить {target:acc} на величину этого удара",
               "heal {target} by the value of this strike",
           ),
       }, _by_amount),
    op("extra_life", (req("amount", Int(1)), req("target", TARGET)),
       "the target gets that many extra lives (дополнительные жизни)", {
           "fx.extra_life": (
               "{target:nom} получает {amount} {amount:extra_lives.acc}",
               "{target} gets {amount} {amount:extra_lives.acc}",
           ),
       }),
    op("finish", (req("amount", Union((Int(1), Enum(("own_weak", "moved", "poisoned_near"))))), req("target", TARGET),
                  opt("own_half_bonus", Int(1)), opt("plus", Int(1))),
       "добивание: destroy a face-up non-incorporeal creature on a cell (not a symbiont) with amount or fewer lives "
       "left (+bonus on the source's controller's half), without wounds; `amount = \"own_weak\"`: X = the source's "
       "own weak simple strike («где X — величина своего слабого удара»); `\"moved\"`: X = the cells the source "
       "moved by its own movement this turn; `\"poisoned_near\"`: X = the poisoned creatures next to the target; "
       "`plus = N`: X+N", {
           "fx.finish.moved": (
               "добивание на X, где X — число клеток, на которое эта карта переместилась в этот ход: уничтожить "
               "{target:acc}, небестелесное и не симбиота, с X или менее оставшимися жизнями, не нанося ран",
               "finishing off for X, X being the cells this card moved this turn: destroy {target}, "
               "non-incorporeal and not a symbiont, with X or fewer lives left, without dealing wounds",
           ),
           "fx.finish": (
               "добивание на {amount}: уничтожить {target:acc}, небестелесное и не симбиота, с {amount} или менее "
               "оставшимися жизнями, не нанося ран",
               "finishing off for {amount}: destroy {target}, non-incorporeal and not a symbiont, with {amount} or "
               "fewer lives left, without dealing wounds",
           ),
           "fx.finish.own_weak": (
               "добивание на X, где X — величина своего слабого удара: уничтожить {target:acc}, небестелесное и не "
               "симбиота, с X или менее оставшимися жизнями, не нанося ран",
               "finishing off for X, X being its own weak strike: destroy {target}, non-incorporeal and not a "
               "symbiont, with X or fewer lives left, without dealing wounds",
           ),
           "fx.finish.poisoned_near": (
               "добивание на X{plus}, где X — число отравленных существ рядом с целью: уничтожить {target:acc}, "
               "небестелесное и не симбиота, с X{plus} или менее оставшимися жизнями, не нанося ран",
               "finishing off for X{plus}, X being the poisoned creatures next to the target: destroy {target}, "
               "non-incorporeal and not a symbiont, with X{plus} or fewer lives left, without dealing wounds",
           ),
           "fx.finish.own_half": (
               " (+{n} к добиванию существ, стоящих на вашей половине поля боя)",
               " (+{n} to finishing off creatures standing on your half of the battlefield)",
           ),
       }, _finish),
    op("destroy", (req("target", TARGET),), "destroy (no wounds)", {
        "fx.destroy": ("уничтожить {target:acc}", "destroy {target}"),
    }),
    op("strike", (req("target", TARGET), opt("as_open", Flag()),
                  opt("striker", Enum(("guard", "pair_own", "adjacent_own", "target")))),
       "this card (or the guard of a `relocated` trigger with `relation = \"near\"`, the own one of a `by_sides` "
       "pair) fights the target "
       "with a simple strike, without a declaration (no defender); `as_open`: the target fights as if it were "
       "open; `striker = \"adjacent_own\"`: every face-up creature of this card's controller next to the target "
       "fights it, one after another; `striker = \"target\"`: the target is made to strike a card next to it that "
       "this card's owner picks (decision `forced_strike`), and then closes", {
           "fx.strike.by.adjacent_own": (
               "{target:nom}: каждое ваше существо, стоящее рядом с ним, бьёт его простым "
               "ударом{as_open:fx.strike.as_open}",
               "every creature of yours next to {target} strikes it with a simple strike{as_open:fx.strike.as_open}",
           ),
           "fx.strike.by.target": (
               "{target:nom} наносит простой удар по выбранной вами карте, стоящей рядом с ним, и "
               "закрывается{as_open:fx.strike.as_open}",
               "{target} makes a simple strike at a card next to it that you choose, and closes"
               "{as_open:fx.strike.as_open}",
           ),
           "fx.strike": (
               "нанести простой удар {target:dat}{as_open:fx.strike.as_open}",
               "make a simple strike at {target}{as_open:fx.strike.as_open}",
           ),
           "fx.strike.by.guard": (
               "эта ваша карта бьёт {target:acc} простым ударом{as_open:fx.strike.as_open}",
               "that card of yours strikes {target} with a simple strike{as_open:fx.strike.as_open}",
           ),
           "fx.strike.by.pair_own": (
               "ваше из этих двух существ бьёт {target:acc} (существо противника) простым "
               "ударом{as_open:fx.strike.as_open}",
               "the creature of yours of the two strikes {target} (the enemy one) with a simple "
               "strike{as_open:fx.strike.as_open}",
           ),
           "fx.strike.as_open": (", сражаясь с целью как с открытой", ", fighting the target as if it were open"),
       }, _strike),
    op("retaliate", (req("target", TARGET, "`\"attacker\"`"),),
       "the creature that the target's declared simple strike is aimed at (its defender, if assigned) deals the "
       "target its weak simple strike's value at once, without closing", {
           "fx.retaliate": (
               "атакованное существо наносит {target:dat} слабый простой удар (не закрываясь)",
               "the attacked creature deals {target} a weak simple strike (without closing)",
           ),
       }),
    op("trap", (req("amount", Int(1)), req("target", TARGET, "`\"self\"`")),
       "«ловушка»: the source keeps a trap; the next enemy creature that acts (closes to pay for a strike, a "
       "defence, an ability or a chip) takes `amount` wounds (an effect) once that action has resolved; the trap is "
       "used up, and is lost if the source leaves the battlefield", {
           "fx.trap": (
               "следующее существо противника, которое совершит действие, получает {amount} {amount:wounds} (после "
               "этого действия)",
               "the next enemy creature to take an action gets {amount} {amount:wounds} (after that action)",
           ),
       }, rule=_kept_by_source),
    op("move_wounds", (req("amount", Union((Int(1), Enum(("wounds_taken",))))), req("target", TARGET),
                       req("to", TARGET)),
       "«перераспределить N (или менее) ран с … на …»: the owner moves up to `amount` of the target's wounds, one "
       "at a time, each onto a card `to` names (a target word such as `\"self\"`, or a selector he picks from "
       "anew for each wound: «на существо или существ»), or stops; each wound heals the target by 1 and wounds the "
       "receiver by 1 (of the ability's kind); `amount = \"wounds_taken\"`: the wounds of a `wounded` trigger", {
           "fx.move_wounds": (
               "перераспределить {amount} (или менее) {amount:wounds} с {target:gen} на {to:acc}",
               "move {amount} (or fewer) {amount:wounds} from {target} to {to}",
           ),
           "fx.move_wounds.wounds_taken": (
               "перераспределить эти раны с {target:gen} на {to:acc} (по одной, на ваш выбор)",
               "move those wounds from {target} to {to} (one at a time, as you choose)",
           ),
       }, _by_amount),
    op("redistribute", (req("target", TARGET),),
       "«перераспределить» onto this card the wounds the target has just taken (the triggering event): heal the "
       "target by that many, then wound this card as much as was healed", {
           "fx.redistribute": (
               "перераспределить на эту карту только что полученные раны {target:gen}",
               "redistribute to this card the wounds {target} has just received",
           ),
       }),
)
