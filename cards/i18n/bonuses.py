"""Temporary bonuses to a card's stats (`buff.STAT`: `{n}` signed, `{m}` its size), as an effect gives them
and as the game shows them, and the markers put on cards and cells (`marker.NAME`)."""

from __future__ import annotations

TEXT = {
    "buff.strike": ("{n} к простому удару", "{n} to simple strike"),
    "buff.move": ("{n} к движению", "{n} to movement"),
    "buff.ova_plus": ("{n} к опыту в атаке", "{n} to attack experience"),
    "buff.ovz_plus": ("{n} к опыту в защите", "{n} to defence experience"),
    "buff.ovs_plus": ("{n} к опыту в стрельбе", "{n} to shooting experience"),
    "buff.next_shot": ("{n} к следующему выстрелу", "{n} to the next shot"),
    "buff.next_throw": ("{n} к следующему метанию", "{n} to the next throw"),
    "buff.next_attack": ("{n} к следующей атаке", "{n} to the next attack"),
    "buff.next_magic": (
        "{n} к следующему своему разряду или магическому удару",
        "{n} to its next discharge or magic strike",
    ),
    "buff.next_discharge": ("{n} к следующему своему разряду", "{n} to its next discharge"),
    "buff.next_strike": ("{n} к следующему простому удару", "{n} to the next simple strike"),
    "buff.nonmagic_reduction": ("−{m} от немагических атак", "−{m} from non-magic attacks"),
    "buff.strike_vs_mark": (
        "{n} к простому удару по отмеченному существу",
        "{n} to simple strikes at the marked creature",
    ),
    "buff.extra_armor": ("{n} к броне", "{n} to armor"),
    "buff.melee": (
        "{n} к ближним атакам (простым, особым и магическим ударам)",
        "{n} to melee attacks (simple, special and magic strikes)",
    ),
    "buff.cure_on_move": ("«при перемещении потерять отравление»", "“loses its poison when it relocates”"),
    "buff.ranged": (
        "{n} к величине дальних атак (выстрелов, метаний, разрядов и ударов через ряд)",
        "{n} to the value of ranged attacks (shots, throws, discharges and strikes through a row)",
    ),
    "buff.shot_range": ("{n} к дальности выстрела", "{n} to shot range"),
    "buff.discharge_range": ("{n} к дальности разряда", "{n} to discharge range"),
    "buff.special_strike": ("{n} к особому удару", "{n} to special strike"),
    "buff.struck_strong": (
        "уязвимость (все простые удары по нему сводятся к сильным)",
        "vulnerability (every simple strike at it is strong)",
    ),
    "buff.medium_strike": ("{n} к среднему простому удару", "{n} to medium simple strike"),
    "buff.strong_strike": ("{n} к сильному простому удару", "{n} to strong simple strike"),
    "buff.roll_against": (
        "{n} к броскам кубика существ другой стороны при атаках по нему",
        "{n} to the die rolls of the other side's creatures attacking it",
    ),
    "buff.life": ("{n} к жизни", "{n} to life"),
    "buff.discharge": ("{n} к разряду", "{n} to discharge"),
    "buff.movers": (
        "противник передвигает не более {m} существ за ход",
        "the opponent moves at most {m} creatures a turn",
    ),
    "buff.no_attack": ("запрет атаковать", "a ban on attacking"),
    "buff.no_move": ("запрет передвигаться", "a ban on moving"),
    "buff.no_act": (
        "запрет действовать (нападать, использовать способности, получать фишки)",
        "a ban on acting (attacking, using abilities, taking chips)",
    ),
    "buff.next_unanswerable": (
        "безответный следующий простой удар",
        "an unanswerable next simple strike",
    ),
    "marker.flame_seal": ("пламенная печать", "flame seal"),
    "marker.cat_mouse": ("кошки-мышки", "cat and mouse"),
    "marker.portal": ("портал", "portal"),
    "marker.focus": ("сосредоточение", "focus"),
    "marker.acid_fumes": ("кислотные пары", "acid fumes"),
    "marker.hunt": ("охота", "hunt"),
    "marker.prey": ("добыча", "prey"),
    "marker.bomb": ("бомба", "bomb"),
    "marker.web": ("сеть", "web"),
    "marker.strangle": ("удушение", "strangling"),
    "marker.tremor": ("дрожь", "tremor"),
    "marker.gates": ("врата", "gates"),
    "marker.bonfire": ("костёр", "bonfire"),
    "marker.bloom": ("цветущие руны", "blooming runes"),
    "marker.storm": ("мороз, мгла и ливень", "frost, mist and rain"),
    "marker.lantern": ("свет фонаря", "lantern light"),
    "marker.acid_fumes.means": (
        " (когда рядом с картой с этим маркером закрывается существо, ранить его на 1)",
        " (when a creature closes next to a card with this marker, wound it by 1)",
    ),
}
