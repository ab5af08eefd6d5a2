"""Terms the set 7 Степи cards add (helper `steppe`); append new ones at the end."""

from __future__ import annotations

from cards.heroes.terms.model import Field, declare, term

TARGET = Field("target", "target", True, "which character(s)")
DURATION = Field("duration", "duration", doc="how long (absent: while the card stays in play)")

declare(
    # targets
    term("target", "own_mechanism", "ваш механизм", "a mechanism of yours",
         "a creature of class Механизм the controller controls, chosen", choose=True,
         variants={"nom": ("выбранный ваш механизм", "the chosen mechanism of yours")}),
    term("target", "each_hero", "каждого героя", "each hero", "both heroes",
         variants={"nom": ("каждый герой", "each hero")}),

    # values
    term("value", "chosen_attack", "Х", "X", "the attack of the card the effect's first op chose (as it last was "
         "in play)", variants={"where": ("сила удара этого механизма", "that mechanism's attack")}),
    term("value", "self_wounds", "Х", "X", "the wounds on this card (as it last was in play)",
         variants={"where": ("количество ран на этом существе", "the number of wounds on this creature")}),
    term("value", "drawn_now", "Х", "X", "the number of cards the ability's earlier op drew",
         variants={"where": ("количество карт, взятых таким образом", "the number of cards drawn this way")}),
    term("value", "discarded_x2", "Х", "X", "twice the number of cards the event discarded",
         variants={"where": ("удвоенное количество сброшенных карт", "twice the number of cards discarded")}),

    # conditions
    term("condition", "fewer_cards_in_hand", "у вас в руке меньше карт, чем у противника",
         "you hold fewer cards than the opponent", "the controller holds fewer cards in hand than the opponent"),

    # events
    term("event", "own_mechanism_wounds_hero", "ваш механизм наносит раны герою",
         "a mechanism of yours wounds a hero", "a creature of class Механизм of the controller's dealt wounds to a "
         "hero (by strike or ability)"),
    term("event", "own_class_died", "погибает ваше существо класса {class}",
         "a creature of yours of class {class} dies", "a creature of the controller's of that class (not this one) "
         "dies", fields=(Field("class", "name", True),)),
    term("event", "own_discard", "вы сбрасываете карты", "you discard cards",
         "the controller discards one or more cards from the hand (one event per discarding effect)"),

    # keywords
    term("keyword", "no_attack", "Не может атаковать", "Cannot attack", "it never attacks with its strike"),
    term("keyword", "no_defend", "Не может выступать защитником", "Cannot defend",
         "it is never assigned as a defender"),

    # effect ops
    term("op", "swap_control", "выберите {amount} ваших существ и {amount} существ противника. Подготовьте их, они "
         "получают Рывок, затем обменяйтесь контролем над ними {duration}",
         "choose {amount} creatures of yours and {amount} enemy creatures. Ready them, they gain Dash, then "
         "exchange control of them {duration}",
         "the controller chooses N of his creatures and N of the opponent's; they are readied, gain Рывок, and "
         "each player controls the other's chosen ones for the duration (rules decision 878)",
         fields=(Field("amount", "amount", True), Field("duration", "duration", True))),
    term("op", "discard", "сбросьте {amount#карту|карты|карт}", "discard {amount#a card|cards}",
         "the controller discards N cards of his choice from the hand (all, if he holds fewer)",
         fields=(Field("amount", "amount", True), Field("else", "effect", doc="what happens if he cannot")),
         variants={"else": ("сбросьте {amount#карту|карты|карт}, иначе {else}",
                            "discard {amount#a card|cards}, otherwise {else}")}),
    term("op", "exposed", "{target@nom} {duration} не наносит ран, а существа имеют Направленный удар по нему",
         "{duration}, {target@nom} deals no wounds and creatures have Directed strike against it",
         "the target deals no wounds and no defender may be assigned against attacks on it (rules decision 882)",
         fields=(TARGET, Field("duration", "duration", True))),
    term("op", "summon", "вызовите до {amount#существа|существ|существ} стоимостью ({max_cost}) или менее",
         "summon up to {amount#creature|creatures} of cost ({max_cost}) or less",
         "put up to N creatures of that cost or less from the controller's deck into play (they cannot act this "
         "turn without Рывок), then shuffle the deck",
         fields=(Field("amount", "amount", True), Field("max_cost", "int", True))),
    term("op", "double_attack", "{target@nom} удваивает силу удара {duration}", "{target@nom} doubles its attack "
         "{duration}", "the target's attack becomes twice what it is now, for the duration",
         fields=(TARGET, Field("duration", "duration", True))),
    term("op", "directed_vs_creatures", "{target@nom} получает Направленный удар по существам противника {duration}",
         "{target@nom} gains Directed strike against enemy creatures {duration}",
         "no defender may be assigned against the target's attacks on creatures, for the duration",
         fields=(TARGET, Field("duration", "duration", True))),
    term("op", "search_up_to", "поиск — до {up_to#карты|карт|карт} {card}", "search for up to {up_to#card|cards} "
         "{card}", "find up to N cards of that name in the controller's deck, show them, put them into the hand, "
         "then shuffle the deck", fields=(Field("card", "name", True), Field("up_to", "int", True))),
    term("op", "gain_first_strike", "{target@nom} получает Первый удар {duration}",
         "{target@nom} gains First strike {duration}", "the target has Первый удар for the duration",
         fields=(TARGET, Field("duration", "duration", True))),
    term("op", "draw_to_match", "берите карты, пока у вас в руке не будет столько же карт, сколько у противника",
         "draw cards until you hold as many as the opponent",
         "the controller draws until his hand is as large as the opponent's (or his deck is empty)"),

    term("op", "sacrifice", "уничтожьте {target}", "destroy {target}", "destroy the target (it dies), its attack "
         "as it was in play kept for the ability's later ops (`chosen_attack`)", fields=(TARGET,)),

    # statics
    term("static", "cost_by_hand_and_squad", "стоит на (1) дороже за каждую другую карту у вас в руке и на (1) "
         "дешевле за каждое ваше существо", "it costs (1) more for each other card in your hand and (1) less for "
         "each creature of yours", "its cost in the hand: printed + other cards in hand − creatures in play, not "
         "below 0 (rules decision 876)"),
)
