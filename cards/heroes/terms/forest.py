"""Terms the set 7 Лес cards add (helper `mtn`); append new ones at the end.

The glossary verbs they share with the Горы cards (оглушите, подготовьте, +N к удару...) are in `mountain`.
"""

from __future__ import annotations

from cards.heroes.terms.model import Field, declare, term

TARGET = Field("target", "target", True, "which card(s)")
AMOUNT = Field("amount", "amount", True, "how many")
DURATION = Field("duration", "duration", doc="how long (absent: for good)")

declare(
    # targets
    term("target", "own_character", "вашего персонажа", "a character of yours",
         "the controller's hero or a creature of theirs, chosen", choose=True,
         variants={"nom": ("выбранный ваш персонаж", "the chosen character of yours")}),
    term("target", "each_own_character", "каждого вашего персонажа", "each character of yours",
         "the controller's hero and every creature of theirs",
         variants={"nom": ("каждый ваш персонаж", "each character of yours")}),
    term("target", "strong_creature", "существо с ударом 6 или более", "a creature with attack 6 or more",
         "a creature whose attack is 6 or more, chosen", choose=True,
         variants={"nom": ("выбранное существо с ударом 6 или более", "the chosen creature with attack 6 or more")}),

    # values
    term("value", "healed_last_turn", "Х", "X", "the wounds healed from the controller's creatures during the "
         "controller's previous turn (rules decision 862)",
         variants={"where": ("количество ран, излеченных с ваших существ в ваш прошлый ход",
                             "the wounds healed from your creatures during your last turn")}),
    term("value", "strong_creatures", "Х", "X", "the number of creatures in play (anyone's) with attack 6 or more",
         variants={"where": ("количество существ в игре с ударом 6 или более",
                             "the number of creatures in play with attack 6 or more")}),

    # conditions
    term("condition", "chosen_has_shot", "у него есть выстрел", "it has a shot",
         "the card an earlier effect chose has an ability that shoots (op `shot`)"),

    # trigger events
    term("event", "other_own_readied", "другой ваш персонаж был подготовлен", "another character of yours is readied",
         "an effect readied (Подготовить) another character of the controller's; the recovery phase's opening is no "
         "readying (rules decision 861)"),
    term("event", "self_readied", "это существо было подготовлено", "this creature is readied",
         "an effect readied (Подготовить) this creature (rules decision 861)"),
    term("event", "own_creature_played", "вы разыгрываете существо", "you play a creature",
         "the controller plays a creature card from the hand"),
    term("event", "own_creature_died", "ваше существо погибает", "a creature of yours dies",
         "a creature of the controller's dies (goes from play to the graveyard); with `not_created`, only one "
         "without Созданный (rules decision 866)",
         fields=(Field("not_created", "bool", doc="only a creature that is not created"),),
         variants={"not_created": ("ваше существо, не являющееся созданным, погибает",
                                   "a creature of yours that is not created dies")}),
    term("event", "own_character_healed", "ваш персонаж излечивается", "a character of yours is healed",
         "wounds are removed from the controller's hero or one of their creatures"),

    # statics
    term("static", "no_wounds_from_strong", "не получает ран от существ с ударом {amount} или более",
         "it takes no wounds from creatures with attack {amount} or more",
         "wounds a creature with attack N or more would deal to it (by strike or ability) are not dealt",
         fields=(Field("amount", "int", True),)),
    term("static", "stays_closed", "это существо не открывается в начале вашего хода",
         "this creature does not open at the start of your turn",
         "the recovery phase leaves it closed (an effect may still open it)"),

    # effect ops
    term("op", "per_healed", "{effect} за каждого излеченного персонажа", "{effect} for each character healed",
         "the effect is done once for each character the ability's heal removed wounds from",
         fields=(Field("effect", "effect", True),)),
    term("op", "shot", "выстрел на {amount}", "shot {amount}",
         "an attack dealing N wounds to an enemy character, unanswered; no defender (Выстрел на X; `ops/shots.py`): "
         "the controller picks it, or the `target` word says which and who picks",
         fields=(AMOUNT, Field("target", "target", False, "which character, if not one the controller picks")),
         variants={"target": ("выстрел на {amount} в {target}", "a shot of {amount} at {target}")}),
    term("op", "shot_bonus", "{target@nom} получает +{amount} к выстрелам {duration}",
         "{target@nom} gets +{amount} to its shots {duration}", "the target's shots deal N more for the duration",
         fields=(TARGET, AMOUNT, Field("duration", "duration", True))),
    term("op", "gain_coins", "получите {amount@coins} {duration}", "gain {amount@coins} {duration}",
         "the controller gets N open coin markers, removed when the duration ends (rules decision 863)",
         fields=(AMOUNT, Field("duration", "duration", True))),
    term("op", "set_class", "{target@nom} становится картой класса {class}", "{target@nom} becomes of class {class}",
         "the target's classes are that class alone from now on", fields=(TARGET, Field("class", "name", True))),
    term("op", "set_attack", "{target@nom} получает удар, равный {amount}", "{target@nom} gets attack {amount}",
         "the target's attack is N (its printed attack replaced; bonuses still add) for the duration "
         "(rules decision 860)", fields=(TARGET, AMOUNT, DURATION),
         variants={"duration": ("{target@nom} получает удар, равный {amount}, {duration}",
                                "{target@nom} gets attack {amount} {duration}")}),
    term("op", "copy_chosen_attack", "удар этой карты становится равен удару выбранного существа",
         "this card's attack becomes the chosen creature's", "this card's attack becomes the attack the "
         "card an earlier effect chose has now, for good (rules decision 860)"),
    term("op", "lose_abilities", "{target@nom} теряет особенности", "{target@nom} loses its abilities",
         "from now on the target has no keywords and no abilities (Потерять особенности)", fields=(TARGET,)),
    term("op", "double_self", "удвойте силу удара этого существа, его максимальные жизни и стоимость этой особенности",
         "double this creature's attack, its maximum life and the cost of this ability",
         "each use doubles the card's attack, its health and the coins this ability costs, for good"),
)
