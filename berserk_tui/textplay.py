"""Plain-text play in the terminal: the board, decisions, actions and events in Russian.

Everything is described from one seat's view (`engine.view`), so nothing hidden is named.
`play_text` runs a game with a numbered menu of legal actions read from a text stream.
"""

from __future__ import annotations

from typing import Any, TextIO

from berserk_tui.bot import Agent
from berserk_tui.engine import DRAW, Action, Event, Game, GameState, view
from berserk_tui.engine import actions as act
from berserk_tui.engine.board import COLS, ROWS, cell_name, cell_of
from berserk_tui.engine.query import life_left, max_life, position
from berserk_tui.engine.setup import squad_cost
from cards.render import attack_name, plural, render_bonus

CELL_WIDTH = 15
NAME_WIDTH = 6
HIDDEN = "###"
QUIT_WORDS = frozenset({"q", "quit", "exit", "й", "выход"})

OPS = {
    "wound": "раны", "heal": "лечение", "curse": "проклятие", "bless": "благословение", "poison": "отравление",
    "buff": "усиление", "displace": "перемещение", "no_move": "запрет движения", "destroy": "уничтожение",
    "set_next_roll": "подмена броска", "cancel_action": "отмена действия", "redirect_to_host": "перенаправление",
    "sequence": "эффект", "choose": "выбор",
}
LEVELS = {"none": "промах", "weak": "слабый", "medium": "средний", "strong": "сильный"}
DECLARED = {
    "strike": "удар", "ability": "способность", "defend": "защита", "end_turn": "конец хода",
    "chip": "фишка", "anti_air": "удар по летающим",
}
REASONS = {"armor": "броня", "stamina": "стойкость"}
STATUSES = {"cursed": "проклятие", "blessed": "благословение", "rooted": "не может двигаться"}


# --- names ---------------------------------------------------------------------------------------

def player(seat: int) -> str:
    return f"игрок {seat + 1}"


def card_name(v: GameState, uid: int) -> str:
    """The card's name, or a face-down placeholder when the viewer cannot know it."""
    d = v.cdef(uid)
    return d.name if d is not None else "карта рубашкой"


def card_at(v: GameState, uid: int) -> str:
    """Name and position: «Гиртан (c3)»."""
    pos = position(v, uid)
    return f"{card_name(v, uid)} ({cell_name(pos)})" if pos >= 0 else card_name(v, uid)


def ability_label(v: GameState, uid: int, index: int) -> str:
    """A short label of ability `index` of card `uid`: its name, else what it does."""
    d = v.cdef(uid)
    if d is None:
        return "способность"
    ab = d.abilities[index]
    eff = ab.get("effect") or {}
    if eff.get("op") == "attack":
        what = f"{attack_name(eff['attack'])} {'-'.join(map(str, eff['damage']))}"
    else:
        what = OPS.get(eff.get("op"), "способность")
    return f"«{ab['name']}» ({what})" if ab.get("name") else what


def _ability_target(v: GameState, uid: int, index: int, target: int) -> str:
    """« → цель» for an ability aimed at a card (not at a stack entry)."""
    d = v.cdef(uid)
    if target < 0 or d is None:
        return ""
    ab = d.abilities[index]
    if (ab.get("effect") or {}).get("op") == "redirect_to_host" or ab.get("timing") == "self_attacked":
        return ""       # the target is an entry of the stack, not a card
    return f" → {card_at(v, target)}"


# --- the board -----------------------------------------------------------------------------------

def _cell_text(v: GameState, seat: int, uid: int) -> str:
    c = v.cards[uid]
    if c.card_id is None:
        body = HIDDEN
    else:
        mark = "#" if c.face_down else ("●" if c.closed else "○")
        body = f"{card_name(v, uid)[:NAME_WIDTH]} {life_left(v, uid)}/{max_life(v, uid)}{mark}"
    return f"[{body}]" if c.owner == seat else f"<{body}>"


def _zone_line(v: GameState, seat: int, owner: int) -> str:
    parts = []
    for c in v.cards:
        if c.owner != owner:
            continue
        if c.zone == "extra":
            parts.append(_cell_text(v, seat, c.uid))
        elif c.zone == "seated":
            parts.append(f"{_cell_text(v, seat, c.uid)} на {card_at(v, c.host)}")
    p = v.players[owner]
    side = "ваши" if owner == seat else "соперника"
    extra = ", ".join(parts) or "—"
    return f"Доп. зона ({side}): {extra}; кладбище {len(p.grave)}"


def board_text(v: GameState, seat: int) -> str:
    """The 6×5 battlefield as `seat` sees it, its own rows at the bottom, with the extra zones."""
    second = v.first != -1 and v.first != seat
    rows = range(ROWS) if second else range(ROWS - 1, -1, -1)
    cols = range(COLS - 1, -1, -1) if second else range(COLS)
    lines = ["   " + " ".join("abcde"[c].center(CELL_WIDTH) for c in cols)]
    for r in rows:
        cells = []
        for c in cols:
            uid = v.grid[cell_of(r, c)]
            cells.append((_cell_text(v, seat, uid) if uid >= 0 else "·").center(CELL_WIDTH))
        lines.append(f"{r + 1}  " + " ".join(cells))
    lines.append(_zone_line(v, seat, 1 - seat))
    lines.append(_zone_line(v, seat, seat))
    lines.append("[ваша] <соперника>  5/9 жизни: осталось/всего  ○ открыта  ● закрыта  # рубашкой вверх  "
                 "### неизвестна")
    return "\n".join(lines)


# --- decisions and actions -----------------------------------------------------------------------

def _stack_text(v: GameState) -> str:
    if not v.stack:
        return ""
    item = v.stack[-1]
    if item.kind == "end_turn":
        return f"{player(item.owner)} объявил конец хода"
    text = f"{player(item.owner)}: {DECLARED[item.kind]} — {card_at(v, item.actor)}"
    if item.kind == "strike":
        text += f" → {card_at(v, item.target)}"
    elif item.kind == "ability":
        text += f", {ability_label(v, item.actor, item.ability)}"
        text += _ability_target(v, item.actor, item.ability, item.target)
    return text


def decision_text(v: GameState) -> str:
    """What the pending decision asks, in a sentence or two."""
    d = v.pending
    seat, data = d.player, d.data
    p = v.players[seat] if seat in (0, 1) else None
    match d.kind:
        case "choose_order":
            return "Вы выиграли жребий: ходить первым или вторым?"
        case "purchase":
            chosen = [v.db.cards[p.deal[i]] for i in p.selected]
            gold, total = squad_cost(v, seat, chosen)
            names = ", ".join(c.name for c in chosen) or "—"
            return (f"Покупка отряда. Кристаллы: золото {p.gold}, серебро {p.silver}.\n"
                    f"Выбрано: {names} (нужно золота {gold}, всего {total}).")
        case "deploy":
            left = sum(1 for u in p.squad if v.cards[u].zone == "squad")
            return f"Расстановка: осталось поставить {left}."
        case "seat":
            return f"Посадите {card_name(v, data[0])} на существо."
        case "main":
            return f"Ход {v.turn}: ваши действия."
        case "respond":
            return f"Ответ на действие: {_stack_text(v)}."
        case "respond_special":
            return f"Атака {card_at(v, data[0])} не нанесла ран: можно ответить."
        case "reduce":
            return f"Обмен ударами (разница бросков {data[2]:+d}): снизить удар на строку таблицы?"
        case "target":
            return f"Цель для «{ability_label(v, data[0], data[1])}» ({card_at(v, data[0])})."
        case "confirm":
            return f"Применить {ability_label(v, data[0], data[1])} ({card_at(v, data[0])})?"
        case "choose_effect":
            return f"Выберите вариант: {ability_label(v, data[0], data[1])} ({card_at(v, data[0])})."
        case "displace":
            return f"Куда переместить {card_at(v, data[1])}?"
    return d.kind


def _option_text(v: GameState, option: int) -> str:
    d = v.pending
    if d.kind == "reduce":
        return "Снизить удар" if option else "Не снижать"
    if d.kind == "confirm":
        return "Да" if option else "Нет"
    if d.kind == "choose_effect":
        eff = v.cdef(d.data[0]).abilities[d.data[1]]["effect"]["options"][option]
        grant = ", ".join(render_bonus(k, n) for k, n in (eff.get("grant") or {}).items())
        return f"Вариант {option + 1}: {OPS.get(eff['op'], eff['op'])} {grant}".rstrip()
    return f"Вариант {option + 1}"


def _deal_card(v: GameState, index: int) -> str:
    cid = v.players[v.pending.player].deal[index]
    if cid is None:
        return "?"
    c = v.db.cards[cid]
    return f"{c.name} ({c.cost}{', элита' if c.elite else ''})"


def action_text(v: GameState, action: Action) -> str:
    """A menu line for one legal action of the pending decision."""
    match action:
        case act.ChooseOrder(first):
            return "Ходить первым" if first else "Ходить вторым"
        case act.Redeal():
            return "Пересдача"
        case act.Buy(index):
            return f"Купить: {_deal_card(v, index)}"
        case act.Unbuy(index):
            return f"Вернуть: {_deal_card(v, index)}"
        case act.Confirm():
            return "Отряд готов" if v.pending.kind == "purchase" else "Расстановка готова"
        case act.Place(uid, cell):
            return f"Поставить {card_name(v, uid)} на {cell_name(cell)}"
        case act.Unplace(cell):
            return f"Убрать {card_name(v, v.grid[cell])} с {cell_name(cell)}"
        case act.Seat(host):
            return f"Посадить на {card_at(v, host)}"
        case act.Move(uid, cell):
            return f"{card_at(v, uid)}: идти на {cell_name(cell)}"
        case act.Strike(uid, target):
            return f"{card_at(v, uid)}: удар по {card_at(v, target)}"
        case act.Use(uid, index, target):
            return f"{card_at(v, uid)}: {ability_label(v, uid, index)}{_ability_target(v, uid, index, target)}"
        case act.TakeChip(uid):
            return f"{card_at(v, uid)}: закрыться и взять фишку"
        case act.AntiAir(uid):
            return f"{card_at(v, uid)}: закрыться, чтобы ударить летающего"
        case act.EndTurn():
            return "Закончить ход"
        case act.Defend(uid):
            return f"Защитить: {card_at(v, uid)}"
        case act.Pass():
            return "Пропустить"
        case act.Choose(option):
            return _option_text(v, option)
        case act.Target(uid):
            return f"Цель: {card_at(v, uid)}"
        case act.PickCell(cell):
            return f"Клетка {cell_name(cell)}"
        case act.Skip():
            return "Отказаться"
    return repr(action)


# --- events --------------------------------------------------------------------------------------

def _declared(v: GameState, d: dict[str, Any]) -> str:
    if d["what"] == "end_turn":
        return f"{player(d['seat']).capitalize()}: конец хода"
    text = f"{card_at(v, d['uid'])} объявляет: {DECLARED[d['what']]}"
    if d["what"] == "strike":
        text += f" → {card_at(v, d['target'])}"
    elif d["what"] == "ability":
        text += f" {ability_label(v, d['uid'], d['ability'])}{_ability_target(v, d['uid'], d['ability'], d['target'])}"
    return text


def _game_over(d: dict[str, Any]) -> str:
    if d["winner"] == DRAW:
        return "Ничья: лимит ходов исчерпан." if d.get("stalled") else "Ничья: погибли все существа."
    return f"Победа: {player(d['winner'])}!"


def _wounded(v: GameState, d: dict[str, Any]) -> str:
    n = d["amount"]
    return f"{card_at(v, d['uid'])}: {n} {plural(n, 'рана|раны|ран')}, жизней осталось {d['life']}"


def _rolled(v: GameState, d: dict[str, Any]) -> str:
    text = f"Кубик: {card_name(v, d['uid'])} — {d['raw']}"
    return text if d["value"] == d["raw"] else f"{text} (с учётом модификаторов {d['value']})"


def event_text(v: GameState, e: Event) -> str | None:
    """One line for an event (None for bookkeeping the player does not need to see)."""
    d = e.data
    name = card_at(v, d["uid"]) if "uid" in d else ""
    match e.kind:
        case "order_roll":
            return f"Кубик: жребий, {player(d['seat'])} — {d['value']}"
        case "order_tie":
            return f"Жребий: поровну ({d['value']}), бросаем снова"
        case "order":
            return f"Первым ходит {player(d['first'])}"
        case "deal":
            return f"Раздача: {player(d['seat'])} получает {d['size']} карт"
        case "redeal":
            return f"Пересдача: {player(d['seat'])} ({d['count']}-я)"
        case "squad":
            return f"Отряд: {player(d['seat'])} купил {d['size']} карт"
        case "deployed":
            return f"Расстановка: {player(d['seat'])} готов"
        case "battle_start":
            return "Начинается бой!"
        case "turn":
            return f"— Ход {d['turn']}: {player(d['seat'])} —"
        case "turn_end":
            return None
        case "revealed":
            where = f" ({cell_name(d['cell'])})" if d["cell"] >= 0 else ""
            return f"Открыта: {v.db.cards[d['card']].name}{where}"
        case "moved":
            return f"{card_name(v, d['uid'])}: {cell_name(d['frm'])} → {cell_name(d['to'])}"
        case "declared":
            return _declared(v, d)
        case "strike":
            return f"Удар: {name} → {card_at(v, d['target'])}" + ("" if d["fights"] else " (без ответа)")
        case "rolled":
            return _rolled(v, d)
        case "hit":
            text = f"{name} → {card_at(v, d['target'])}: {LEVELS[d['level']]}"
            return text if d["counter"] == "none" else f"{text}, ответный удар: {LEVELS[d['counter']]}"
        case "wounded":
            return _wounded(v, d)
        case "prevented":
            return f"{name}: предотвращено ран {d['amount']} ({REASONS.get(d['reason'], d['reason'])})"
        case "healed":
            return f"{name}: излечено ран {d['amount']}"
        case "died":
            return f"{card_name(v, d['uid'])} погибает" + (" и уходит из игры" if d["exiled"] else "")
        case "game_over":
            return _game_over(d)
        case "defends":
            return f"{name} защищает от удара {card_at(v, d['against'])}"
        case "chip":
            return f"{name}: фишек {d['chips']}"
        case "anti_air":
            return f"{name} готов ударить летающего"
        case "ability":
            return f"{name}: {ability_label(v, d['uid'], d['ability'])}" \
                + _ability_target(v, d["uid"], d["ability"], d["target"])
        case "canceled":
            return f"Отменено: {DECLARED.get(d['what'], d['what'])} ({name})"
        case "redirected":
            return f"{name}: атака перенаправлена на {card_at(v, d['to'])}"
        case "reduced" | "not_reduced":
            return f"{player(d['seat']).capitalize()}: {'снижает' if e.kind == 'reduced' else 'не снижает'} удар"
        case "fizzled":
            return f"{name}: атака не состоялась"
        case "attack":
            return f"{name} → {card_at(v, d['target'])}: {attack_name(d['kind'])}"
        case "protected":
            return f"{name}: защита ({'заклинание' if d['kind'] == 'spell' else attack_name(d['kind'])})"
        case "cursed" | "blessed" | "rooted":
            return f"{name}: {STATUSES[e.kind]}"
        case "poisoned":
            return f"{name}: отравление {d['amount']}"
        case "buffed":
            return f"{name}: " + ", ".join(render_bonus(k, n) for k, n in d["grant"].items())
        case "next_roll":
            return f"{name}: следующий бросок будет {d['value']}"
        case "declined":
            return f"{name}: отказ от способности"
        case "chose":
            return f"{name}: выбран вариант {d['option'] + 1}"
        case "seated":
            return f"{card_name(v, d['uid'])} садится на {card_at(v, d['host'])}"
        case "unseated":
            return f"{card_name(v, d['uid'])}: некуда сесть, карта погибает"
        case "incarnation_token":
            return f"{card_name(v, d['uid'])}: жетон инкарнации ({d['tokens']})"
        case "incarnated":
            return f"Инкарнация: {name}"
    return f"{e.kind}: {d}"


# --- the loop ------------------------------------------------------------------------------------

def _read_choice(inp: TextIO, out: TextIO, count: int) -> int | None:
    """A 0-based menu index, or None when the player quits (q or end of input)."""
    while True:
        out.write("> ")
        out.flush()
        line = inp.readline()
        if not line or line.strip().lower() in QUIT_WORDS:
            return None
        text = line.strip()
        if text.isdigit() and 1 <= int(text) <= count:
            return int(text) - 1
        out.write(f"Введите номер от 1 до {count} (q — выход).\n")


def play_text(game: Game, bots: dict[int, Agent], inp: TextIO, out: TextIO) -> int:
    """Play `game` in the terminal: bots move for their seats, the other seats read from `inp`.

    With one human seat everything is shown from that seat; in hotseat from the deciding seat.
    Returns 0 at the end of the game or when the player quits.
    """
    humans = [s for s in (0, 1) if s not in bots]
    viewer = humans[0] if humans else 0

    def say_events(events: list[Event]) -> None:
        v = view(game.state, viewer)
        for e in events:
            text = event_text(v, e)
            if text:
                out.write(text + "\n")

    if len(humans) == 1:
        out.write(f"Вы — {player(viewer)}.\n")
    say_events(game.log)
    while not game.over:
        seat = game.state.pending.player
        legal = game.legal_actions()
        if seat in bots:
            say_events(game.step(bots[seat](game.state, legal)))
            continue
        if len(humans) == 2:
            viewer = seat
        v = view(game.state, viewer)
        if v.phase not in ("order", "purchase"):
            out.write(f"\n{board_text(v, viewer)}\n")
        out.write(f"\n{player(seat).capitalize()}. {decision_text(v)}\n")
        for i, action in enumerate(legal, 1):
            out.write(f"{i:3}. {action_text(v, action)}\n")
        choice = _read_choice(inp, out, len(legal))
        if choice is None:
            out.write("Выход.\n")
            return 0
        say_events(game.step(legal[choice]))
    out.write(f"\n{board_text(view(game.state, viewer), viewer)}\n")
    return 0
