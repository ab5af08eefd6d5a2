"""Terms of the glossary (seed 002, seed 004's dictionary) no public card of sets 7–8 uses (helper glossary):
proven by the test-only cards of tests/heroes_glossary/test_cards.toml (docs/heroes-glossary.md). Append new ones
at the end."""

from __future__ import annotations

from cards.heroes.terms.model import Field, declare, term

AMOUNT = Field("amount", "amount", True, "how many")
TARGET = Field("target", "target", True, "which character(s)")

declare(
    term("op", "take_control", "возьмите под контроль {target}", "take control of {target}",
         "the target creature passes for good into the controller's squad; it cannot act this turn without Рывок "
         "but may defend", fields=(TARGET,),
         variants={"inf": ("взять под контроль {target}", "take control of {target}")}),
    term("op", "boost", "{target} получает {amount#эффект усиления|эффекта усиления|эффектов усиления}",
         "{target} gets {amount#a boost|boosts}",
         "Эффект усиления: each one adds 1 to the creature's strike and lives while it stays in play",
         fields=(TARGET, AMOUNT)),
    term("op", "repeat_spell", "повторите заклинание", "repeat the spell",
         "run the spell's effects before this one once more (targets chosen anew, its X unchanged)",
         variants={"inf": ("повторить заклинание", "repeat the spell")}),
    term("op", "play_free", "вы можете бесплатно разыграть с руки существо стоимостью {amount} или менее",
         "you may play from your hand a creature of cost {amount} or less for free",
         "the controller may play a creature of that printed cost or less from the hand without paying (Бесплатно: "
         "no cost change applies)", fields=(AMOUNT,)),
    term("keyword", "wrath", "Гнев", "Wrath",
         "+1 to its strike at creatures that have already taken wounds this turn (seed 004)"),
    term("keyword", "incarnation", "Инкарнация {n}", "Incarnation {n}",
         "at the start of its owner's turn, from the graveyard: he may lose N coins to revive it closed (seed 004)",
         numeric=True),
    term("value", "excess", "Х", "X",
         "the wounds the card's last blow or ability this turn dealt beyond the lives of what it wounded (no more than "
         "it dealt)", variants={"where": ("избыточный урон", "the excess damage")}),
    term("op", "set_life", "{target@nom} — жизни сокращаются до {amount}", "{target}: its lives become {amount}",
         "remove all of the target's wounds, then give it extra or negative lives so that its lives are N (not a "
         "heal)", fields=(TARGET, AMOUNT)),
    term("op", "ambush", "засада {amount}", "ambush {amount}",
         "Засада X: this card, in its owner's hand (the trigger's `zones` = [\"hand\"]), may be played now for X "
         "instead of its cost, in either player's turn", fields=(AMOUNT,)),
    term("keyword", "egg", "Яйцо", "Egg",
         "an Яйцо (a created card): Засада works for the cards it mined (seed 002, «Кладка», «Засада»)"),
    term("op", "clutch", "создайте {card}, оно добывает эту карту", "create {card}; it mines this card",
         "Кладка: the named created card (an Яйцо) comes into play and mines this card: it lies under the Яйцо, out "
         "of play, seen by both, and goes back to the hand when the Яйцо leaves play",
         fields=(Field("card", "name", True, "the name of a created card with the keyword `egg`"),)),
    term("keyword", "vanguard", "Авангард {n}", "Vanguard {n}",
         "played from the hand, once in play: its player may play a creature of cost N or less from the hand for "
         "free; that one gets Рывок and goes back to the hand at the end of the turn, and this card closes (seed 004)",
         numeric=True),
    term("keyword", "unity", "Единение {n}", "Unity {n}",
         "Гибель: Поиск — a creature of cost N or less (seed 004)", numeric=True),
    # the hidden creature (seed 004; Скрытность is `common`'s keyword `stealth`; engine/heroes/ops/stealth.py)
    term("op", "hide", "скройте {target}", "hide {target}",
         "Скрыться: the target creature in play turns face down and becomes hidden", fields=(TARGET,),
         variants={"inf": ("скрыть {target}", "hide {target}")}),
    term("op", "unhide", "раскройте {target}", "reveal {target}",
         "Раскрыться: the target hidden creature turns face up and is no longer hidden; it may act at once as any "
         "creature in play", fields=(TARGET,), variants={"inf": ("раскрыть {target}", "reveal {target}")}),
    term("target", "hidden_creature", "скрытое существо", "a hidden creature",
         "a hidden creature (either side's), chosen: an ability that speaks of hidden creatures may choose one",
         choose=True, variants={"nom": ("выбранное скрытое существо", "the chosen hidden creature")}),
)
