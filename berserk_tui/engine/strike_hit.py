"""The hit of a simple strike: its levels, the wounds of the hit and the counter-strike, and what they set off."""

from __future__ import annotations

from . import dice
from .attack_values import attack_value, capped, capped_next, forced_level, marked, protected, struck_level, unreducible
from .attacking import first_attack_penalty, level_triggers
from .closing import opened_jobs, stays_open_jobs
from .core import Events, emit, push, task
from .damage import NO_WOUNDS, Wounding, gain_lives, heal, inflict
from .dispatch import dispatch
from .events import GameEvent
from .keywords import has_static, kw, life_left, statics, strike_values
from .modifiers import BATTLE_LONG, add_modifier, drop_modifiers, modifier_value
from .places import adjacent, battlefield, is_creature, is_flyer, kind_of, position
from .state import GameState


@task("strike_damage")
def strike_damage(state: GameState, ev: Events, attacker: int, fighter: int, level: int, counter: int) -> None:
    level, counter = forced_levels(state, attacker, fighter, level, counter)
    emit(ev, "hit", uid=attacker, target=fighter, level=dice.LEVEL_NAMES[level],
         counter=dice.LEVEL_NAMES[counter])
    lives = life_left(state, fighter), life_left(state, attacker)      # before the wounds (вампиризм)
    hit, back = strike_wounding(state, attacker, fighter, level, counter, ev)
    hit_lands = level and hit.reason != "protection"
    dealt, taken = hit.landed, back.landed
    jobs: list[tuple] = []
    if dealt:
        jobs += struck_wound_triggers(state, fighter, attacker, dealt)
    if not level:       # «при промахе вашего существа»
        jobs += dispatch(state, GameEvent("attacked", subject=fighter, actor=attacker, attack="strike", level=0,
                                          cause="missed"), "missed", battlefield(state, state.cards[attacker].owner))
    if counter:
        jobs += counter_wound_triggers(state, attacker, fighter, taken) \
            + counter_struck_triggers(state, attacker, fighter, counter)
    use_next_strike(state, attacker, fighter, counter)
    drain(state, attacker, fighter, min(dealt, lives[0]), ev)
    drain(state, fighter, attacker, min(taken, lives[1]), ev)
    jobs.append(("check_deaths",))
    if hit_lands:
        jobs += level_triggers(state, attacker, fighter, "strike", level)
    jobs += strong_strike_triggers(state, attacker, fighter, "") if hit_lands and level == dice.STRONG else []
    jobs += strong_strike_triggers(state, fighter, attacker, "counter") if counter == dice.STRONG else []
    if is_flyer(state, attacker):
        jobs += flyer_strike_triggers(state, attacker, fighter)
    jobs += companion_strike_triggers(state, attacker, fighter)
    if is_flyer(state, fighter) and not is_flyer(state, attacker) and state.cards[attacker].anti_air_until >= 0:
        state.cards[attacker].anti_air_until = -1
    escalate(state, attacker, fighter, level)
    jobs += [("no_wounds_window", attacker, dealt), ("dash", attacker, fighter, position(state, fighter))]
    jobs += exchange_keeps_open(state, attacker, level, counter, ev)
    push(state, *jobs)


def strike_wounding(state: GameState, attacker: int, fighter: int, level: int, counter: int,
                    ev: Events) -> tuple[Wounding, Wounding]:
    """Deal the wounds of a simple strike's hit (unless `fighter` is protected from it) and then of the
    counter-strike, at levels already forced; returns what `fighter` and `attacker` took."""
    hit = back = NO_WOUNDS
    if level:
        value = strike_wounds(state, attacker, fighter, level)
        hit = Wounding(0, value, "protection") if protected(state, fighter, "strike", attacker, level) \
            else inflict(state, fighter, value, attacker, "strike", ev)
    if counter:
        back = inflict(state, attacker, strike_wounds(state, fighter, attacker, counter, True), fighter, "strike", ev)
    return hit, back


def exchange_keeps_open(state: GameState, attacker: int, level: int, counter: int, ev: Events) -> list[tuple]:
    """«После размена простым ударом не закрывается» (`open_after_exchange`): when its simple strike was an
    exchange of blows (both the hit and the counter-strike dealt a level), it opens again; returns the
    `own_stays_open` jobs that sets off."""
    c = state.cards[attacker]
    if not (level and counter and c.closed and c.on_battlefield and state.active == c.owner
            and has_static(state, attacker, "open_after_exchange")):
        return []
    c.closed = False
    emit(ev, "opened", uid=attacker)
    return stays_open_jobs(state, attacker) + opened_jobs(state, attacker)


def strong_strike_triggers(state: GameState, striker: int, struck: int, cause: str) -> list[tuple]:
    """«Когда ваше существо наносит сильный простой удар» (`cause` "counter": its counter-strike): abilities of
    the striker's side, on the battlefield or in the graveyard (Орк-зомби puts a token on itself there)."""
    owner = state.cards[striker].owner
    strong = GameEvent("attacked", subject=struck, actor=striker, attack="strike", level=dice.STRONG,
                       cause=cause or None)
    return dispatch(state, strong, "strong", (c for c in state.cards
                                              if c.owner == owner and (c.on_battlefield or c.zone == "grave")))


def drain(state: GameState, vampire: int, victim: int, amount: int, ev: Events) -> None:
    """Вампиризм: a simple strike (a counter too) of `vampire` dealt wounds to a non-incorporeal creature;
    it heals that many (at most the victim's lives left before, given as `amount`), and what its wounds
    cannot absorb becomes extra lives (up to its `life_cap`)."""
    if amount <= 0 or not kw(state, vampire, "vampirism") or kw(state, vampire, "incorporeal") \
            or not is_creature(state, victim) or kw(state, victim, "incorporeal"):
        return
    amount -= sum(ab["amount"] for ab in statics(state, vampire, "vampirism_less"))     # «вампиризм на X−1»
    if amount <= 0:
        return
    gain_lives(state, vampire, amount - heal(state, vampire, amount, ev), ev)


def escalate(state: GameState, attacker: int, fighter: int, level: int) -> None:
    """«Strike_escalation»: each simple strike at the same card adds +1 against it (up to `max`);
    a miss or a strike at another card starts over. Kept as the modifiers ("mark", card) and
    ("strike_vs_mark", X) for the rest of the battle."""
    for ab in statics(state, attacker, "strike_escalation"):
        now = modifier_value(state, attacker, "strike_vs_mark") if marked(state, attacker, fighter) else 0
        now = min(ab["max"], now + 1) if level else 0
        drop_modifiers(state, attacker, "mark", "strike_vs_mark")
        add_modifier(state, attacker, "mark", fighter, BATTLE_LONG)
        add_modifier(state, attacker, "strike_vs_mark", now, BATTLE_LONG)


def struck_wound_triggers(state: GameState, wounded: int, striker: int, taken: int) -> list[tuple]:
    """«Когда ваше существо получает раны от удара»: the wounded creature's side hears it before deaths are
    checked (the wounds of an enemy creature's simple strike that hit)."""
    if not state.seats.enemy(state.cards[wounded].owner, state.cards[striker].owner) or state.cards[wounded].face_down:
        return []
    hurt = GameEvent("wounded", subject=wounded, actor=striker, attack="strike", amount=taken)
    return dispatch(state, hurt, "struck", battlefield(state, state.cards[wounded].owner))


def counter_wound_triggers(state: GameState, wounded: int, striker: int, taken: int) -> list[tuple]:
    """«Когда ваше стоящее рядом существо получает раны от ответного удара»: before deaths are checked."""
    if not taken:
        return []
    hurt = GameEvent("wounded", subject=wounded, actor=striker, attack="strike", amount=taken, cause="counter")
    return dispatch(state, hurt, "counter", (c for c in battlefield(state, state.cards[wounded].owner)
                                             if adjacent(state, c.uid, wounded)))


def counter_struck_triggers(state: GameState, struck: int, striker: int, level: int) -> list[tuple]:
    """«Когда ваше существо получает ответный удар»: abilities of the struck creature's side."""
    counter = GameEvent("attacked", subject=struck, actor=striker, attack="strike", level=level, cause="counter")
    return dispatch(state, counter, "counter", battlefield(state, state.cards[struck].owner))


def companion_strike_triggers(state: GameState, striker: int, target: int) -> list[tuple]:
    """«При ударе своего компаньона»: abilities of the host of a companion that made a simple strike."""
    c = state.cards[striker]
    if c.zone != "seated" or c.host < 0 or kind_of(state, striker) != "companion":
        return []
    struck = GameEvent("attacked", subject=target, actor=striker, attack="strike")
    return dispatch(state, struck, "companion", [state.cards[c.host]])


def flyer_strike_triggers(state: GameState, flyer: int, target: int) -> list[tuple]:
    """«При простом ударе вашего летающего существа»: abilities of the flyer's side, aimed at its target."""
    struck = GameEvent("attacked", subject=target, actor=flyer, attack="strike")
    return dispatch(state, struck, "flyer", battlefield(state, state.cards[flyer].owner))


def use_next_strike(state: GameState, attacker: int, fighter: int, counter: int) -> None:
    """«Следующий простой удар сводится к сильному» and «+X к следующему простому удару» (modifiers
    "next_strike_strong", "next_strike") are used up by the card's next simple strike (its attack, or a
    counter-strike it makes), hit or miss; strike_wounds has already read them."""
    for uid in (attacker, fighter) if counter else (attacker,):
        used_up = ("next_strike_strong", "next_strike", "next_attack", "attack_to",
                   "next_unanswerable") if uid == attacker else \
            ("next_strike_strong", "next_strike")
        drop_modifiers(state, uid, *used_up)


def forced_levels(state: GameState, attacker: int, fighter: int, level: int, counter: int) -> tuple[int, int]:
    """Hit and counter levels after «strikes are strong» abilities; a miss stays a miss."""
    if level and (forced_level(state, attacker, fighter) == "strong"
                  or modifier_value(state, attacker, "next_strike_strong")
                  or modifier_value(state, fighter, "struck_strong")):   # «все удары по выбранному существу — сильные»
        level = dice.STRONG
    if counter and (forced_level(state, fighter, attacker) == "strong"   # a counter is a simple strike too
                    or modifier_value(state, fighter, "next_strike_strong")
                    or modifier_value(state, attacker, "struck_strong")):
        counter = dice.STRONG
    forced = struck_level(state, fighter) if level and not unreducible(state, attacker, "strike") else 0
    level = forced or level
    forced = struck_level(state, attacker) if counter and not unreducible(state, fighter, "strike") else 0
    return level, forced or counter


def strike_wounds(state: GameState, striker: int, struck: int, level: int, counter: bool = False) -> int:
    """Wounds of a simple strike (or counter) of `level` before armor: strike value, bonuses, reductions
    («−X от ответных ударов» for a counter)."""
    value = attack_value(state, striker, struck, "strike", level, strike_values(state, striker)[level - 1])
    value += modifier_value(state, striker, "next_strike")      # «+X к следующему простому удару»
    if not counter:                                    # «+X к следующей атаке»: a counter-strike is no attack
        value += modifier_value(state, striker, "next_attack")
    if unreducible(state, striker, "strike"):         # «сила удара не может быть снижена»: no cap, no reduction
        return max(0, value)
    if not counter:
        value = capped_next(state, striker, value)
    if counter:
        value -= sum(value if ab["amount"] == "all" else ab["amount"]     # «не получает ран от ответных ударов»
                     for ab in statics(state, struck, "counter_reduction"))
    else:
        value -= first_attack_penalty(state, striker)
    for ab in statics(state, struck, "strike_cap"):       # «простые удары по … сводятся к X»
        value = min(value, ab["amount"])
    value = capped(state, struck, "strike", dice.LEVEL_NAMES[level], value)    # after the strike's own bonuses
    return max(0, value)
