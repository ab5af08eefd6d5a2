"""The ops of the steppe cards (set 7's Степи, set 8 «Цена прогресса»; helper steppe): mechanisms and upgrades,
targets the opponent picks («по его выбору»; the shots at them: `ops/shots.py`), discards and what hears them, draws
to match the opponent's hand, summons from the deck, cards that cannot be chosen, and wounds prevented or replaced.

Targets: `own_mechanism`, `mechanism`, `each_hero`, `each_other_creature`, `cheap_creature`, and the ones the
opponent picks (`enemy_character_their`, `enemy_creature_their`). Values: `chosen_attack`, `self_wounds`,
`drawn_now`, `discarded_x2`, `other_own_creatures`, `own_orcs`. Conditions: `fewer_cards_in_hand`, `hand_empty`.
Events heard: `own_discard`, `own_class_died`. What an effect remembers between its ops is a modifier of its
source card that lasts the turn.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...core import Events, ask, emit, push
from .. import hidden, zones
from ..actions import Pass, Target
from ..book import decision, task
from ..cards import CREATURE, abilities, attack, keyword
from ..conditions import CONDITIONS
from ..main import AFTER_FIGHT, AFTER_PLAY, CARD_COSTS, STRIKE_BONUSES, UNDEFENDED
from ..state import HeroesState
from ..triggers import MATCHERS, HEvent, fire
from ..turns import TURN_START_HOOKS
from . import run
from .modules import classes, is_mechanism, statics
from .mountain import add_modifier, last_turn, recall, remember
from .swamp import path_of
from .table import EFFECT, TARGET, VALUES, Ctx, amount, op

ORC = "Орк"

def _creatures(state: HeroesState, seats: tuple[int, ...]) -> list[int]:
    return [u for s in seats for u in state.players[s].play]


def _characters(state: HeroesState, seat: int) -> list[int]:
    return [state.players[seat].hero, *state.players[seat].play]


# --- targets, values, conditions, events -------------------------------------------------------------------------

for _word, _entry in {
    "own_mechanism": (True, lambda s, c: [u for u in _creatures(s, (c.seat,)) if is_mechanism(s, u)]),
    "mechanism": (True, lambda s, c: [u for u in _creatures(s, (c.seat, 1 - c.seat)) if is_mechanism(s, u)]),
    "each_hero": (False, lambda s, c: [s.players[1 - s.active].hero, s.players[s.active].hero]),
    "each_other_creature": (False, lambda s, c: [u for u in _creatures(s, (1 - s.active, s.active))
                                                 if u != c.source]),
    "cheap_creature": (True, lambda s, c: [u for u in _creatures(s, (c.seat, 1 - c.seat)) if s.cdef(u).cost <= 1]),
    "enemy_character_their": (True, lambda s, c: _characters(s, 1 - c.seat)),
    "enemy_creature_their": (True, lambda s, c: _creatures(s, (1 - c.seat,))),
    "each_own_creature": (False, lambda s, c: _creatures(s, (c.seat,))),
    "each_enemy_character": (False, lambda s, c: _characters(s, 1 - c.seat)),
}.items():
    run.TARGETS.setdefault(_word, _entry)
run.OPPONENT_CHOOSES.update(("enemy_character_their", "enemy_creature_their"))

VALUES["chosen_attack"] = lambda s, c, node: recall(s, c, "chosen_attack", 0)
VALUES["self_wounds"] = lambda s, c, node: HEvent(*c.event).amount if c.event else s.cards[c.source].wounds
VALUES["drawn_now"] = lambda s, c, node: recall(s, c, "drawn_now", 0)
VALUES["discarded_x2"] = lambda s, c, node: 2 * HEvent(*c.event).amount if c.event else 0
VALUES["other_own_creatures"] = lambda s, c, node: len([u for u in s.players[c.seat].play if u != c.source])
VALUES["own_orcs"] = lambda s, c, node: len([u for u in s.players[c.seat].play if ORC in classes(s, u)])

CONDITIONS["fewer_cards_in_hand"] = lambda s, c, t: len(s.players[c.seat].hand) < len(s.players[1 - c.seat].hand)
CONDITIONS["hand_empty"] = lambda s, c, t: not s.players[c.seat].hand

MATCHERS["own_discard"] = (False, lambda s, b, on, e: s.cards[b].owner == e.seat)
MATCHERS["own_mechanism_wounds_hero"] = (False, lambda s, b, on, e: s.cards[b].owner == e.seat)
MATCHERS["own_class_died"] = (False, lambda s, b, on, e: e.subject != b and s.cards[b].owner == e.seat
                              and on["class"] in classes(s, e.subject))


@zones.DEATH_HOOKS.append
def _class_died(state: HeroesState, ev: Events, uid: int) -> None:
    """«Когда погибает ваше существо класса …» is heard by its controller's other cards (not when the death was
    replaced: the card is not in the graveyard)."""
    if state.cards[uid].zone != "grave":
        return
    fire(state, ev, HEvent("own_class_died", uid, state.cards[uid].owner))


# --- wounds: with a bonus, to heroes by hand size ---------------------------------------------------------------------

@op("wound_bonus", TARGET)
def op_wound_bonus(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Ранить на N; если …, на M больше (Отчаянный выстрел)."""
    value = amount(state, ctx, node) + (node["more"] if CONDITIONS[_test(node["when"])](state, ctx, {}) else 0)
    zones.wound(state, ev, target, value, ctx.source)
    zones.settle(state, ev)


@op("sacrifice", TARGET)
def op_sacrifice(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Уничтожьте (На таран): the card dies; its attack as it was is the ability's `chosen_attack`."""
    remember(state, ctx, "chosen_attack", attack(state, target))
    zones.to_grave(state, ev, target, cause="destroyed")


def _test(condition: Any) -> str:
    return condition["test"] if isinstance(condition, dict) else condition


@op("wound_heroes_per_hand", EFFECT)
def op_wound_heroes_per_hand(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Each hero takes N wounds per card in its player's hand (the inactive player's hero first)."""
    for seat in (1 - state.active, state.active):
        p = state.players[seat]
        zones.wound(state, ev, p.hero, node["amount"] * len(p.hand), ctx.source)
    zones.settle(state, ev)


# --- drawing and discarding --------------------------------------------------------------------------------------

@op("draw_to_match", EFFECT)
def op_draw_to_match(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Draw until the hand is as large as the opponent's; the number drawn is `drawn_now`."""
    short = len(state.players[1 - ctx.seat].hand) - len(state.players[ctx.seat].hand)
    remember(state, ctx, "drawn_now", zones.draw(state, ev, ctx.seat, short) if short > 0 else 0)


def discard(state: HeroesState, ev: Events, seat: int, uids: tuple[int, ...]) -> None:
    """`seat` discards these hand cards; «вы сбрасываете карты» is heard once, with their number."""
    for uid in uids:
        zones.to_grave(state, ev, uid, cause="discarded")
    if uids:
        emit(ev, "discarded", seat=seat, count=len(uids))
        fire(state, ev, HEvent("own_discard", -1, seat, len(uids)))


@op("discard", EFFECT)
def op_discard(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Сбросьте N карт (…, иначе …): the controller picks them; with no card at all the `else` effect runs."""
    hand = state.players[ctx.seat].hand
    if not hand:
        if "else" in node:
            push(state, ("effect", tuple(ctx), (*path_of(state, ctx, node), "else")))
        return
    push(state, ("discard_pick", ctx.seat, min(amount(state, ctx, node), len(hand)), (), False))


@task("discard_pick")
def _discard_pick(state: HeroesState, ev: Events, seat: int, left: int, picked: tuple, optional: bool) -> None:
    """Ask `seat` for the next card to discard (`left` more; `optional`: he may stop), then discard them all."""
    hand = tuple(u for u in state.players[seat].hand if u not in picked)
    if left <= 0 or not hand:
        discard(state, ev, seat, picked)
        return
    ask(state, seat, DiscardSomeDecision(seat, left, picked, optional, hand))


@decision("discard_some")
class DiscardSomeDecision(NamedTuple):
    """`seat` picks a card of `options` to discard (`Target`); with `optional` he may stop (`Pass`)."""
    seat: int
    left: int
    picked: tuple
    optional: bool
    options: tuple

    @staticmethod
    def legal(state: HeroesState) -> list:
        data = state.pending.data
        return [*([Pass()] if data.optional else []), *(Target(u) for u in data.options)]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        data = state.pending.data
        if type(action) is Pass:
            push(state, ("discard_pick", data.seat, 0, data.picked, True))
        else:
            push(state, ("discard_pick", data.seat, data.left - 1, (*data.picked, action.uid), data.optional))


@op("discard_hand", EFFECT)
def op_discard_hand(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Сбросьте все карты; the number discarded is remembered for `draw_later`."""
    hand = state.players[ctx.seat].hand
    remember(state, ctx, "discarded_now", len(hand))
    discard(state, ev, ctx.seat, hand)


@op("draw_later", EFFECT)
def op_draw_later(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """At the start of the controller's next turn he draws the cards discarded by this effect, plus N (a
    modifier on his hero until then; rules decision 880)."""
    count = recall(state, ctx, "discarded_now", 0) + node["more"]
    due = state.turn + (2 if state.active == ctx.seat else 1)
    add_modifier(state, state.players[ctx.seat].hero, "draw_later", count, due)


@TURN_START_HOOKS.append
def _draw_later(state: HeroesState, ev: Events) -> None:
    hero = state.cards[state.players[state.active].hero]
    due = [m for m in hero.modifiers if m[0] == "draw_later" and m[2] == state.turn]
    if due:
        hero.modifiers = tuple(m for m in hero.modifiers if m not in due)
        zones.draw(state, ev, state.active, sum(m[1] for m in due))


@op("all_may_discard", EFFECT)
def op_all_may_discard(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Каждый игрок, начиная с вас, может сбросить любое количество карт (rules decision 881)."""
    push(state, *(("discard_pick", seat, len(state.players[seat].hand), (), True) for seat in (ctx.seat,
                                                                                                1 - ctx.seat)))


# --- summons and searches ----------------------------------------------------------------------------------------

@op("summon", EFFECT)
def op_summon(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Вызовите до N существ стоимостью (K) или менее: from the controller's deck into play, one at a time
    (`hidden.pick_task`)."""
    push(state, hidden.pick_task(ctx.seat, "summon", node["max_cost"], amount(state, ctx, node)))


@op("search_up_to", EFFECT)
def op_search_up_to(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Поиск до N карт «X»: they go from the deck into the hand, shown; then the deck is shuffled (an engine that
    lacks the deck, the opponent's over the network, asks its owner: `hidden.search`)."""
    hidden.search(state, ev, ctx.seat, node["card"], node["up_to"])


# --- upgrades and bonuses ----------------------------------------------------------------------------------------

def upgrade(state: HeroesState, ev: Events, uid: int) -> bool:
    """Усовершенствовать: the creature becomes a mechanism; False if it was one (nothing happens: decision 871)."""
    if is_mechanism(state, uid):
        return False
    add_modifier(state, uid, "upgraded", 1, -1)
    emit(ev, "upgraded", uid=uid)
    return True


@op("upgrade", TARGET)
def op_upgrade(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Усовершенствуйте …, при этом …: the `then` runs only if the creature was not a mechanism yet."""
    if not upgrade(state, ev, target) and "then" in node:
        then = ("effect", tuple(ctx), (*path_of(state, ctx, node), "then"))
        if state.tasks and state.tasks[-1] == then:     # the interpreter scheduled it before this handler
            state.tasks.pop()
        emit(ev, "no_upgrade", uid=target)


@op("stats_bonus", TARGET)
def op_stats_bonus(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """+N к удару и жизням while the card stays in play."""
    value = amount(state, ctx, node)
    add_modifier(state, target, "attack", value, -1)
    add_modifier(state, target, "health", value, -1)
    emit(ev, "stats_bonus", uid=target, amount=value)


@op("double_attack", TARGET)
def op_double_attack(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Удвойте силу удара for the duration: +its attack now."""
    value = attack(state, target)
    add_modifier(state, target, "attack", value, last_turn(state, ctx, node.get("duration")))
    emit(ev, "attack_bonus", uid=target, amount=value)


@op("gain_first_strike", TARGET)
def op_gain_first_strike(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    add_modifier(state, target, "kw", "first_strike", last_turn(state, ctx, node.get("duration")))
    emit(ev, "gained", uid=target, keyword="first_strike")


@op("gain_dash", TARGET)
def op_gain_dash(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    add_modifier(state, target, "kw", "dash", -1)
    emit(ev, "gained", uid=target, keyword="dash")


@op("shroud", EFFECT)
def op_shroud(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """X персонажей не могут быть выбраны целью …: the controller picks them one by one (any characters)."""
    push(state, ("shroud_pick", ctx.seat, amount(state, ctx, node)))


@task("shroud_pick")
def _shroud_pick(state: HeroesState, ev: Events, seat: int, left: int) -> None:
    options = [u for s in (seat, 1 - seat) for u in _characters(state, s)
               if not any(m[0] == "untargetable" for m in state.cards[u].modifiers)]
    if left > 0 and options:
        ask(state, seat, ShroudDecision(seat, left, tuple(options)))


@decision("shroud")
class ShroudDecision(NamedTuple):
    """`seat` picks one more character (`Target`) no spell or ability may choose this turn, or stops (`Pass`)."""
    seat: int
    left: int
    options: tuple

    @staticmethod
    def legal(state: HeroesState) -> list:
        return [Pass(), *(Target(u) for u in state.pending.data.options)]

    @staticmethod
    def apply(state: HeroesState, action: Any, ev: Events) -> None:
        data = state.pending.data
        if type(action) is Pass:
            return
        add_modifier(state, action.uid, "untargetable", 1, state.turn)
        emit(ev, "untargetable", uid=action.uid)
        push(state, ("shroud_pick", data.seat, data.left - 1))


# --- wounds prevented or replaced --------------------------------------------------------------------------------

def _statics(state: HeroesState, uid: int) -> set[str]:
    return {ab["static"] for ab in abilities(state, uid) if ab["type"] == "static"}


@zones.PREVENTERS.append
def _veteran(state: HeroesState, uid: int, value: int, source: int) -> int:
    """Орк-ветеран: wounds to it while it is not a mechanism are replaced by its upgrade (decision 872)."""
    if state.cards[uid].zone == "play" and "upgrade_instead_of_wounds" in _statics(state, uid) \
            and not is_mechanism(state, uid):
        add_modifier(state, uid, "upgraded", 1, -1)
        return 0
    return value



@zones.PREVENTERS.append
def _no_wounds(state: HeroesState, uid: int, value: int, source: int) -> int:
    """Не получает ран (Неистовство: "immune"); a creature exposed by Все на одного! deals none (decision 882);
    Уязвимость: one wound more."""
    if has(state, uid, "immune") or (source >= 0 and has(state, source, "exposed")):
        return 0
    return value + 1 if keyword(state, uid, "vulnerable") else value


def has(state: HeroesState, uid: int, key: str) -> bool:
    return any(m[0] == key for m in state.cards[uid].modifiers)


@UNDEFENDED.append
def undefended(state: HeroesState, attacker: int, target: int) -> bool:
    """No defender may be assigned against this strike: the target is exposed (Все на одного!), the attacker has
    Направленный удар against creatures (Клинки берсерка) or against vulnerable creatures (Оптический прицел)."""
    if state.cdef(target).type != CREATURE:
        return False
    return has(state, target, "exposed") or has(state, attacker, "directed_vs_creatures") \
        or ("directed_vs_vulnerable" in statics(state, attacker) and keyword(state, target, "vulnerable") > 0)


@op("exposed", TARGET)
def op_exposed(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Все на одного!: until the controller's next turn the target deals no wounds and cannot be defended."""
    add_modifier(state, target, "exposed", 1, last_turn(state, ctx, "until_own_next_turn"))
    emit(ev, "exposed", uid=target)


@op("directed_vs_creatures", TARGET)
def op_directed_vs_creatures(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    add_modifier(state, target, "directed_vs_creatures", 1, last_turn(state, ctx, node.get("duration")))
    emit(ev, "gained", uid=target, keyword="directed")     # against creatures: the log names Направленный удар


@op("gain_vulnerable", TARGET)
def op_gain_vulnerable(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    add_modifier(state, target, "kw", "vulnerable", last_turn(state, ctx, node.get("duration")))
    emit(ev, "gained", uid=target, keyword="vulnerable")


@op("immune", TARGET)
def op_immune(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Не получает ран for the duration; the card is the effect's `chosen` one."""
    add_modifier(state, target, "immune", 1, last_turn(state, ctx, node.get("duration")))
    remember(state, ctx, "chosen", target)
    emit(ev, "immune", uid=target)


@op("recall_on_hero_wound", TARGET)
def op_recall_on_hero_wound(state: HeroesState, ev: Events, ctx: Ctx, node: dict[str, Any], target: int) -> None:
    """Неистовство: when the target's strike wounds a hero within the duration, the spell (`ctx.source`) goes back
    from its owner's graveyard to his hand."""
    add_modifier(state, target, "recall", ctx.source, last_turn(state, ctx, node.get("duration")))


@AFTER_FIGHT.append
def _after_fight(state: HeroesState, ev: Events, attacker: int, target: int, hit: int, answered: bool) -> None:
    """A strike that wounded a hero: «ваш механизм наносит раны герою» is heard (Ополчение Братства), and the
    striker's Неистовство returns (once)."""
    if hit <= 0 or state.cdef(target).type != "hero":
        return
    c = state.cards[attacker]
    if c.zone == "play" and is_mechanism(state, attacker):
        fire(state, ev, HEvent("own_mechanism_wounds_hero", attacker, c.owner, hit))
    for spell in [m[1] for m in c.modifiers if m[0] == "recall"]:
        c.modifiers = tuple(m for m in c.modifiers if not (m[0] == "recall" and m[1] == spell))
        if state.cards[spell].zone == "grave":
            zones.leave(state, spell)
            state.cards[spell].zone = "hand"
            state.players[state.cards[spell].owner].hand += (spell,)
            emit(ev, "returned", uid=spell, to="hand")


# --- prices and strikes that statics change ----------------------------------------------------------------------

def _own_statics(state: HeroesState, seat: int, name: str) -> list[dict[str, Any]]:
    """The static abilities `name` of `seat`'s cards in play (creatures and support)."""
    p = state.players[seat]
    return [ab for u in (*p.play, *p.support) for ab in abilities(state, u)
            if ab["type"] == "static" and ab["static"] == name]


@CARD_COSTS.append
def _steppe_costs(state: HeroesState, uid: int, price: int) -> int:
    """Эйден (decision 876), Легионер (after 3 creatures played this turn: 0), Изобретатель Братства (decision
    883)."""
    seat = state.cards[uid].owner
    p = state.players[seat]
    names = _statics(state, uid)
    if "cost_by_hand_and_squad" in names:
        price += len([u for u in p.hand if u != uid]) - len(p.play)
    for ab in _own_statics(state, seat, "cost_less_class"):
        if state.cdef(uid).type == CREATURE and ab["class"] in state.cdef(uid).classes:
            price -= ab["amount"]
    if "free_after_creatures" in names:
        need = next(ab["amount"] for ab in abilities(state, uid) if ab.get("static") == "free_after_creatures")
        if creatures_played(state, seat) >= need:
            price = 0
    return price


def creatures_played(state: HeroesState, seat: int) -> int:
    """The creature cards `seat` played from the hand this turn (kept on his hero)."""
    hero = state.cards[state.players[seat].hero]
    return sum(m[1] for m in hero.modifiers if m[0] == "creatures_played" and m[2] == state.turn)


@AFTER_PLAY.append
def _count_creature(state: HeroesState, ev: Events, seat: int, uid: int) -> None:
    if state.cdef(uid).type == CREATURE:
        add_modifier(state, state.players[seat].hero, "creatures_played", 1, state.turn)


@STRIKE_BONUSES.append
def _priestess(state: HeroesState, striker: int, struck: int) -> int:
    """Жрица крови: +3 to her blows while her controller's hand is empty."""
    return sum(ab["amount"] for ab in abilities(state, striker) if ab.get("static") == "attack_if"
               and CONDITIONS[_test(ab["when"])](state, Ctx(striker, state.cards[striker].owner, 0, ()), {}))
