"""Terms the set 7 Болото cards add (helper `cards`); append new ones at the end."""

from __future__ import annotations

from cards.heroes.terms.model import Field, declare, term

PLAYER = Field("player", "player", doc="whose cards (absent: anyone's)")
DURATION = Field("duration", "duration", doc="how long (absent: while the source is in play)")

declare(
    term("event", "targeted_by_spell", "это существо становится целью заклинания",
         "this creature becomes the target of a spell", "a spell (anyone's) chooses this card as its target"),
    term("condition", "more_cards_in_hand", "у вас в руке больше карт, чем у противника",
         "you hold more cards than the opponent", "the controller holds more cards in hand than the opponent"),
    term("condition", "only_class", "у вас нет существ, кроме существ класса {class}",
         "you control no creatures but ones of class {class}",
         "every creature the controller controls has that class", fields=(Field("class", "name", True),)),
    term("condition", "played_fewer", "{player@played} в этот ход меньше {amount#карты|карт|карт}",
         "{player@played} fewer than {amount#card|cards} this turn",
         "the player played fewer than N cards this turn", fields=(Field("player", "player", True),
                                                                   Field("amount", "int", True))),
    term("value", "cards_drawn_this_turn", "Х", "X", "the number of cards the controller drew this turn",
         variants={"where": ("количество карт, которые вы взяли в этот ход", "the number of cards you drew "
                             "this turn")}),
    term("value", "target_cost", "стоимость выбранного существа", "the chosen creature's cost",
         "the cost printed on the card the effect chose"),
    term("op", "forbid_play", "{player} не может разыгрывать карты {duration}", "{player} cannot play cards "
         "{duration}", "the player cannot play cards for the duration", fields=(
             Field("player", "player", True), Field("duration", "duration", True))),
    term("op", "unless_pays", "{player} может заплатить {amount@coins}, иначе {effect}",
         "{player} may pay {amount@coins}; if not, {effect}",
         "the player may pay N coins (closing open coins); if they do not, the effect happens",
         fields=(Field("player", "player", True), Field("amount", "amount", True),
                 Field("effect", "effect", True), Field("target", "target", doc="a card chosen first")),
         variants={"target": ("выберите {target}: {player} может заплатить {amount@coins}, иначе {effect}",
                              "choose {target}: {player} may pay {amount@coins}; if not, {effect}")}),
    term("op", "cost_more", "карты стоят на ({amount}) дороже", "cards cost ({amount}) more",
         "cards played cost N coins more for the duration", fields=(
             Field("amount", "int", True), PLAYER, Field("types", "types", doc="only cards of these types"),
             Field("first", "bool", doc="only the first card the player plays in the duration"),
             Field("same_name", "bool", doc="only cards of the name of the card the ability chose"), DURATION),
         variants={
             "types+duration": ("{duration} {types@pl} стоят на ({amount}) дороже",
                                "{duration}, {types@pl} cost ({amount}) more"),
             "player+first+duration": ("первая карта {player@gen} {duration} стоит на ({amount}) дороже",
                                       "the first card {player} plays {duration} costs ({amount}) more"),
             "same_name+duration": ("карты с таким же названием {duration} стоят на ({amount}) дороже",
                                    "cards of the same name cost ({amount}) more {duration}")}),
    term("static", "cost_more", "карты стоят на ({amount}) дороже", "cards cost ({amount}) more",
         "while the card is in play (and open, with `while_open`), cards cost N coins more", fields=(
             Field("amount", "int", True), PLAYER, Field("types", "types", doc="only cards of these types"),
             Field("while_open", "bool", doc="only while this card is open")),
         variants={"types+while_open": ("пока эта карта открыта, {types@pl} стоят на ({amount}) дороже",
                                        "while this card is open, {types@pl} cost ({amount}) more")}),
    term("static", "cost_extra", "если карта {player@gen} должна стоить дороже, она стоит дополнительно на "
         "({amount}) дороже", "if a card of {player@gen} would cost more, it costs ({amount}) more on top",
         "a card whose cost an effect raises costs N coins more again",
         fields=(Field("player", "player", True), Field("amount", "int", True))),
)
