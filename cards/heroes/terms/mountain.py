"""Terms the set 7 Горы cards add (helper `mtn`); append new ones at the end.

Besides the Горы cards' own terms this module holds the glossary verbs their cards share with the Лес cards
(оглушите, подготовьте, закройте, откройте, сразиться, выстрел, +N к удару): the forest module reuses them.
"""

from __future__ import annotations

from cards.heroes.terms.model import Field, declare, term

TARGET = Field("target", "target", True, "which card(s)")
AMOUNT = Field("amount", "amount", True, "how many")
DURATION = Field("duration", "duration", doc="how long (absent: for good)")
UP_TO = Field("up_to", "int", doc="the controller chooses up to N such cards (the target's kind)")
EFFECT = Field("effect", "effect", True, "what it does")

declare(
    # targets
    term("target", "attacked", "атакованное существо", "the attacked creature",
         "the creature the trigger's attack fought (the defender, if one was assigned; rules decision 853)",
         variants={"nom": ("атакованное существо", "the attacked creature")}),
    term("target", "struck", "то существо", "that creature", "the creature this card's strike hit (the event's)",
         variants={"nom": ("то существо", "that creature")}),
    term("target", "self_card", "эту карту", "this card", "the card itself, of any type (an event, a creature)",
         variants={"nom": ("эта карта", "this card")}),
    term("target", "chosen_character", "выбранного персонажа", "the chosen character",
         "the character an earlier effect of the same ability chose",
         variants={"nom": ("выбранный персонаж", "the chosen character")}),

    # values
    term("value", "revealed_cost", "Х", "X", "the cost of the card the ability revealed from the top of the deck",
         variants={"where": ("стоимость показанной карты", "the revealed card's cost")}),
    term("value", "wounds_dealt", "Х", "X", "the wounds the trigger's strike dealt",
         variants={"where": ("количество нанесённых ран", "the number of wounds dealt")}),

    # durations
    term("duration", "until_own_next_turn", "до начала вашего следующего хода", "until the start of your next turn",
         "until the controller's next turn starts"),

    # trigger events
    term("event", "self_attacks", "При атаке", "On attack",
         "this creature attacked with a strike (not a counter-strike; seed 002 «При атаке»)", head=True),
    term("event", "self_strikes_creature", "При ударе по существу", "On striking a creature",
         "this creature's strike (an attack or a counter-strike) hit a creature (rules decision 852)", head=True),
    term("event", "self_wounds_hero", "это существо наносит раны ударом герою",
         "this creature wounds a hero with its strike", "this creature's strike dealt wounds to a hero"),
    term("event", "own_search", "вы используете Поиск", "you use a search",
         "the controller searches the deck (Поиск); heard by this card in its owner's deck (rules decision 855)"),

    # statics
    term("static", "cannot_be_stunned", "не может быть оглушено", "it cannot be stunned",
         "nothing stuns it: stun effects leave it as it is"),
    term("static", "strike_bonus_vs_stunned", "+{amount} к удару по оглушённым существам",
         "+{amount} to its strike against stunned creatures",
         "its strike deals N more to a stunned creature", fields=(Field("amount", "int", True),)),

    # effect ops: the glossary's verbs
    term("op", "stun", "оглушите {target}", "stun {target}",
         "close the target; it gets Оглушение: it does not open in its controller's next recovery phase",
         fields=(TARGET, UP_TO), variants={"inf": ("оглушить {target}", "stun {target}"),
                                           "up_to": ("оглушите до {up_to} существ", "stun up to {up_to} creatures")}),
    term("op", "ready", "подготовьте {target}", "ready {target}",
         "open the target: it may attack and use its abilities again (Подготовить)", fields=(TARGET,),
         variants={"inf": ("подготовить {target}", "ready {target}")}),
    term("op", "close", "закройте {target}", "close {target}", "close the target (Закройте)", fields=(TARGET,)),
    term("op", "open", "откройте {target}", "open {target}", "open the target (Откройте)", fields=(TARGET,)),
    term("op", "fight", "сразитесь с существом противника", "fight an enemy creature",
         "this creature strikes a chosen enemy creature by the usual rules, both fighting as open; no defender, "
         "and nobody closes (Сразиться; an enemy one: seed 004 507.2)",
         variants={"inf": ("сразиться с существом противника", "fight an enemy creature")}),
    term("op", "attack_bonus", "{target@nom} получает +{amount} к удару", "{target@nom} gets +{amount} attack",
         "the target's attack grows by N for the duration", fields=(TARGET, AMOUNT, UP_TO, DURATION),
         variants={"duration": ("{target@nom} получает +{amount} к удару {duration}",
                                "{target@nom} gets +{amount} attack {duration}"),
                   "up_to+duration": ("до {up_to} существ получают +{amount} к удару {duration}",
                                      "up to {up_to} creatures get +{amount} attack {duration}")}),
    term("op", "select", "выберите {target}", "choose {target}",
         "choose the target now; the later effects of the ability name it (`chosen`, `chosen_character`)",
         fields=(TARGET,)),

    # effect ops of the Горы cards
    term("op", "reveal_top", "покажите верхнюю карту вашей колоды", "reveal the top card of your deck",
         "show the top card of the controller's deck to both players (it stays there); if it is of `types` or "
         "`class`, do `match`, else `other`", fields=(
             Field("types", "types", doc="the card types `match` asks for"),
             Field("class", "name", doc="the class `match` asks for"),
             Field("match", "effect", doc="done if the card is of `types` / `class`"),
             Field("other", "effect", doc="done otherwise")),
         variants={"inf": ("показать верхнюю карту вашей колоды", "reveal the top card of your deck"),
                   "types+match+other": ("покажите верхнюю карту вашей колоды; если она является {types@is}, {match}; "
                                         "иначе {other}", "reveal the top card of your deck; if it is {types@is}, "
                                         "{match}; otherwise {other}"),
                   "class+match+other": ("покажите верхнюю карту вашей колоды; если это карта класса {class}, "
                                         "{match}; иначе {other}", "reveal the top card of your deck; if it is of "
                                         "class {class}, {match}; otherwise {other}")}),
    term("op", "revealed_to_bottom", "положите показанную карту под низ колоды",
         "put the revealed card at the bottom of the deck",
         "the card the ability revealed goes from the top to the bottom of its deck",
         variants={"inf": ("положить показанную карту под низ колоды",
                           "put the revealed card at the bottom of the deck")}),
    term("op", "look_top", "посмотрите верхнюю карту любой колоды", "look at the top card of either deck",
         "the controller chooses a deck (theirs or the opponent's) and alone sees its top card; it stays there",
         variants={"inf": ("посмотреть верхнюю карту любой колоды", "look at the top card of either deck")}),
    term("op", "name_reveal_take", "назовите карту и покажите верхнюю карту вашей колоды; если это названная карта, "
         "положите её в руку", "name a card and reveal the top card of your deck; if it is the named card, put it "
         "into your hand", "name a card (rules decision 854), reveal the top card of the deck: the named card goes "
         "to the hand, another stays on top"),
    term("op", "gain_on_attack", "{target@nom} получает «При атаке: {effect}»",
         "{target@nom} gains “On attack: {effect}”",
         "the target gains an on-attack trigger doing `effect` (its `self` is the bearer, `attacked` the creature "
         "it fought)", fields=(TARGET, EFFECT, DURATION),
         variants={"duration": ("{target@nom} {duration} получает «При атаке: {effect}»",
                                "{target@nom} gains “On attack: {effect}” {duration}")}),
    term("op", "hand_to_top", "положите {amount#карту|карты|карт} из руки на верх колоды",
         "put {amount#a card|cards} from your hand on top of your deck",
         "the controller puts N cards of their choice from the hand on top of the deck", fields=(AMOUNT,)),
    term("op", "died_to_deck_top", "положите {target} на верх колоды владельца вместо кладбища",
         "put {target} on top of its owner's deck instead of the graveyard",
         "a dying card goes on top of its owner's deck, not to the graveyard (rules decision 856)", fields=(TARGET,),
         variants={"inf": ("положить {target} на верх колоды владельца вместо кладбища",
                           "put {target} on top of its owner's deck instead of the graveyard")}),
    term("op", "died_shuffle_into_deck", "замешайте {target} в колоду владельца вместо кладбища",
         "shuffle {target} into its owner's deck instead of the graveyard",
         "a dying card is shuffled into its owner's deck, not put into the graveyard (rules decision 856)",
         fields=(TARGET,), variants={"inf": ("замешать {target} в колоду владельца вместо кладбища",
                                             "shuffle {target} into its owner's deck instead of the graveyard")}),
    term("op", "attach_mechanisms", "прикрепите к этому существу любое число ваших механизмов (как модули)",
         "attach any number of your mechanisms to this creature (as modules)",
         "each chosen mechanism of the controller's attaches to this card as if it had Модуль and had just "
         "entered play (rules decision 857)"),
    term("op", "lose_coins", "{player} теряет {amount@coins}", "{player} loses {amount@coins}",
         "the player's coin markers drop by N, closed ones first (rules decision 858)",
         fields=(Field("player", "player", True), AMOUNT)),
    term("op", "pay", "заплатите {amount@coins}", "pay {amount@coins}",
         "the controller closes N open coins (cannot: not done)", fields=(AMOUNT,),
         variants={"inf": ("заплатить {amount@coins}", "pay {amount@coins}")}),
    term("op", "summon_self", "вызовите {target}", "summon {target}",
         "the card goes from its owner's deck into play (Вызовите: it cannot act this turn without Рывок)",
         fields=(TARGET,)),
    term("op", "search_spells", "поиск до {up_to} заклинаний стоимостью {cost@coins}",
         "search for up to {up_to} spells costing {cost@coins}",
         "find up to N spells of that cost in the deck, show them, put them into the hand, shuffle the deck",
         fields=(Field("up_to", "int", True), Field("cost", "int", True))),
    term("op", "destroy_or_stun", "выберите {target}: если оно оглушено, уничтожьте его, иначе оглушите его",
         "choose {target}: if it is stunned, destroy it; otherwise stun it",
         "a stunned target is destroyed, another one is stunned", fields=(TARGET,)),
    term("op", "look_top_reorder", "посмотрите {amount} верхних карт вашей колоды и положите их обратно в любом "
         "порядке", "look at the top {amount} cards of your deck and put them back in any order",
         "the controller sees the top N cards of the deck and puts them back in an order of their choice",
         fields=(AMOUNT,)),
    term("op", "grave_spell_to_hand", "положите с вашего кладбища в руку заклинание стоимостью {cost@coins}",
         "put a spell costing {cost@coins} from your graveyard into your hand",
         "the controller takes a spell of that cost of their choice from the graveyard into the hand",
         fields=(Field("cost", "int", True),)),
    term("op", "all_creatures_to_deck_top", "положите всех существ на верх колод их владельцев в порядке, выбранном "
         "владельцами", "put every creature on top of its owner's deck, in the order each owner chooses",
         "every creature in play goes on top of its owner's deck (a created one: to the reserve); each owner orders "
         "their own"),
    term("op", "armor_until", "{target@nom} получает Броню {amount} {duration}",
         "{target@nom} gets Armor {amount} {duration}", "the target has Броня N for the duration",
         fields=(TARGET, AMOUNT, Field("duration", "duration", True))),
)
