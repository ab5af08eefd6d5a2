"""The words of «Берсерк. Герои» card texts that belong to no term: ordinals, card types' forms and the words the
renderer (cards/heroes/render.py) joins the terms' phrases with, each as (Russian, English)."""

from __future__ import annotations

ORDINALS = {"ru": ("первую", "вторую", "третью", "четвёртую", "пятую"),
            "en": ("first", "second", "third", "fourth", "fifth")}
# card type -> its forms for templates (`{types@form}`), (ru, en): is: a singular after «является»/"is", pl the plural
TYPE_FORMS = {
    "hero": {"is": ("героем", "a hero"), "pl": ("герои", "heroes")},
    "creature": {"is": ("существом", "a creature"), "pl": ("существа", "creatures")},
    "spell": {"is": ("заклинанием", "a spell"), "pl": ("заклинания", "spells")},
    "equipment": {"is": ("экипировкой", "equipment"), "pl": ("экипировки", "equipment")},
    "event": {"is": ("событием", "an event"), "pl": ("события", "events")},
}
# the words the renderer joins the terms' phrases with (the heads of abilities, «можете», «при этом», a price…)
WORDS = {
    "may": ("можете ", "you may "), "if": ("если {cond}, ", "if {cond}, "), "then": (", при этом ", ", and if so, "),
    "every": ("Каждый раз, когда {clause}, ", "Each time {clause}, "), "when": ("Когда {clause}, ", "When {clause}, "),
    "or": (" или ", " or "),
    "where": (", где {x} — {what}", ", where {x} is {what}"),
    "close": ("(Т)", "(T)"), "discard": ("сбросьте {n#карту|карты|карт}", "discard {n#a card|cards}"),
    "limit": (" ({n} раза за ход)", " ({n} times a turn)"),
    "zones": (" (работает {also}{where})", " (works {where}{also})"), "also": ("также ", " too"),
    "graveyard": ("на кладбище", "in the graveyard"), "hand": ("в руке", "in the hand"),
    "hidden": ("в скрытом виде", "while hidden"),
    "coins": ("({n})", "({n})"),
    "wound": ("нанесите {n#рану|раны|ран} своему герою", "deal {n#a wound|wounds} to your hero"),
    "extra_cost": ("Дополнительная стоимость: {price}", "Additional cost: {price}"),
    "extra_bonus": ("Дополнительная стоимость (можете заплатить): {price}. Если заплатили: {effect}",
                    "Additional cost (you may pay it): {price}. If you paid it: {effect}"),
}
