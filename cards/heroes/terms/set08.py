"""Terms the set 8 «Цена прогресса» cards add (helper `steppe`); append new ones at the end."""

from __future__ import annotations

from cards.heroes.terms.model import Field, declare, term

TARGET = Field("target", "target", True, "which character(s)")
DURATION = Field("duration", "duration", doc="how long (absent: while the card stays in play)")

declare(
    # targets: «по его выбору» — the opponent chooses among his own (rules decision 875)
    term("target", "enemy_character_their", "персонажа противника по его выбору",
         "an enemy character of the opponent's choice", "the opponent's hero or one of his creatures, which the "
         "opponent chooses", variants={"nom": ("персонаж противника по его выбору",
                                               "an enemy character of the opponent's choice")}),
    term("target", "enemy_creature_their", "существо противника по его выбору",
         "an enemy creature of the opponent's choice", "one of the opponent's creatures, which the opponent chooses",
         variants={"nom": ("существо противника по его выбору", "an enemy creature of the opponent's choice")}),
    term("target", "mechanism", "механизм", "a mechanism", "a creature of class Механизм (anyone's), chosen",
         choose=True, variants={"nom": ("выбранный механизм", "the chosen mechanism")}),
    term("target", "each_other_creature", "каждое другое существо", "each other creature",
         "every creature in play but this one", variants={"nom": ("каждое другое существо", "each other creature")}),
    term("target", "cheap_creature", "существо стоимостью (1) или менее", "a creature of cost (1) or less",
         "a creature (anyone's) of printed cost 1 or less, chosen", choose=True,
         variants={"nom": ("выбранное существо стоимостью (1) или менее", "the chosen creature of cost (1) or less")}),

    # values
    term("value", "other_own_creatures", "Х", "X", "the number of the controller's creatures in play but this one",
         variants={"where": ("количество других ваших существ", "the number of your other creatures")}),
    term("value", "own_orcs", "Х", "X", "the number of the controller's creatures of class Орк in play",
         variants={"where": ("количество ваших орков в игре", "the number of your orcs in play")}),

    # conditions
    term("condition", "hand_empty", "у вас нет карт в руке", "you hold no cards",
         "the controller's hand is empty"),

    # effect ops
    term("op", "upgrade", "усовершенствуйте {target}", "upgrade {target}",
         "the target becomes a mechanism (gains class Механизм); a mechanism is not changed, so a «при этом» after "
         "it does not happen (rules decision 871)", fields=(TARGET,),
         variants={"inf": ("усовершенствовать {target}", "upgrade {target}")}),
    term("op", "stats_bonus", "{target@nom} получает +{amount} к удару и жизням",
         "{target@nom} gets +{amount} attack and health",
         "the target's attack and health grow by N while it stays in play", fields=(TARGET, Field(
             "amount", "amount", True))),
    term("op", "gain_dash", "{target@nom} получает Рывок", "{target@nom} gains Dash",
         "the target has Рывок while it stays in play", fields=(TARGET,)),
    term("op", "gain_vulnerable", "{target@nom} получает Уязвимость {duration}",
         "{target@nom} gains Vulnerability {duration}", "the target has Уязвимость for the duration",
         fields=(TARGET, Field("duration", "duration", True))),
    term("op", "attach_mechanism", "присоедините к этому существу механизм стоимостью ({cost}) (можно выбрать "
         "механизм противника)", "attach to this creature a mechanism of cost ({cost}) (an enemy one may be chosen)",
         "a mechanism in play (anyone's but this one) of printed cost N becomes a part of this creature (rules "
         "decisions 832, 873)", fields=(Field("cost", "amount", True),)),
    term("op", "shroud", "{amount#персонаж|персонажа|персонажей} не могут быть выбраны целью заклинаний и "
         "способностей {duration}", "{amount#character|characters} cannot be chosen as the target of spells and "
         "abilities {duration}", "the controller chooses N characters (anyone's); for the duration no spell or "
         "ability may choose them", fields=(Field("amount", "amount", True), Field("duration", "duration", True))),
    term("op", "immune", "{target@nom} не получает ран {duration}", "{target@nom} takes no wounds {duration}",
         "no wounds are put on the target for the duration", fields=(TARGET, Field("duration", "duration", True))),
    term("op", "recall_on_hero_wound", "когда {target@nom} {duration} наносит раны ударом герою, верните эту карту с "
         "кладбища в руку", "when {target@nom} wounds a hero with its strike {duration}, return this card from the "
         "graveyard to your hand", "the spell returns from its owner's graveyard to his hand when the target's "
         "strike wounds a hero within the duration (once)", fields=(TARGET, Field("duration", "duration", True))),
    term("op", "wound_bonus", "ранить {target} на {amount}; если {when}, на {more} больше",
         "wound {target} by {amount}; if {when}, by {more} more", "the target takes N wounds, M more if the "
         "condition holds", fields=(TARGET, Field("amount", "amount", True), Field("more", "int", True),
                                    Field("when", "condition", True))),
    term("op", "discard_hand", "сбросьте все карты", "discard your hand",
         "the controller discards every card in his hand (a spell being played is already in the graveyard)"),
    term("op", "draw_later", "в начале вашего следующего хода возьмите столько же карт, сколько вы сбросили, "
         "и ещё {more}", "at the start of your next turn draw as many cards as you discarded and {more} more",
         "at the start of the controller's next turn he draws the number of cards the ability's discard discarded, "
         "plus N (rules decision 880)", fields=(Field("more", "int", True),)),
    term("op", "all_may_discard", "каждый игрок, начиная с вас, может сбросить любое количество карт из руки",
         "each player, you first, may discard any number of cards", "the controller, then the opponent, "
         "discards as many cards from the hand as he chooses"),
    term("op", "wound_heroes_per_hand", "ранить каждого героя на {amount} за каждую карту в руке его игрока",
         "wound each hero by {amount} for each card in its player's hand",
         "each hero takes N wounds per card in its player's hand", fields=(Field("amount", "int", True),)),

    # statics
    term("static", "hero_guard", "если ваш герой должен получить раны, вы можете уничтожить это существо, при этом "
         "предотвратите получение ран и уничтожьте их источник, если это существо или карта поддержки",
         "if your hero would take wounds, you may destroy this creature; if so, prevent the wounds and destroy their "
         "source if it is a creature or a support card", "a replacement effect (rules decision 879)"),
    term("static", "upgrade_instead_of_wounds", "если это существо должно получить раны и не является механизмом, "
         "вместо этого усовершенствуйте его", "if this creature would take wounds and is not a mechanism, upgrade "
         "it instead", "a replacement effect: the wounds are not dealt, it becomes a mechanism (rules decision 872)"),
    term("static", "parts_to_hand", "вместо гибели этого существа положите все его части, кроме этой карты, в руку, "
         "а эту карту — на кладбище", "instead of this creature dying, return all its parts but this card to the "
         "hand and put this card into the graveyard", "a replacement effect on the composite mechanism's death "
         "(rules decision 874)"),
    term("static", "attack_if", "пока {when}, это существо имеет +{amount} к удару",
         "while {when}, this creature has +{amount} attack", "its attack is N more while the condition holds",
         fields=(Field("amount", "int", True), Field("when", "condition", True))),
    term("static", "cost_less_class", "существа класса {class} стоят на ({amount}) дешевле",
         "creatures of class {class} cost ({amount}) less", "the controller's creature cards of that class cost N "
         "less to play, not below 0 (rules decision 883)", fields=(Field("amount", "int", True),
                                                                     Field("class", "name", True))),
    term("static", "free_after_creatures", "если вы разыграли {amount} или более существ в этом ходу, эта карта "
         "стоит (0)", "if you played {amount} or more creatures this turn, this card costs (0)",
         "played from the hand after the controller played N creatures in the turn, it costs 0",
         fields=(Field("amount", "int", True),)),
    term("static", "class_hire_shot", "каждое ваше существо класса {class} имеет «Найм: выстрел на {amount} в "
         "персонажа противника по его выбору»", "each creature of yours of class {class} has «Hire: a shot of "
         "{amount} at an enemy character of the opponent's choice»", "the controller's creatures of that class "
         "entering play while this card is in play shoot N (rules decision 884)",
         fields=(Field("class", "name", True), Field("amount", "int", True))),
    term("static", "directed_vs_vulnerable", "Направленный удар по существам с Уязвимостью",
         "Directed strike against creatures with Vulnerability",
         "no defender may be assigned against its attacks on a creature with Уязвимость"),
)
