"""«Берсерк. Герои» in words, from one seat's view: its events, actions and pending decisions (`GameDef.describer`).

`HeroesDescriber(view(state, seat), lang, roles)` names only what that seat may know: a card whose id the view hides
is «карта рубашкой». Every phrase is a message of `berserk_tui.locale.heroes_game` or `heroes_log` (`hg.*`); card
names stay as printed, card texts come from `cards.heroes.render`. An event kind without a message is described by
`hg.ev.unknown` with its name, so a new engine event shows up as a gap in the log instead of vanishing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from berserk_tui.engine import actions as act
from berserk_tui.engine.core import Event
from berserk_tui.engine.heroes import actions as hact
from berserk_tui.engine.heroes.cards import abilities
from berserk_tui.engine.heroes.hidden import pick_options
from berserk_tui.engine.heroes.ops.mountain import nameable
from berserk_tui.engine.seats import DRAW
from berserk_tui.i18n import LANGS, MESSAGES, tr
from cards.heroes.render import ability_text, keyword_text
from cards.heroes.terms.model import lookup
from cards.render import plural

BOOKKEEPING = frozenset({"shuffled", "paid", "picked", "identified"})     # events with nothing to tell the player
# decisions whose prompt names the fields of their record: kind -> {placeholder: field}
ASKED_OF: dict[str, dict[str, str]] = {
    "attach": {"card": "module"},
    "attach_pick": {"card": "host"},
    "discard_some": {"n": "left"},
    "guard": {"n": "value", "source": "source"},
    "hire_shot": {"card": "source", "n": "power"},
    "shroud": {"n": "left"},
    "swap": {"n": "limit"},
    "attach_more": {"card": "host"},
    "fight_target": {"card": "source"},
    "grave_to_hand": {},
    "hand_to_top": {},
    "look_top": {},
    "name_card": {},
    "reorder": {"n": "count", "place": "done"},
    "reveal": {"name": "name"},
    "shot": {"card": "source", "n": "power"},
    "storm_order": {},
    "up_to": {},
    "thirst": {"card": "uid", "n": "amount"},
    "play_free": {},
    "ambush": {"card": "uid", "n": "price"},
    "extra_cost": {"card": "uid"},
    "incarnation": {"card": "uid"},
    "unhide": {"card": "uid"},
}
# the pick from the deck (decision "deck_pick"): its prompt by what it is for, with these fields
PICKED_OF: dict[str, dict[str, str]] = {
    "search": {"cost": "cost", "n": "left"}, "summon": {"n": "left", "cost": "cost"}, "unity_search": {"n": "cost"}}
# decisions whose targets may be one's own cards as well as the enemy's: one's own is marked
OWN_WARNED = frozenset({"target"})
# what `Pass` means in a decision (else «Хватит»: stop choosing)
PASS_WORDS = {"defend": "hg.act.no_defender", "attach": "hg.act.pass.attach", "guard": "hg.act.pass.guard"}


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


class HeroesDescriber:
    """Describes `view` (a `HeroesState` as one seat sees it) in `lang`; `roles`: seat -> "you", "bot"..."""

    def __init__(self, view: Any, lang: str = "ru", roles: Mapping[int, str] | None = None) -> None:
        if lang not in LANGS:
            raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGS)}")
        self.v = view
        self.lang = lang
        self.roles = roles or {}

    def t(self, key: str, /, **kw: object) -> str:
        return tr(key, self.lang, **kw)

    def count(self, n: int, forms: str) -> str:
        return f"{n} {plural(n, self.t(forms), self.lang)}"

    # --- names ---------------------------------------------------------------------------------------
    def player(self, seat: int) -> str:
        name = self.t("player", n=seat + 1)
        role = self.roles.get(seat)
        return self.t("player.role", player=name, role=self.t(f"role.{role}")) if role else name

    def card(self, uid: int) -> str:
        """The card's name, or «карта рубашкой» when this seat does not know it."""
        if uid < 0 or uid >= len(self.v.cards):
            return self.t("hg.card.none")
        cdef = self.v.cdef(uid)
        return cdef.name if cdef is not None else self.t("hg.card.hidden")

    def whose(self, uid: int) -> str:
        """The card's name and, when it is not the viewer's own, whose it is («Гоблин (игрок 2 (бот))»)."""
        owner = self.v.cards[uid].owner
        if self.roles.get(owner) == "you":
            return self.card(uid)
        return self.t("hg.card.whose", card=self.card(uid), player=self.player(owner))

    def ability(self, uid: int, index: int) -> str:
        """The text of ability `index` of card `uid` as the card reads."""
        found = abilities(self.v, uid) if self.v.cdef(uid) is not None else ()
        return ability_text(found[index], self.lang) if 0 <= index < len(found) else self.t("hg.ability.none")

    # --- decisions -------------------------------------------------------------------------------------
    def decision(self) -> str:
        """What the pending decision asks, addressed to whoever makes it."""
        p = self.v.pending
        kind, data = p.kind, p.data
        if kind == "over":
            return self.game_over_text()
        if kind == "first_player":
            return self.t("hg.ask.first_player", player=self.player(p.player), roll=self.v.die)
        if kind == "mulligan":
            return self.t("hg.ask.mulligan")
        if kind == "main":
            return self.t("hg.ask.main")
        if kind == "x":
            return self.t("hg.ask.x", card=self.card(data.uid))
        if kind == "ability_x":
            return self.t("hg.ask.ability_x", card=self.card(data.uid), text=self.ability(data.uid, data.index))
        if kind == "discard":
            return self.t("hg.ask.discard", n=data.left)
        if kind in ("option", "pay"):
            price = getattr(data, "price", 0)
            return self.t(f"hg.ask.{kind}", card=self.card(data.ctx[0]), text=self.ability(data.ctx[0], data.ctx[2]),
                          price=price)
        if kind == "defend":
            return self.t("hg.ask.defend", attacker=self.whose(data.attacker), target=self.whose(data.target))
        if kind == "target":
            return self.t("hg.ask.target", card=self.card(data.ctx[0]), text=self.ability(data.ctx[0], data.ctx[2]))
        if kind == "confirm":
            return self.t("hg.ask.confirm", card=self.card(data.ctx[0]), text=self.ability(data.ctx[0], data.ctx[2]))
        if kind == "order":
            return self.t("hg.ask.order")
        if kind == "reveal" and data.then:      # the owner's word on a pick or a look (`hidden.FoundDecision`)
            return self.t(f"hg.ask.reveal.{data.then[0]}")
        if kind == "deck_pick":
            return self.t(f"hg.ask.{data.purpose}", **{name: getattr(data, field)
                                                       for name, field in PICKED_OF[data.purpose].items()})
        if kind in ASKED_OF:
            return self.t(f"hg.ask.{kind}", **{name: self._field(name, getattr(data, field))
                                               for name, field in ASKED_OF[kind].items()})
        if kind == "unique":
            return self.t("hg.ask.unique", card=self.card(data.options[0]))
        return self.t("hg.ask.other", player=self.player(p.player), kind=kind)

    def game_over_text(self) -> str:
        w = self.v.winner
        if w == DRAW:
            return self.t("hg.over.stalled" if self.v.stalled else "hg.over.draw")
        return self.t("hg.over.won", player=self.player(w))

    # --- actions -----------------------------------------------------------------------------------------
    def action(self, a: Any) -> str:
        """A legal action of the pending decision as a menu line."""
        kind = self.v.pending.kind
        t = type(a)
        if t is hact.FirstPlayer:
            who = "me" if a.seat == self.v.pending.player else "other"
            return self.t(f"hg.act.first.{who}", player=self.player(a.seat))
        if t is hact.Mulligan:
            return self.t("hg.act.keep") if not a.cards else self.t(
                "hg.act.mulligan", cards=", ".join(self.card(u) for u in a.cards))
        if t is hact.Play:
            cdef = self.v.cdef(a.uid)
            cost = self.t("hg.cost.x", cost=cdef.cost) if cdef.x_cost else str(cdef.cost)
            return self.t(f"hg.act.play.{cdef.type}", card=cdef.name, cost=cost)
        if t is act.Strike:
            return self.t("hg.act.strike", card=self.card(a.uid), target=self.whose(a.target))
        if t is act.Use:
            return self.t("hg.act.use", card=self.card(a.uid), text=self.ability(a.uid, a.ability))
        if t is act.Defend:
            return self.t("hg.act.defend", card=self.card(a.uid))
        if t is act.Pass:
            return self.t(PASS_WORDS.get(kind, "hg.act.stop"))
        if t is act.EndTurn:
            return self.t("hg.act.end_turn")
        if t is act.Target:
            own = self.v.cards[a.uid].owner == self.v.pending.player and kind in OWN_WARNED
            return self.t("hg.act.own", card=self.card(a.uid)) if own else self.whose(a.uid)
        if t is act.Choose:
            return self._option(kind, a.option)
        return self.t("hg.act.other", action=t.__name__)

    def _option(self, kind: str, option: int) -> str:
        if kind in ("x", "ability_x"):
            return self.t("hg.act.x", x=option)
        if kind == "pay":
            return self.t("hg.act.pay", price=self.v.pending.data.price) if option else self.t("hg.act.no_pay")
        if kind == "extra_cost":
            return self.t("hg.act.pay_extra" if option else "hg.act.no_pay")
        if kind in ("confirm", "ambush", "incarnation"):
            return self.t("hg.act.yes" if option else "hg.act.no")
        if kind == "unhide":
            return self.t("hg.act.unhide" if option else "hg.act.keep_hidden")
        if kind == "order":
            uid, index, _event = self.v.pending.data.items[option]
            return self.t("hg.act.trigger", card=self.card(uid), text=self.ability(uid, index))
        data = self.v.pending.data
        if kind == "deck_pick":
            found = pick_options(self.v, data)
            if option < len(found):
                word = "hg.act.summon" if data.purpose == "summon" else "hg.act.take"
                return self.t(word, card=self.v.db[found[option]].name)
        if kind == "name_card":
            names = nameable(self.v)
            if option < len(names):
                return names[option]
        if kind == "look_top":
            return self.t("hg.act.look_top.own" if option == 0 else "hg.act.look_top.enemy")
        if kind == "reorder":       # the top cards the player looks at: his view has them as they lie
            deck = self.v.players[data.seat].deck
            at = data.done + option
            card = deck[at] if at < min(len(deck), data.count) else None
            if card is None:
                return self.t("hg.act.reorder", n=option + 1)
            return self.t("hg.act.reorder.card", n=option + 1, card=self.v.db[card].name)
        if kind == "reveal":
            return self.v.db[data.cards[option]].name if option < len(data.cards) else self.t("hg.act.option",
                                                                                             n=option + 1)
        return self.t("hg.act.option", n=option + 1)

    def _field(self, name: str, value: Any) -> object:
        """A decision's field in words: a card named, a number as it is."""
        return self.whose(value) if name in ("card", "source") else value

    # --- events ------------------------------------------------------------------------------------------
    def event(self, e: Event) -> str | None:
        """A log line for event `e`, or None for bookkeeping; a card name's own «!» or «?» ends a sentence without
        a period after it («разыгрывает За знаменем!»)."""
        text = self._event(e)
        return text if text is None else text.replace("!.", "!").replace("?.", "?")

    def _event(self, e: Event) -> str | None:
        if e.kind in BOOKKEEPING:
            return None
        d = e.data
        key = f"hg.ev.{e.kind}"
        if key not in MESSAGES["ru"]:
            return self.t("hg.ev.unknown", kind=e.kind)
        if e.kind == "game_over":
            return self.game_over(d)
        if e.kind == "hero_died":
            return self.t(key, players=", ".join(self.player(s) for s in d["seats"]))
        if e.kind == "first":
            return self.t(key, player=self.player(d["seat"]), by=self.player(d["by"]))
        if e.kind == "mulligan":
            return self.t(key if d["count"] else "hg.ev.keep", player=self.player(d["seat"]))
        if e.kind in ("drew", "to_bottom"):
            who = self.player(d["seat"])
            if e.kind == "drew":
                known = 0 <= d["uid"] < len(self.v.cards) and self.v.cdef(d["uid"]) is not None
                return self.t(key, player=who, card=self.card(d["uid"])) if known \
                    else self.t("hg.ev.drew_unseen", player=who)
            return self.t(key, player=who, cards=self.count(d["count"], "pl.cards"))
        if e.kind == "triggered":
            return self.t(key, card=self.card(d["uid"]), text=self.ability(d["uid"], d["ability"]))
        if e.kind == "used":
            return self.t(key, card=self.whose(d["uid"]), text=self.ability(d["uid"], d["ability"]))
        if e.kind == "fight":
            back = "" if d["back"] < 0 else self.t("hg.ev.fight.back", n=d["back"])
            return self.t(key, card=self.whose(d["uid"]), target=self.whose(d["target"]), n=d["dealt"], back=back)
        if e.kind in ("died", "to_grave"):
            cause = f"hg.cause.{d['cause']}"
            return self.t(key, card=self.whose(d["uid"]), why=self.t(cause) if cause in MESSAGES["ru"] else d["cause"])
        if e.kind == "played":
            return self.t(key, player=self.player(d["seat"]), card=self.card(d["uid"]))
        if e.kind in ("death_replaced", "wounds_prevented", "chosen", "suppressed"):
            return self.t(key, card=self.whose(d["uid"]), by=self.whose(d["by"]), amount=d.get("amount", 0))
        if e.kind == "gained":
            what = self.keyword(d["keyword"]) if "keyword" in d else self.t("hg.ev.gained.ability")
            return self.t(key, card=self.whose(d["uid"]), keyword=what)
        if e.kind in ("looked_top", "revealed"):
            seen = self.v.db.get(d.get("card")) if self.roles.get(d["seat"]) == "you" or e.kind == "revealed" \
                else None       # the top card another player looked at stays his
            return self.t(key, player=self.player(d["seat"]), card=seen.name if seen else self.t("hg.card.hidden"))
        if e.kind == "named":
            return self.t(key, player=self.player(d["seat"]), name=d["name"])
        if e.kind in ("class_set", "doubled"):
            return self.t(key, card=self.whose(d["uid"]), value=d.get("value", ""), attack=d.get("attack", 0),
                          life=d.get("life", 0))
        if e.kind == "discarded":
            return self.t(key, player=self.player(d["seat"]), cards=self.count(d["count"], "pl.cards"))
        return self.t(key, **self._names(d))

    def _names(self, d: dict[str, Any]) -> dict[str, object]:
        """An event's fields as words: seats as players, card numbers as names, numbers as they are."""
        out: dict[str, object] = {}
        for k, value in d.items():
            if k in ("seat", "by", "winner"):
                out["player"] = self.player(value)
            elif k in ("uid", "target", "against", "source", "attacker", "host") and type(value) is int:
                out[{"uid": "card"}.get(k, k)] = self.whose(value) if value >= 0 else self.t("hg.card.none")
            elif k == "card":
                continue
            else:
                out[k] = value
        return out

    def keyword(self, name: str) -> str:
        """A keyword's name in the reader's language (its engine name if the vocabulary has no such term)."""
        return keyword_text(name, 1, self.lang) if lookup("keyword", name) is not None else name

    def why(self, reason: str) -> str:
        """Why the game ended, in words (the engine's reason word itself if it has no message)."""
        key = f"hg.why.{reason}"
        return self.t(key) if key in MESSAGES["ru"] else reason

    def game_over(self, d: dict[str, Any]) -> str:
        why = self.why(d.get("reason", ""))
        if d["winner"] == DRAW:
            return self.t("hg.ev.game_over.draw", why=why)
        return self.t("hg.ev.game_over", player=self.player(d["winner"]), why=why)
