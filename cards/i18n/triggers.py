"""The heads of triggered abilities: each trigger event (`on.EVENT`) and the phrases its filters add."""

from __future__ import annotations

TEXT = {
    "on.companion_strike": (
        "при простом ударе компаньона этой карты",
        "when this card's companion makes a simple strike",
    ),
    "on.turn_start": ("в начале вашего хода", "at the start of your turn"),
    "on.own_strong_strike": (
        "когда ваше существо наносит сильный простой удар",
        "when a creature of yours deals a strong simple strike",
    ),
    "on.battle_start": ("в начале боя", "at the start of the battle"),
    "on.own_creature_dies": (
        "когда погибает ваше существо, включая эту карту",
        "when a creature of yours dies, this card included",
    ),
    "on.attack_level": ("при {attack} этой карты", "when this card makes a {attack}"),
    "on.own_attack_level": ("при {attack} вашего существа{q}", "when a creature of yours{q} makes a {attack}"),
    "on.moved": ("каждый раз, когда эта карта перемещается на одну клетку", "each time this card moves one cell"),
    "on.adjacent_own_counter_wounded": (
        "когда ваше существо, стоящее рядом с этой картой, получает раны от ответного удара",
        "when a creature of yours next to this card receives wounds from a counter-strike",
    ),
    "on.redistributed": (
        "когда эта карта перераспределяет раны на себя",
        "when this card redistributes wounds to itself",
    ),
    "on.blessed": ("когда эта карта получает благословление", "when this card gets a blessing"),
    "on.cursed": ("когда эта карта получает проклятие", "when this card gets a curse"),
    "on.steps_onto": (
        "когда эта карта двигается на клетку, занятую существом",
        "when this card moves onto a cell occupied by a creature",
    ),
    "on.steps_onto.own": (
        "когда эта карта двигается на клетку, занятую вашим существом{q}",
        "when this card moves onto a cell occupied by a creature of yours{q}",
    ),
    "on.steps_onto.enemy": (
        "когда эта карта двигается на клетку, занятую существом противника{q}",
        "when this card moves onto a cell occupied by an enemy creature{q}",
    ),
    "on.steps_onto.any": (
        "когда эта карта двигается на клетку, занятую существом{q}",
        "when this card moves onto a cell occupied by a creature{q}",
    ),
    "on.own_devours": (
        "когда срабатывает трупоедство вашего существа",
        "when the corpse-eating of a creature of yours works",
    ),
    "on.strikes_flying": (
        "когда эта карта, будучи летающей, атакует простым ударом",
        "when this card attacks with a simple strike while flying",
    ),
    "on.own_counter_struck": (
        "когда ваше существо получает ответный удар",
        "when a creature of yours is hit by a counter-strike",
    ),
    "on.dash": ("когда эта карта совершает рывок", "when this card dashes"),
    "on.own_flyer_strike": (
        "когда ваше летающее существо атакует простым ударом",
        "when a flyer of yours attacks with a simple strike",
    ),
    "on.own_dash_adjacent": (
        "когда ваше существо совершает рывок на клетку рядом с этой картой",
        "when a creature of yours dashes onto a cell next to this card",
    ),
    "on.opponent_turn_end": ("в конце хода противника", "at the end of the opponent's turn"),
    "on.opponent_turn_start": ("в начале хода противника", "at the start of the opponent's turn"),
    "on.own_turn_end": ("в конце вашего хода", "at the end of your turn"),
    "on.enemy_sealed_closes": (
        "когда карта противника с маркером «пламенная печать» закрывается",
        "when an enemy card with the «flame seal» marker closes",
    ),
    "on.opposite_enemy_closes": (
        "когда стоящее напротив этой карты существо противника закрывается в свой ход",
        "when the enemy creature opposite this card closes in its own turn",
    ),
    "on.host_arrives_near": (
        "когда хозяин этой карты перемещается на клетку рядом с вашей картой{q}",
        "when the host of this card relocates onto a cell next to a card of yours{q}",
    ),
    "on.enemy_leaves_adjacent": (
        "когда существо противника перемещается с соседней с этой картой клетки",
        "when an enemy creature relocates away from a cell next to this card",
    ),
    "on.enemy_ranged_attack": (
        "при дальней атаке существа противника (кроме удара через ряд)",
        "when an enemy creature makes a ranged attack (not a strike through a row)",
    ),
    "on.creature_moves_beside": (
        "когда существо передвигается на клетку слева или справа от этой карты",
        "when a creature moves onto the cell to the left or right of this card",
    ),
    "on.enemy_enters_front": (
        "когда существо противника перемещается со своей половины поля боя на клетку вашего первого ряда",
        "when an enemy creature relocates from its own half onto a cell of your first row",
    ),
    "on.enemy_arrives_adjacent": (
        "когда существо противника перемещается на соседнюю с этой картой клетку",
        "when an enemy creature relocates onto a cell next to this card",
    ),
    "on.defends": ("когда эта карта выступает защитником", "when this card becomes a defender"),
    "on.closed_to_pay": (
        "когда эта карта закрывается, чтобы оплатить особенность вашей карты",
        "when this card closes to pay for an ability of a card of yours",
    ),
    "on.kills": ("когда эта карта уничтожает существо противника", "when this card destroys an enemy creature"),
    "on.own_kills": (
        "когда ваше существо уничтожает существо противника",
        "when a creature of yours destroys an enemy creature",
    ),
    "on.own_moves_enemy": ("когда ваша карта перемещает карту противника", "when a card of yours moves an enemy card"),
    "on.enemy_incarnated": (
        "когда карта противника возвращается на поле боя инкарнацией",
        "when an enemy card returns to the battlefield by incarnation",
    ),
    "on.adjacent_darkened": (
        "когда стоящее рядом существо противника становится тёмным",
        "when an enemy creature next to this card becomes dark",
    ),
    "on.own_stays_open": (
        "когда ваше существо{q} не закрывается после действия (1 раз за ход для каждого существа)",
        "when a creature of yours{q} does not close after an action (once per turn for each creature)",
    ),
    "on.own_strikes": (
        "когда ваше существо{q} нападает простым ударом",
        "when a creature of yours{q} attacks with a simple strike",
    ),
    "on.own_second_open": (
        "когда ваше существо{q} открывается во второй раз за ход (открытие в начале хода тоже считается)",
        "when a creature of yours{q} opens for the second time in a turn (opening at the start of the turn counts)",
    ),
    "on.own_wounded_ranged": (
        "когда ваше существо{q} получает X ран от дальней атаки карты противника",
        "when a creature of yours{q} takes X wounds from a ranged attack of an enemy card",
    ),
    "on.enemy_enters_column": (
        "когда существо противника перемещается на клетку столбца, в котором стоит эта карта",
        "when an enemy creature relocates onto a cell of the column this card stands in",
    ),
    "on.dies": ("при гибели этой карты", "when this card dies"),
    "on.own_redirected": (
        "при перенаправлении атаки с вашего существа (в том числе при назначении защитника)",
        "when an attack is redirected from a creature of yours (a defender assigned included)",
    ),
    "on.own_creature_dies.by": (
        "когда ваше существо (включая эту карту) погибает",
        "when a creature of yours (this card included) dies",
    ),
    "on.wounded_by_enemy_attack": (
        "когда эта карта получает раны от атаки карты противника в ход противника",
        "when this card takes wounds from an attack of an enemy card in the opponent's turn",
    ),
    "on.own_crosses": (
        "когда ваше существо перемещается со своей половины поля боя на половину противника (1 раз за ход для "
        "каждого существа)",
        "when a creature of yours relocates from your half of the battlefield to the opponent's (once per turn for "
        "each creature)",
    ),
    "on.own_dash_onto_kill": (
        "когда ваше существо, уничтожив атакой карту противника, совершает рывок на клетку, которую та занимала",
        "when a creature of yours, having destroyed an enemy card with an attack, dashes onto the cell it occupied",
    ),
    "on.jumped": ("после прыжка", "after a jump"),
    "on.summoned": ("когда эту карту вызывают", "when this card is summoned"),
    "on.summoned.by": ("когда эту карту вызывает карта {q}", "when a card {q} summons this card"),
    "on.would_heal": ("если эта карта должна излечиться на X, вместо этого", "if this card would heal by X, instead"),
    "on.blocks_attack": ("когда эта карта блокирует атаку по себе", "when this card blocks an attack on itself"),
    "on.valhalla": (
        "Вальхалла (в начале вашего хода, если эта карта на кладбище и попала туда, погибнув от атаки карты "
        "противника)",
        "Valhalla (at the start of your turn, if this card is in your graveyard, where it went when an attack of an "
        "enemy card killed it)",
    ),
    "on.own_teleport": ("при телепортации другого вашего существа{q}", "when another creature of yours{q} teleports"),
    "on.own_strikes.self": (
        "при ударе или промахе этой карты в нападении (простым ударом)",
        "when this card attacks with a simple strike, hit or miss",
    ),
    "on.first_strike": ("после первого своего простого удара в ваш ход", "after its first simple strike in your turn"),
    "on.own_symbiont_rehosted": ("когда ваш симбиот меняет хозяина", "when a symbiont of yours changes its host"),
    "on.attack_level.enemy": (" по карте противника", " at an enemy card"),
    "on.attack_level.kills": (", если он уничтожил цель", ", if it destroyed the target"),
    "on.host_opens": ("когда хозяин этой карты открывается", "when this card's host opens"),
    "on.host_turn_start": (
        "в начале хода хозяина этой карты, если он закрыт",
        "at the start of its host's turn, if the host is closed",
    ),
    "on.adjacent_own_dies": (
        "когда погибает ваше другое существо{q}, стоящее рядом с этой картой",
        "when another creature of yours{q} standing next to this card dies",
    ),
    "on.own_other_dies": ("когда погибает ваше другое существо{q}", "when another creature of yours{q} dies"),
    "on.slayer_dies": (
        "при гибели существа противника, уничтожившего эту карту атакой",
        "when the enemy creature whose attack destroyed this card dies",
    ),
    "on.passes_two": (
        "когда эта карта перемещается подряд через 2 клетки, занятые существами{q}",
        "when this card moves through 2 cells in a row occupied by creatures{q}",
    ),
    "on.enemy_arrives_near_guard": (
        "когда существо противника перемещается на клетку рядом с вашей картой{q}",
        "when an enemy creature moves onto a cell next to a card of yours{q}",
    ),
    "by_attack.all": (" от атаки карты противника", " of an attack of an enemy card"),
    "by_attack": (" от атаки карты противника ({attacks})", " of an attack of an enemy card ({attacks})"),
    "by_killer": (" (атаковавшая карта — {q})", " (the attacking card: {q})"),
    "roll_max": (", если его бросок кубика равен {n} или менее", ", if its die roll is {n} or less"),
}
