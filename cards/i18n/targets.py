"""Targets (`tgt.*`): the target words and the selectors chosen by the owner, in each case, and the phrases
a selector adds (range, place, number)."""

from __future__ import annotations

from cards.i18n.cases import CASES, cased

TEXT = {
    **cased("tgt", CASES, {
        "self": (("эта карта", "эту карту", "этой карты", "этой карте"), "this card"),
        "attacked": (
            ("атакованное существо", "атакованное существо", "атакованного существа", "атакованному существу"),
            "the attacked creature",
        ),
        "attacked_parasite": (
            (
                "паразит атакованного существа", "паразита атакованного существа", "паразита атакованного существа",
                "паразиту атакованного существа",
            ),
            "the parasite of the attacked creature",
        ),
        "attacker": (
            ("атаковавшее существо", "атаковавшее существо", "атаковавшего существа", "атаковавшему существу"),
            "the attacking creature",
        ),
        "wounded": (
            ("раненое существо", "раненое существо", "раненого существа", "раненому существу"),
            "the wounded creature",
        ),
        "killer": (
            ("убившая её карта", "убившую её карту", "убившей её карты", "убившей её карте"),
            "the card that killed it",
        ),
        "giver": (
            (
                "давшая эту способность карта", "давшую эту способность карту", "давшей эту способность карты",
                "давшей эту способность карте",
            ),
            "the card that gave this ability",
        ),
        "dead": (
            ("погибшее существо", "погибшее существо", "погибшего существа", "погибшему существу"),
            "the creature that died",
        ),
        "symbiont": (
            ("симбиот этой карты", "симбиота этой карты", "симбиота этой карты", "симбиоту этой карты"),
            "this card's symbiont",
        ),
        "defended": (
            (
                "существо, которому она выступает защитником", "существо, которому она выступает защитником",
                "существа, которому она выступает защитником", "существу, которому она выступает защитником",
            ),
            "the creature it defends",
        ),
        "mover": (("то существо", "то существо", "того существа", "тому существу"), "that creature"),
        "rolled": (("это существо", "это существо", "этого существа", "этому существу"), "that creature"),
        "host": (
            ("хозяин этой карты", "хозяина этой карты", "хозяина этой карты", "хозяину этой карты"),
            "this card's host",
        ),
        "opposite": (
            (
                "существо противника напротив этой карты", "существо противника напротив этой карты",
                "существа противника напротив этой карты", "существу противника напротив этой карты",
            ),
            "the enemy creature opposite this card",
        ),
        "opposite_card": (
            (
                "карта противника напротив этой карты", "карту противника напротив этой карты",
                "карты противника напротив этой карты", "карте противника напротив этой карты",
            ),
            "the enemy card opposite this card",
        ),
        "passed_over": (
            (
                "ваше существо, через которое прошёл удар через ряд",
                "ваше существо, через которое прошёл удар через ряд",
                "вашего существа, через которое прошёл удар через ряд",
                "вашему существу, через которое прошёл удар через ряд",
            ),
            "your creature the strike through a row passed over",
        ),
        "behind_same": (
            (
                "карта позади предыдущей цели", "карту позади предыдущей цели", "карты позади предыдущей цели",
                "карте позади предыдущей цели",
            ),
            "the card behind the previous target",
        ),
        "same.creature": (
            ("это же существо", "это же существо", "этого же существа", "этому же существу"),
            "the same creature",
        ),
        "same.card": (("эта же карта", "эту же карту", "этой же карты", "этой же карте"), "the same card"),
        "creature.enemy": (
            (
                "выбранное существо противника", "выбранное существо противника", "выбранного существа противника",
                "выбранному существу противника",
            ),
            "a chosen enemy creature",
        ),
        "creature.own": (
            (
                "выбранное ваше существо", "выбранное ваше существо", "выбранного вашего существа",
                "выбранному вашему существу",
            ),
            "a chosen creature of yours",
        ),
        "creature.any": (
            ("выбранное существо", "выбранное существо", "выбранного существа", "выбранному существу"),
            "a chosen creature",
        ),
        "card.enemy": (
            (
                "выбранная карта противника", "выбранную карту противника", "выбранной карты противника",
                "выбранной карте противника",
            ),
            "a chosen enemy card",
        ),
        "card.own": (
            ("выбранная ваша карта", "выбранную вашу карту", "выбранной вашей карты", "выбранной вашей карте"),
            "a chosen card of yours",
        ),
        "card.any": (("выбранная карта", "выбранную карту", "выбранной карты", "выбранной карте"), "a chosen card"),
        "all.creature.enemy": (
            (
                "все существа противника", "всех существ противника", "всех существ противника",
                "всем существам противника",
            ),
            "every enemy creature",
        ),
        "all.creature.own": (
            ("все ваши существа", "всех ваших существ", "всех ваших существ", "всем вашим существам"),
            "every creature of yours",
        ),
        "all.creature.any": (("все существа", "всех существ", "всех существ", "всем существам"), "every creature"),
        "all.card.enemy": (
            ("все карты противника", "все карты противника", "всех карт противника", "всем картам противника"),
            "every enemy card",
        ),
        "all.card.own": (
            ("все ваши карты", "все ваши карты", "всех ваших карт", "всем вашим картам"),
            "every card of yours",
        ),
        "all.card.any": (("все карты", "все карты", "всех карт", "всем картам"), "every card"),

    }),
    "tgt.zone.grave": (" на кладбище", " in the graveyard"),
    "tgt.range": (" в пределах {n} {cells} от этой карты", " within {n} {cells} of this card"),
    "tgt.near.dead": (" рядом с погибшим существом", " next to the dead creature"),
    "tgt.near.dead.self": (" рядом с этой картой", " next to this card"),
    "tgt.near.same": (" рядом с ним", " next to it"),
    "tgt.same_weak": (" с таким же значением слабого удара", " with the same weak strike"),
    "tgt.near.mover": (" рядом с тем существом", " next to that creature"),
    "tgt.near.attacked": (" рядом с атакованной картой", " next to the attacked card"),
    "tgt.cost.shown": (
        " стоимостью X (X — стоимость показанной карты без учёта элитности)",
        " costing X (X being the cost of the shown card, eliteness aside)",
    ),
    "tgt.near.wounded": (" рядом с раненым существом", " next to the wounded creature"),
    "tgt.adjacent": (" рядом с этой картой", " next to this card"),
    "tgt.formation.self": (" из одного строя с этой картой", " in one formation with this card"),
    "tgt.formation.dead": (" из одного строя с погибшим", " that stood in one formation with the dead one"),
    "tgt.beside": (" справа или слева от этой карты", " standing directly left or right of this card"),
    **{f"tgt.or_self.{case}": (f" или {ru}", " or this card") for case, ru in (
        ("nom", "эта карта"), ("acc", "эту карту"), ("gen", "этой карты"), ("dat", "этой карте"))},
    "tgt.other": (", кроме этой карты", " other than this card"),
    "tgt.up_to": (" (до {n} разных, каждое по выбору)", " (up to {n} different ones, each chosen)"),
    "tgt.up_to_own": (
        " (до X разных, каждое по выбору, где X — число ваших существ {q})",
        " (up to X different ones, each chosen, X being the number of your creatures {q})",
    ),
}
