"""The game in words, from one seat's view: decisions, legal actions, events and the stack.

`Describer(view(state, seat), lang)` names only what that seat may know (a hidden card is
«карта рубашкой»); `roles` adds who a player is to the reader («игрок 2 (бот)»). Every phrase
is a message of `berserk_tui.locale.game`; card names stay as printed, ability names come in the
reader's language (`cards.render.ability_name`). Text that reaches the `unknown` message is a gap to fill.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from berserk_tui.engine import DRAW, Action, Event, GameState
from berserk_tui.engine import actions as act
from berserk_tui.engine.board_dice import die_face
from berserk_tui.engine.deck_effects import arrangements
from berserk_tui.engine.dice import LEVEL_NAMES, NONE
from berserk_tui.engine.keywords import LOST_ABILITY, ability_at
from berserk_tui.engine.odds import reduce_options
from berserk_tui.engine.places import position
from berserk_tui.engine.setup import squad_cost
from berserk_tui.engine.state import Item
from berserk_tui.i18n import DEFAULT_LANG, LANGS, MESSAGES, tr
from cards.render import ability_name, attack_name, keyword_name, plural, render_ability, render_bonus

BOOKKEEPING = frozenset({"turn_end"})   # events with nothing to tell the player


def cap(text: str) -> str:
    """`text` with its first letter in upper case."""
    return text[:1].upper() + text[1:]


class Describer:
    """Describes `view` (a `GameState` as one seat sees it) in `lang` ("ru" or "en")."""

    def __init__(self, view: GameState, lang: str = "ru", roles: Mapping[int, str] | None = None) -> None:
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGS)}")
        self.v = view
        self.lang = lang
        self.roles = roles or {}      # seat -> "you", "bot" or "opponent"
        self.cells: dict[int, int] = {}   # where the cards of the event being described stood then

    def t(self, key: str, /, **kw: object) -> str:
        return tr(key, self.lang, **kw)

    def count(self, n: int, forms: str) -> str:
        """The plural form of message `forms` ("pl.…") that agrees with `n`."""
        return plural(n, self.t(forms), self.lang)

    # --- names -----------------------------------------------------------------------------------

    def player(self, seat: int) -> str:
        name = self.t("player", n=seat + 1)
        role = self.roles.get(seat)
        return self.t("player.role", player=name, role=self.t(f"role.{role}")) if role else name

    def cell_name(self, cell: int) -> str:
        return self.v.geo.cell_name(cell)

    def card_name(self, uid: int) -> str:
        """The card's name, or a face-down placeholder when the viewer cannot know it."""
        d = self.v.cdef(uid)
        return d.name if d is not None else self.t("card.hidden")

    def card_at(self, uid: int) -> str:
        """Name and position: «Гиртан (c3)» (in an event, where the card stood when it happened)."""
        pos = self.cells.get(uid, position(self.v, uid))
        if pos < 0:
            return self.card_name(uid)
        return self.t("card.at", name=self.card_name(uid), cell=self.cell_name(pos))

    def effect_what(self, eff: dict[str, Any]) -> str:
        """What an effect does, in a word or two: «разряд 1-2-2», «раны, запрет движения»."""
        if eff["op"] == "sequence":
            return ", ".join(self.effect_what(step) for step in eff["steps"])
        if eff["op"] == "attack":
            return self.t("ability.attack", attack=attack_name(eff["attack"], self.lang), damage=_damage(eff))
        if eff["op"] in ("summon", "revive"):       # «вызов из колоды: «Дракон»», the card's name or class
            cond = eff["card"] if eff["op"] == "summon" else eff["target"].get("filter", {})
            what = cond.get("name") or cond.get("class") if isinstance(cond, dict) else None
            return self.t(f"op.{eff['op']}.what", what=what) if what else self.t(f"op.{eff['op']}")
        key = f"op.{eff['op']}"
        return self.t(key if key in MESSAGES[DEFAULT_LANG] else "ability")     # an op without a word of its own

    def ability_label(self, uid: int, index: int, brief: bool = False) -> str:
        """A label of ability `index` of card `uid`: its name and what it does.

        `brief` keeps only the name of a named ability (and the damage of an attack), for menus.
        """
        d = self.v.cdef(uid)
        ab = ability_at(self.v, uid, index)
        if d is None or ab is LOST_ABILITY:
            return self.t("ability")
        eff = ab["effect"]
        if not ab.get("name"):
            return self.effect_what(eff)
        if not brief:
            return self.t("ability.named", name=ability_name(ab, self.lang), what=self.effect_what(eff))
        name = self.t("ability.name", name=ability_name(ab, self.lang))
        first = eff["steps"][0] if eff["op"] == "sequence" else eff
        return self.t("ability.attack", attack=name, damage=_damage(first)) if first["op"] == "attack" else name

    def ability_text(self, uid: int, index: int) -> str:
        """The whole text of ability `index` of card `uid`, as the card reads (a gained one too):
        «Концентрация: переместить выбранное существо противника на соседнюю клетку»."""
        d = self.v.cdef(uid)
        ab = ability_at(self.v, uid, index)
        if d is None or ab is LOST_ABILITY:
            return self.t("ability")
        return render_ability(d, ab, self.lang).rstrip(".")

    def target_name(self, uid: int) -> str:
        """A card offered as a target, with a warning when it is the decider's own or his teammate's."""
        owner, seat = self.v.cards[uid].owner, self.v.pending.player
        key = "card.own" if owner == seat else "card.as_target" if self.v.seats.enemy(owner, seat) else "card.ally"
        return self.t(key, card=self.card_at(uid))

    def aimed(self, uid: int, index: int, target: int, brief: bool = False) -> str:
        """The ability label, with « → target» when it is aimed at a card (not at a stack entry)."""
        label = self.ability_label(uid, index, brief)
        if target < 0 or not aims_at_card(self.v, uid, index):
            return label
        return self.t("aimed", what=label, target=self.card_at(target))

    def declaration(self, kind: str, uid: int, index: int, target: int) -> str:
        """What a declaration on the stack does: «удар → Гиртан (c3)», «способность …»."""
        if kind == "strike":
            return self.t("aimed", what=self.t("item.strike"), target=self.card_at(target))
        if kind == "ability":
            return self.t("decl.ability", ability=self.aimed(uid, index, target))
        return self.t(f"item.{kind}")

    def stack_item(self, item: Item) -> str:
        if item.kind == "end_turn":
            return self.t("stack.end_turn", player=self.player(item.owner))
        what = self.declaration(item.kind, item.actor, item.ability, item.target)
        return self.t("stack.item", player=self.player(item.owner), card=self.card_at(item.actor), what=what)

    def stack_text(self) -> str:
        """The declarations waiting on the stack, one a line, the latest last."""
        return "\n".join(self.stack_item(item) for item in self.v.stack)

    # --- decisions -------------------------------------------------------------------------------

    def decision(self) -> str:
        """What the pending decision asks of the deciding seat (`view` should be that seat's)."""
        return cap(self._decision())

    def _decision(self) -> str:
        v = self.v
        kind, data = v.pending.kind, v.pending.data
        match kind:
            case "purchase":
                return self._purchase()
            case "deploy":
                p = v.players[v.pending.player]
                left = sum(1 for u in p.squad if v.cards[u].zone == "squad")
                return self.t("dec.deploy", n=left, cards=self.count(left, "pl.cards"))
            case "seat" | "displace" | "reveal" | "dash" | "jump" | "incarnate" | "revive" | "vanguard" | "flight_ends":
                d = v.cdef(data.uid)
                if kind == "seat" and d is not None and d.kind == "equipment":
                    kind = "equip"
                return self.t(f"dec.{kind}", card=self.card_at(data.uid))
            case "respond_special":
                return self.t(f"dec.{kind}", card=self.card_at(data.attacker))
            case ("teleport_pull" | "pull" | "jump_near" | "land" | "ambush" | "fire_wall" | "diagonal" | "blast_cell"
                  | "square" | "cell_marker" | "mark_cell" | "move_to_marker" | "shift_marker" | "inc_token"
                  | "prophecy" | "stack_deck"):
                return self.t(f"dec.{kind}", card=self.card_at(data.src))
            case "main":
                return self.t("dec.main", turn=v.turn)
            case "respond":
                return self.t("dec.respond", what=self.stack_item(v.stack[-1]))
            case "reduce":
                return self.t("dec.reduce", diff=f"{data.diff:+d}")
            case "upgrade":
                return self.t("dec.upgrade", card=self.card_at(data.attacker))
            case "rearrange":
                return self.t("dec.rearrange", card=self.card_at(data.src))
            case "peek":
                return self.t("dec.peek", card=v.db.cards[data.card].name)
            case "scry":
                return self.t("dec.scry", card=self.card_at(data.src), cards=", ".join(self._scried()))
            case "pick_roll" | "roll_respond":
                return self.t(f"dec.{kind}", card=self.card_at(data.who))
            case "reroll":
                asked = self.t("dec.reroll", card=self.card_at(data.who), die=self.t(f"die.{data.die}"),
                               value=data.value, face=self.t(f"face.{die_face(data.die, data.value)}"), left=data.left)
                if not data.white:
                    return asked
                white = self.t(f"face.{die_face('white', data.white)}")
                return self.t("dec.reroll.white", white=data.white, face=white, asked=asked)
            case "redirect_next":
                return self.t("dec.redirect_next", card=self.card_at(data.src), target=self.card_at(data.struck))
            case "confirm_steps":
                return self.t("dec.confirm_steps", card=self.card_at(data.src),
                              ability=self.ability_text(data.src, data.index))
            case "choose_number":
                return self.t("dec.choose_number", card=self.card_at(data.src), n=data.high)
            case "redirect_attack":
                return self.t("dec.redirect_attack", target=self.card_at(data.aimed), near=self.card_at(data.near))
            case "amount":
                return self.t("dec.amount", card=self.card_at(data.src), target=self.card_at(data.target))
            case "cost_x":
                return self.t("dec.cost_x", card=self.card_at(data.src))
            case "fill_vacated":
                return self.t("dec.fill_vacated", card=self.card_at(data.src))
            case "forced_strike":
                return self.t("dec.forced_strike", card=self.card_at(data.src), target=self.card_at(data.striker))
            case "move_wounds":
                return self.t("dec.move_wounds", card=self.card_at(data.src), target=self.card_at(data.donor),
                              n=data.left)
            case "show_gain":
                return self.t("dec.show_gain", card=self.card_at(data.src))
            case "target" | "confirm" | "choose_effect" | "step_target" | "by_order":
                key = "target" if kind in ("step_target", "by_order") else kind
                return self.t(f"dec.{key}", ability=self.ability_text(data.src, data.index),
                              card=self.card_at(data.src))
            case "rescue":
                return self.t("dec.rescue", card=self.card_at(data.rider))
            case "summon":
                return self.t("dec.summon", card=self.card_at(data.src), n=data.left)
            case "summon_cell":
                return self.t("dec.summon_cell", card=self.v.db.cards[data.card].name)
            case "choose_order" | "roll" | "shuffle" | "over":
                return self.t(f"dec.{kind}")
        return self.t("unknown", what=kind)

    def _purchase(self) -> str:
        v = self.v
        seat = v.pending.player
        p = v.players[seat]
        chosen = [v.db.cards[p.deal[i]] for i in p.selected]
        gold, total = squad_cost(v, seat, chosen)
        names = ", ".join(c.name for c in chosen) or "—"
        looked = ", ".join(v.db.cards[c].name for c in p.peeked if c is not None)
        return self.t("dec.purchase", gold=p.gold, silver=p.silver, names=names, need_gold=max(0, gold),
                      need_total=total) + (self.t("dec.purchase.peeked", names=looked) if looked else "")

    # --- actions ---------------------------------------------------------------------------------

    def action(self, action: Action) -> str:
        """A menu line for one legal action of the pending decision."""
        v = self.v
        match action:
            case act.ChooseOrder(first):
                return self.t("act.first" if first else "act.second")
            case act.Redeal():
                return self.t("act.redeal")
            case act.Buy(index):
                return self.t("act.buy", card=self._deal_card(index))
            case act.Unbuy(index):
                return self.t("act.unbuy", card=self._deal_card(index))
            case act.Show(index, cid):
                return self.t("act.show", card=self.t("card.deal", name=v.db.cards[cid].name,
                                                      cost=v.db.cards[cid].cost))
            case act.BuyExtra(index) | act.Recruit(index):
                return self.t(f"act.{_KEYS[type(action)]}", card=self._deal_card(index))
            case act.Confirm():
                return self.t("act.squad_ready" if v.pending.kind == "purchase" else "act.deploy_ready")
            case act.Place(uid, cell):
                return self.t("act.place", card=self.card_name(uid), cell=self.cell_name(cell))
            case act.Unplace(cell):
                return self.t("act.unplace", card=self.card_name(v.grid[cell]), cell=self.cell_name(cell))
            case act.Seat(host):
                return self.t("act.seat", host=self.card_at(host))
            case act.Move(uid, cell):
                return self.t("act.move", card=self.card_at(uid), cell=self.cell_name(cell))
            case act.Strike(uid, target):
                return self.t("act.strike", card=self.card_at(uid), target=self.card_at(target))
            case act.Use(uid, index, target):
                return self.t("act.use", card=self.card_at(uid), what=self.aimed(uid, index, target, brief=True))
            case act.TakeChip(uid) | act.AntiAir(uid) | act.Defend(uid):
                return self.t(f"act.{_KEYS[type(action)]}", card=self.card_at(uid))
            case act.EndTurn() | act.Pass() | act.Skip():
                return self.t(f"act.{_KEYS[type(action)]}")
            case act.Choose(option):
                return self._option(option)
            case act.Target(uid):
                return self.t("act.target", card=self.target_name(uid))
            case act.PickCell(cell):
                return self.t("act.cell", cell=self.cell_name(cell))
            case act.FromDeck(cid):
                c = v.db.cards[cid]
                return self.t("act.from_deck", name=c.name, cost=c.cost)
        return self.t("unknown", what=repr(action))

    def action_short(self, action: Action) -> str:
        """A compact label without the acting card's name, for a per-card menu («идти на c3»)."""
        match action:
            case act.Place(_, cell) | act.Unplace(cell) | act.Move(_, cell):
                return self.t(f"short.{_KEYS[type(action)]}", cell=self.cell_name(cell))
            case act.Strike(_, target):
                return self.t("short.strike", target=self.card_at(target))
            case act.Use(uid, index, target):
                return self.aimed(uid, index, target, brief=True)
            case act.TakeChip() | act.AntiAir() | act.Defend():
                return self.t(f"short.{_KEYS[type(action)]}")
        return self.action(action)

    def _deal_card(self, index: int) -> str:
        cid = self.v.players[self.v.pending.player].deal[index]
        if cid is None:
            return self.t("card.hidden")
        c = self.v.db.cards[cid]
        return self.t("card.deal.elite" if c.elite else "card.deal", name=c.name, cost=c.cost)

    def _option(self, option: int) -> str:
        d = self.v.pending
        if d.kind == "reduce":
            return self._reduce_option(option)
        if d.kind == "upgrade":
            return self.t("opt.upgrade" if option else "opt.keep")
        if d.kind in ("amount", "cost_x"):
            return self.t("opt.amount", n=option)
        if d.kind == "pick_roll":
            return self.t("opt.roll", n=d.data.second if option else d.data.first)
        if d.kind == "reroll":
            return self.t("opt.reroll") if option else self.t("opt.keep_die", value=d.data.value)
        if d.kind == "scry":
            order, k = arrangements(d.data.n)[option]
            names = self._scried()
            return self.t("opt.scry", top=", ".join(names[i] for i in order[:k]) or "—",
                          bottom=", ".join(names[i] for i in order[k:]) or "—")
        if d.kind == "diagonal":
            cells = self.v.geo.diagonals[option]
            return self.t("opt.diagonal", first=self.cell_name(cells[0]), last=self.cell_name(cells[-1]))
        if d.kind == "confirm":
            return self.t("opt.yes" if option else "opt.no")
        if d.kind == "choose_effect":
            return self.t("opt.variant", n=option + 1, what=self.option_what(d.data.src, d.data.index, option))
        return self.t("unknown", what=f"{d.kind} {option}")

    def _scried(self) -> list[str]:
        """The names of the top cards of the deciding seat's deck it is looking at (`scry`; «?» if unknown)."""
        deck = self.v.players[self.v.pending.player].deck[:self.v.pending.data.n]
        return [self.v.db.cards[cid].name if cid else "?" for cid in deck]

    def _reduce_option(self, option: int) -> str:
        """An answer to the hit reduction with what it leads to: «Не снижать: по Храмовник (c4) — сильный,
        −5; по Клок Мудрый (c3) — слабый, −1» (the wounds that land, from `engine.odds.reduce_options`)."""
        choice = self.t("opt.reduce" if option else "opt.keep")
        outcome = reduce_options(self.v)[option]
        attacker, fighter = self.v.pending.data.attacker, self.v.pending.data.fighter
        return self.t("opt.outcome", choice=choice, fighter=self.card_at(fighter), attacker=self.card_at(attacker),
                      hit=self._blow(outcome.level, outcome.hit.landed),
                      back=self._blow(outcome.counter, outcome.back.landed))

    def _blow(self, level: int, wounds: int) -> str:
        if level == NONE:
            return self.t("level.none")
        return self.t("blow", level=self.t(f"level.{LEVEL_NAMES[level]}"), n=wounds)

    def option_what(self, uid: int, index: int, option: int) -> str:
        """Option `option` of a «choose» ability: «усиление +1 к простому удару»."""
        d = self.v.cdef(uid)
        if d is None:
            return str(option + 1)
        eff = ability_at(self.v, uid, index)["effect"]["options"][option]
        grant = ", ".join(render_bonus(k, n, self.lang) for k, n in (eff.get("grant") or {}).items())
        return f"{self.effect_what(eff)} {grant}".rstrip()

    # --- events ----------------------------------------------------------------------------------

    def event(self, e: Event) -> str | None:
        """One line for an event (None for bookkeeping the player does not need to see)."""
        if e.kind in BOOKKEEPING:
            return None
        self.cells = {e.data[key]: cell for key, cell in e.data.get("at", {}).items()}
        try:
            return cap(self._event(e.kind, e.data))
        finally:
            self.cells = {}

    def _event(self, kind: str, d: dict[str, Any]) -> str:
        t, at, name = self.t, self.card_at, self.card_name
        match kind:
            case "order_roll":
                return t("ev.order_roll", player=self.player(d["seat"]), value=d["value"])
            case "order_tie":
                return t("ev.order_tie", value=d["value"])
            case "order":
                return t("ev.order", player=self.player(d["first"]))
            case "deal" | "squad":
                return t(f"ev.{kind}", player=self.player(d["seat"]), n=d["size"],
                         cards=self.count(d["size"], "pl.cards"))
            case "redeal":
                return t("ev.redeal", player=self.player(d["seat"]), n=d["count"])
            case "recruited" | "peeked":
                return t(f"ev.{kind}", player=self.player(d["seat"]))
            case "deal_shown":
                return t("ev.deal_shown", player=self.player(d["seat"]), card=self.v.db.cards[d["card"]].name)
            case "deployed" | "reduced" | "not_reduced" | "upgraded":
                return t(f"ev.{kind}", player=self.player(d["seat"]))
            case "battle_start":
                return t("ev.battle_start")
            case "turn":
                return t("ev.turn", turn=d["turn"], player=self.player(d["seat"]))
            case "game_over":
                return self._game_over(d)
            case "laar_placed":         # «Битва за Лаар»: the rules put Астарот or Варахиэль on the battlefield
                return t("ev.laar_placed", card=at(d["uid"]))
            case "revealed":
                card = self.v.db.cards[d["card"]].name
                if d["cell"] >= 0:
                    card = t("card.at", name=card, cell=self.cell_name(d["cell"]))
                return t("ev.revealed", card=card)
            case "moved":
                return t("ev.moved", card=name(d["uid"]), frm=self.cell_name(d["frm"]), to=self.cell_name(d["to"]))
            case "declared":
                if d["what"] == "end_turn":
                    return t("ev.declared.end_turn", player=self.player(d["seat"]))
                what = self.declaration(d["what"], d["uid"], d["ability"], d["target"])
                return t("ev.declared", card=at(d["uid"]), what=what)
            case "strike":
                key = "ev.strike" if d["fights"] else "ev.strike.unanswered"
                return t(key, card=at(d["uid"]), target=at(d["target"]))
            case "rolled":
                key = "ev.rolled" if d["value"] == d["raw"] else "ev.rolled.modified"
                if "die" in d:      # the board game's white or black die, with its face
                    return t(key.replace("ev.rolled", "ev.rolled.die"), die=t(f"die.{d['die']}.cap"),
                             card=name(d["uid"]), raw=d["raw"], value=d["value"], face=t(f"face.{d['face']}"))
                return t(key, card=name(d["uid"]), raw=d["raw"], value=d["value"])
            case "die_rerolled" | "die_kept":
                return t(f"ev.{kind}", card=name(d["uid"]), die=t(f"die.{d['die']}"), value=d["value"],
                         left=d.get("left", 0))
            case "hit":
                key = "ev.hit" if d["counter"] == "none" else "ev.hit.counter"
                return t(key, card=at(d["uid"]), target=at(d["target"]), level=t(f"level.{d['level']}"),
                         counter=t(f"level.{d['counter']}"))
            case "wounded":
                n, life = d["amount"], max(0, d["life"])
                return t("ev.wounded", card=at(d["uid"]), n=n, wounds=self.count(n, "pl.wounds"), life=life)
            case "prevented":
                return t("ev.prevented", card=at(d["uid"]), n=d["amount"], reason=t(f"reason.{d['reason']}"))
            case "healed" | "poisoned" | "chips_spent" | "lives_spent" | "extra_life":
                return t(f"ev.{kind}", card=at(d["uid"]), n=d["amount"])
            case "died":
                return t("ev.died.exiled" if d["exiled"] else "ev.died", card=at(d["uid"]))
            case "defends":
                return t("ev.defends", card=at(d["uid"]), against=at(d["against"]))
            case "chip":
                return t("ev.chip", card=at(d["uid"]), n=d["chips"], chips=self.count(d["chips"], "pl.chips"))
            case "anti_air" | "declined" | "incarnated" | "dashed" | "opened" | "closed":
                return t(f"ev.{kind}", card=at(d["uid"]))
            case "ability":
                return t("ev.ability", card=at(d["uid"]), what=self.aimed(d["uid"], d["ability"], d["target"]))
            case "canceled":
                return t("ev.canceled", card=at(d["uid"]), what=t(f"item.{d['what']}"))
            case "redirected":
                return t("ev.redirected", card=at(d["uid"]), target=at(d["to"]))
            case "shown":
                return t("ev.shown", card=at(d["uid"]), name=self.v.db.cards[d["card"]].name)
            case "attack_set":
                return t("ev.attack_set.to" if d["to"] >= 0 else "ev.attack_set.minus", card=at(d["uid"]),
                         n=d["to"] if d["to"] >= 0 else d["minus"])
            case "vanguard":
                return t("ev.vanguard", card=at(d["uid"]), target=at(d["target"]))
            case "diagonal":
                first, last = self.cell_name(d["cells"][0]), self.cell_name(d["cells"][-1])
                return t("ev.diagonal", card=at(d["uid"]), first=first, last=last)
            case "blocked":
                return t("ev.blocked", card=at(d["uid"]), attacker=at(d["attacker"]), target=at(d["target"]))
            case "fizzled":
                return t("ev.fizzled", card=at(d["uid"]), target=at(d["target"]))
            case "illegal":
                return t("ev.illegal", card=at(d["uid"]), target=at(d["target"]))
            case "attack":
                attack = attack_name(d["kind"], self.lang)
                return t("ev.attack", card=at(d["uid"]), target=at(d["target"]), attack=attack)
            case "protected":
                what = t("spell") if d["kind"] == "spell" else attack_name(d["kind"], self.lang)
                return t("ev.protected", card=at(d["uid"]), what=what)
            case "ambush" | "fire_wall" | "blast_cell" | "landed":
                return t(f"ev.{kind}", card=at(d["uid"]), cell=self.cell_name(d["cell"]))
            case "cell_marker":
                return t("ev.cell_marker", card=at(d["uid"]), name=d["name"], cell=self.cell_name(d["cell"]))
            case "square":
                return t("ev.square", card=at(d["uid"]), cell=self.cell_name(d["cell"]), n=d["amount"])
            case "grave_exiled":
                return t("ev.grave_exiled", card=at(d["uid"]))
            case "marker" | "marker_removed" | "cell_markers_removed":
                return t(f"ev.{kind}", card=at(d["uid"]), name=d["name"])
            case "marked":
                return t("ev.marked", card=at(d["uid"]), target=at(d["target"]))
            case "cursed" | "blessed" | "rooted" | "armor_lost" | "armor_repaired" | "silenced" | "kept_closed" \
                    | "trap_set" | "no_heal" | "animated" | "jump_swap" | "darkened" | "took_flight" | "lost_abilities":
                return t("ev.status", card=at(d["uid"]), status=t(f"status.{kind}"))
            case "lost_keywords":
                kws = ", ".join(keyword_name(k, self.lang) for k in d["keywords"])
                return t("ev.lost_keywords", card=at(d["uid"]), keywords=kws)
            case "released":
                return t("ev.released", card=name(d["uid"]), cell=self.cell_name(d["cell"]))
            case "cured":
                return t("ev.status", card=at(d["uid"]), status=t(f"status.cured.{d['status']}"))
            case "buffed":
                bonuses = ", ".join(render_bonus(k, n, self.lang) for k, n in d["grant"].items())
                return t("ev.buffed", card=at(d["uid"]), bonuses=bonuses)
            case "next_roll":
                return t("ev.next_roll", card=at(d["uid"]), value=d["value"])
            case "chose_number":
                return t("ev.chose_number", card=at(d["uid"]), n=d["value"])
            case "chose":
                what = self.option_what(d["uid"], d["ability"], d["option"])
                return t("ev.chose", card=at(d["uid"]), n=d["option"] + 1, what=what)
            case "seated" | "equipped":
                return t(f"ev.{kind}", card=name(d["uid"]), host=at(d["host"]))
            case "unseated":
                return t("ev.unseated", card=name(d["uid"]))
            case "incarnation_token":
                return t("ev.incarnation_token", card=name(d["uid"]), n=d["tokens"])
            case "doomed":
                return t("ev.doomed", card=at(d["uid"]), turn=d["turn"])
            case "doom_lifted":
                return t("ev.doom_lifted", card=at(d["uid"]))
            case "gains_incarnation":
                return t("ev.gains_incarnation", card=name(d["uid"]), n=d["amount"])
            case "roll_twice":
                return t("ev.roll_twice", card=at(d["uid"]))
            case "roll_picked":
                return t("ev.roll_picked", card=name(d["uid"]), value=d["value"])
            case "roll_modified":
                return t("ev.roll_modified", card=name(d["uid"]), value=d["value"])
            case "rerolled":
                return t("ev.rerolled", card=name(d["uid"]))
            case "rearranged":
                return t("ev.rearranged", card=at(d["uid"]), other=at(d["other"]))
            case "scried":
                return t("ev.scried", card=name(d["uid"]), top=d["top"], bottom=d["bottom"])
            case "restrained" | "strike_swapped" | "strong_next" | "gained_ability":
                return t("ev.status", card=at(d["uid"]), status=t(f"status.{kind}"))
            case "finished":
                return t("ev.finished", card=name(d["uid"]), by=at(d["by"]))
            case "devoured":
                return t("ev.devoured", card=at(d["uid"]), dead=name(d["dead"]))
            case "revived":
                return t("ev.revived", card=at(d["uid"]), n=d["life"])
            case "summoned":
                return t("ev.summoned", card=at(d["uid"]))
            case "deck_to_grave":
                return t("ev.deck_to_grave", card=name(d["uid"]))
            case "prophecy" | "deck_shown":
                return t(f"ev.{kind}", player=self.player(d["seat"]), card=self.v.db.cards[d["card"]].name)
            case "deck_top":
                return t("ev.deck_top", player=self.player(d["seat"]), card=at(d["uid"]), n=d["amount"])
            case "rot":
                return t("ev.rot", card=at(d["uid"]), cell=self.cell_name(d["cell"]))
        return t("unknown", what=f"{kind} {d}")

    def _game_over(self, d: dict[str, Any]) -> str:
        if d["winner"] == DRAW:
            return self.t("ev.game_over.stalled" if d.get("stalled") else "ev.game_over.draw")
        return self.t("ev.game_over", player=self.player(d["winner"]))


def aims_at_card(v: GameState, uid: int, index: int) -> bool:
    """Is the target of ability `index` of card `uid` a card (not an entry of the stack)?"""
    if v.cdef(uid) is None:
        return False
    ab = ability_at(v, uid, index)
    return ab["effect"]["op"] not in ("redirect_to_host", "block_attack") \
        and ab.get("timing") not in ("self_attacked", "host_attacked", "own_attacked")


def _damage(eff: dict[str, Any]) -> str:
    return "X" if isinstance(eff["damage"], str) else "-".join(map(str, eff["damage"]))


_KEYS: dict[type, str] = {   # the message id suffix of an action type
    act.TakeChip: "chip", act.AntiAir: "anti_air", act.Defend: "defend", act.EndTurn: "end_turn",
    act.Pass: "pass", act.Skip: "skip", act.Place: "place", act.Unplace: "unplace", act.Move: "move",
    act.BuyExtra: "buy_extra", act.Recruit: "recruit",
}
