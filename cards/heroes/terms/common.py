"""The terms of the base rules of «Берсерк. Герои» (seed 002 with its glossary, seed 004's dictionary).

Owned by the `cards` helper; encoders add their own terms to their area's module (see the package docstring).
"""

from __future__ import annotations

from cards.heroes.terms.model import Field, declare, term


def keyword(name: str, ru: str, en: str, doc: str, numeric: bool = False) -> object:
    """A keyword: a flag (value 1) or numeric (`{n}` in its texts, N ≥ 1)."""
    return term("keyword", name, ru, en, doc, numeric=numeric)


AMOUNT = Field("amount", "amount", True, "how many")
TARGET = Field("target", "target", True, "which character(s)")

declare(
    # keywords (особенности) — in the order a card lists them
    keyword("horde", "Орда", "Horde", "a deck may hold up to 5 copies of it (not 3)"),
    keyword("unique", "Уникальность", "Unique", "one player controls at most one card of its name"),
    keyword("created", "Созданный", "Created", "never in a deck: put into play from the reserve by `create`"),
    keyword("module", "Модуль", "Module", "a mechanism module (rules decision 832)"),
    keyword("dash", "Рывок", "Dash", "it may act on the turn it enters play"),
    keyword("directed", "Направленный удар", "Directed strike", "no defender may be assigned against its strikes"),
    keyword("ova", "Опыт в атаке", "Attack experience", "it does not close after it strikes"),
    keyword("ovz", "Опыт в защите", "Defence experience", "it does not close after it defends"),
    keyword("first_strike", "Первый удар", "First strike", "in a fight it deals its wounds first (seed 004)"),
    keyword("regen", "Регенерация {n}", "Regeneration {n}", "at the end of its controller's turn it heals N",
            numeric=True),
    keyword("armor", "Броня {n}", "Armor {n}", "it takes no wounds from the first N of strikes each turn",
            numeric=True),
    keyword("poison", "Отравление {n}", "Poison {n}",
            "poisoned: at the start of its controller's turn it takes N wounds (the highest poison counts)",
            numeric=True),
    keyword("prot_spell", "Защита от заклинаний", "Protection from spells",
            "no spell can choose it as its target, its owner's own neither (rules decision 973)"),
    keyword("prot_shot", "Защита от выстрелов", "Protection from shots",
            "it takes no wounds from shots, though a shot may choose it (rules decision 973)"),
    keyword("vulnerable", "Уязвимость", "Vulnerability", "it takes 1 more wound from every effect that wounds"),
    keyword("suppression", "Подавление", "Suppression",
            "when it attacks a creature, close the creature first chosen as the target (before a defender)"),
    keyword("meditation", "Медитация {n}", "Meditation {n}", "whoever attacks it pays N coins; what is missing "
            "wounds the attacker's hero", numeric=True),
    keyword("thirst", "Жажда {n}", "Thirst {n}", "paying for it wounds a character of the payer's by N",
            numeric=True),
    keyword("stealth", "Скрытность", "Stealth", "Найм: it hides (seed 004)"),
    keyword("frenzy", "Бешенство", "Frenzy", "it must attack with a strike whenever it can"),

    # players
    term("player", "own", "вы", "you", "the ability's controller",
         variants={"plays": ("вы разыгрываете", "you play"), "draws": ("вы берёте", "you draw"),
                   "turn": ("вашего хода", "your turn"), "gen": ("вас", "you"),
                   "played": ("вы разыграли", "you played")}),
    term("player", "enemy", "противник", "the opponent", "the controller's opponent",
         variants={"plays": ("противник разыгрывает", "the opponent plays"),
                   "draws": ("противник берёт", "the opponent draws"),
                   "turn": ("хода противника", "the opponent's turn"), "gen": ("противника", "the opponent"),
                   "played": ("противник разыграл", "the opponent played")}),
    term("player", "any", "любой игрок", "any player", "either player",
         variants={"plays": ("любой игрок разыгрывает", "a player plays"), "draws": ("игрок берёт", "a player draws"),
                   "turn": ("каждого хода", "each turn"), "gen": ("любого игрока", "any player"),
                   "played": ("игрок разыграл", "a player played")}),

    # targets: the acc(usative) form is the main one
    term("target", "self", "это существо", "this creature", "the card itself",
         variants={"nom": ("это существо", "this creature")}),
    term("target", "creature", "существо", "a creature", "a creature the controller chooses", choose=True,
         variants={"nom": ("выбранное существо", "the chosen creature")}),
    term("target", "enemy_creature", "существо противника", "an enemy creature", "an enemy creature, chosen",
         choose=True, variants={"nom": ("выбранное существо противника", "the chosen enemy creature")}),
    term("target", "own_creature", "ваше существо", "a creature of yours", "a creature of yours, chosen",
         choose=True, variants={"nom": ("выбранное ваше существо", "the chosen creature of yours")}),
    term("target", "character", "персонажа", "a character", "a hero or a creature, chosen", choose=True,
         variants={"nom": ("выбранный персонаж", "the chosen character")}),
    term("target", "enemy_hero", "героя противника", "the opponent's hero", "the opponent's hero",
         variants={"nom": ("герой противника", "the opponent's hero")}),
    term("target", "own_hero", "вашего героя", "your hero", "the controller's hero",
         variants={"nom": ("ваш герой", "your hero")}),
    term("target", "each_enemy_creature", "каждое существо противника", "each enemy creature",
         "every creature the opponent controls", variants={"nom": ("каждое существо противника",
                                                                   "each enemy creature"),
                                                           "gen": ("каждого существа противника",
                                                                   "each enemy creature")}),
    term("target", "each_creature", "каждое существо", "each creature", "every creature in play",
         variants={"nom": ("каждое существо", "each creature"), "gen": ("каждого существа", "each creature")}),
    term("target", "each_own_creature", "каждое ваше существо", "each creature of yours",
         "every creature the controller controls",
         variants={"nom": ("каждое ваше существо", "each creature of yours")}),
    term("target", "each_enemy_character", "каждого персонажа противника", "each enemy character",
         "the opponent's hero and every creature of the opponent",
         variants={"nom": ("каждый персонаж противника", "each enemy character")}),
    term("target", "enemy_character", "персонажа противника", "an enemy character",
         "the opponent's hero or a creature of the opponent, chosen", choose=True,
         variants={"nom": ("выбранный персонаж противника", "the chosen enemy character")}),
    term("target", "chosen", "выбранное существо", "the chosen creature",
         "the card an earlier effect of the same ability chose", variants={"nom": ("выбранное существо",
                                                                                  "the chosen creature")}),
    term("target", "event_card", "эту карту", "that card", "the card of the trigger's event (the card played)",
         variants={"nom": ("эта карта", "that card")}),

    # values an amount may be besides a number
    term("value", "x", "Х", "X", "the X the player chose when paying (an X cost) or as the ability says"),
    term("value", "self_attack", "Х", "X", "this card's attack (as it last was in play, if it has left)",
         variants={"where": ("сила удара этого существа", "this creature's attack")}),

    # durations
    term("duration", "this_turn", "до конца хода", "until the end of the turn", "until the end of this turn"),
    term("duration", "enemy_next_turn", "в следующий ход противника", "during the opponent's next turn",
         "during the opponent's next turn (the whole of it)"),
    term("duration", "their_next_turn", "в свой следующий ход", "during their next turn",
         "during the next turn of the player the effect names (its `player`)"),
    term("duration", "until_enemy_turn_end", "до конца хода противника", "until the end of the opponent's turn",
         "until the end of the opponent's next turn (or of this one, if it is the opponent's)"),

    # trigger events: the text is the clause after «когда» (`head` events: the whole head, then `:`)
    term("event", "hired", "Найм", "Hire", "this card enters play (Найм)", head=True),
    term("event", "died", "Гибель", "Death", "this card dies: goes from play to the graveyard (Гибель)", head=True),
    term("event", "turn_started", "в начале {whose@turn}", "at the start of {whose@turn}",
         "the start of a turn, after the draw («в начале хода»)", fields=(Field("whose", "player", True),),
         head=True, join=("", ",")),
    term("event", "turn_ended", "в конце {whose@turn}", "at the end of {whose@turn}",
         "the end of a turn («в конце хода»)", fields=(Field("whose", "player", True),), head=True, join=("", ",")),
    term("event", "card_played", "{who@plays} карту", "{who@plays} a card",
         "a player plays a card from the hand (after paying; before it resolves)",
         fields=(Field("who", "player", True), Field("nth", "int", doc="only the Nth card that player plays in a turn"),
                 Field("not_types", "types", doc="only a card of none of these types")),
         variants={"nth": ("{who@plays} {nth@ord} карту за ход", "{who@plays} a {nth@ord} card in a turn"),
                   "not_types": ("{who@plays} карту, не являющуюся {not_types@is}",
                                 "{who@plays} a card that is not {not_types@is}")}),
    term("event", "card_drawn", "{who@draws} карту", "{who@draws} a card", "a player draws a card",
         fields=(Field("who", "player", True), Field("nth", "int", doc="only the Nth card drawn in a turn")),
         variants={"nth": ("{who@draws} {nth@ord} карту за ход", "{who@draws} a {nth@ord} card in a turn")}),

    # effect ops
    term("op", "wound", "ранить {target} на {amount}", "wound {target} by {amount}",
         "the target takes N wounds", fields=(TARGET, AMOUNT)),
    term("op", "heal", "излечить {target} на {amount}", "heal {target} by {amount}",
         "remove N wounds from the target (all, if it has fewer)", fields=(TARGET, AMOUNT)),
    term("op", "draw", "возьмите {amount#карту|карты|карт}", "draw {amount#a card|cards}",
         "the controller draws N cards from the top of the deck", fields=(AMOUNT,),
         variants={"inf": ("взять {amount#карту|карты|карт}", "draw {amount#a card|cards}")}),
    term("op", "destroy", "уничтожьте {target}", "destroy {target}", "put the target from play into its "
         "owner's graveyard (it dies)", fields=(TARGET,),
         variants={"inf": ("уничтожить {target}", "destroy {target}")}),
    term("op", "poison", "отравить {target} на {amount}", "poison {target} by {amount}",
         "the target gets poison N (the highest poison counts)", fields=(TARGET, AMOUNT)),
    term("op", "create", "создайте {card}", "create {card}",
         "put the named created card into play from the reserve, under the controller",
         fields=(Field("card", "name", True, "the name of a card with the keyword `created`"),),
         variants={"inf": ("создать {card}", "create {card}")}),
    term("op", "poison_more", "усилить отравление {target@gen} на {amount}",
         "increase the poison of {target} by {amount}",
         "a poisoned target's poison grows by N; an unpoisoned one is not affected (rules decision 834)",
         fields=(TARGET, AMOUNT)),
    term("op", "bounce", "положите {target} в руку владельца", "return {target} to its owner's hand",
         "put the target from play into its owner's hand (a created card: to the reserve)", fields=(TARGET,),
         variants={"inf": ("положить {target} в руку владельца", "return {target} to its owner's hand")}),
    term("op", "to_deck_bottom", "положите {target} под низ колоды владельца",
         "put {target} at the bottom of its owner's deck",
         "put the target from play at the bottom of its owner's deck (a created card: to the reserve)",
         fields=(TARGET,), variants={"inf": ("положить {target} под низ колоды владельца",
                                             "put {target} at the bottom of its owner's deck")}),
    term("op", "cancel", "отмените {target}", "cancel {target}",
         "a card being played does nothing and goes to its owner's graveyard (its cost stays paid)",
         fields=(TARGET,), variants={"inf": ("отменить {target}", "cancel {target}")}),
    term("op", "search", "поиск — {card}", "search for {card}", "find a card of that name in the controller's deck,"
         " show it, put it into the hand, then shuffle the deck (nothing found: just shuffle)",
         fields=(Field("card", "name", True, "the card's name"),)),
    term("op", "revive", "возродите {amount#карту|карты|карт} {card}", "revive {amount#a card|cards} {card}",
         "put up to N cards of that name from the controller's graveyard into play (they cannot act this turn "
         "without Рывок)", fields=(Field("card", "name", True, "the card's name"), AMOUNT)),
    term("op", "choose", "{options}", "{options}", "the controller chooses one of the options (`times` times)",
         fields=(Field("options", "options", True, "the effects to choose from"),
                 Field("times", "amount", doc="how many times (default 1; X: the X paid)")),
         variants={"times": ("выберите {times#раз|раза|раз} одно из: {options}",
                             "choose one of these {times#time|times}: {options}")}),
)
