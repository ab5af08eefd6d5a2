"""Static abilities that grant keywords and bonuses, change lives, movement and healing, seat symbionts
or change the purchase of the squad (docs/card-schema.md, Static abilities)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cards.terms.model import TermError, declare, static
from cards.terms.values import (
    CARD,
    DECK_CARD,
    EFFECT,
    MARKERS,
    SOURCE,
    Enum,
    Flag,
    Int,
    KeywordTable,
    ListOf,
    Text,
    Union,
    opt,
    req,
)

if TYPE_CHECKING:
    from cards.render import Renderer


def _grant(r: Renderer, ab: Mapping[str, Any], where: str) -> str:
    scope = ab["scope"]
    regen = r.t("static.grant.regen_value", own=r.t(f"static.grant.{scope}.own"))
    grants = [r.keyword(k, v, ".acc", regen) for k, v in ab["grant"].items()]
    return r.template(ab, where, None, scope, grants=r.join(grants, "and"))


def _squad_bonus(r: Renderer, ab: Mapping[str, Any], where: str) -> str:
    grants = [r.t(f"buff.{key}", n=f"{ab[key]:+d}", m=ab[key]) for key in ("move", "strike") if key in ab]
    return r.template(ab, where, None, grants=r.join(grants, "and"))


def _when_shown(r: Renderer, ab: Mapping[str, Any], where: str) -> str:
    return r.t("static.when_shown", effect=r.effect(ab["effect"], f"{where}.effect", None))


def _heal_first(r: Renderer, ab: Mapping[str, Any], where: str) -> str:
    return r.template(ab, where, None, ab["side"])


def _chip_cap(r: Renderer, ab: Mapping[str, Any], where: str) -> str:
    return r.template(ab, where, None, "own" if ab.get("foreign", True) is False else "")


def _purchase_discount(r: Renderer, ab: Mapping[str, Any], where: str) -> str:
    if "squad_costs" not in ab:
        return r.template(ab, where)
    costs = r.join([str(n) for n in ab["squad_costs"]], "and")
    return r.template(ab, where, None, "costs.all" if ab["amount"] == "all" else "costs", costs=costs)


def _one_squad_rule(ab: Mapping[str, Any], path: str) -> None:
    if ("squad_has" in ab) == ("squad_costs" in ab):
        raise TermError(path, "needs one of squad_has and squad_costs")


def _max_with_of(ab: Mapping[str, Any], path: str) -> None:
    if ("max" in ab) != ("of" in ab):
        raise TermError(path, "max and of go together")


def _purchase_gain(r: Renderer, ab: Mapping[str, Any], where: str) -> str:
    return r.template(ab, where, None, "max" if "max" in ab else "")


def _option_max(ab: Mapping[str, Any], path: str) -> None:
    if ab.get("max", 1) > 6:
        raise TermError(f"{path}.max", "at most 6 (setup.OPTION_TIMES_MAX)")


def _before_purchase(r: Renderer, ab: Mapping[str, Any], where: str) -> str:
    return r.template(ab, where, None, "with" if "with" in ab else "peek" if "peek" in ab else "")


def _peek_fields(ab: Mapping[str, Any], path: str) -> None:
    if "peek_discount" in ab and "peek" not in ab:
        raise TermError(f"{path}.peek_discount", "needs peek")
    if "peek" in ab and "with" in ab:
        raise TermError(f"{path}.peek", "peek and with do not go together")


def _purchase_option(r: Renderer, ab: Mapping[str, Any], where: str) -> str:
    return r.template(ab, where, None, "x" if "max" in ab else "")


declare(
    static("grant", (
        req("grant", KeywordTable(regen=True)),
        req("scope", Enum(("self", "host", "self_and_companion", "left_right"))), opt("filter", CARD),
        opt("while", SOURCE),
    ),
           "recipients in scope that match `filter` have the keywords while the source meets `while`. `\"regen\"` as "
           "a value means the recipient's regen. `host` = the creature a symbiont or an equipment is put on. "
           "`left_right` = own creatures directly left and right (controller's view). Same-name keywords do not add "
           "up: the largest applies.", {
               "static.grant.self": (
                   "эта карта{filter:filter} получает {grants}",
                   "this card{filter:filter} gets {grants}",
               ),
               "static.grant.host": (
                   "хозяин этой карты{filter:filter} получает {grants}",
                   "this card's host{filter:filter} gets {grants}",
               ),
               "static.grant.self_and_companion": (
                   "эта карта и её компаньон{filter:filter} получают {grants}",
                   "this card and its companion{filter:filter} get {grants}",
               ),
               "static.grant.left_right": (
                   "ваши существа{filter:filter} слева и справа от этой карты получают {grants}",
                   "your creatures{filter:filter} to the left and right of this card get {grants}",
               ),
               "static.grant.self.own": ("её", "its"),
               "static.grant.host.own": ("его", "its"),
               "static.grant.self_and_companion.own": ("их", "their"),
               "static.grant.left_right.own": ("их", "their"),
               "static.grant.regen_value": ("в размере {own} регенерации", "equal to {own} regeneration"),
           }, _grant),
    static("squad_bonus", (req("filter", CARD), opt("strike", Int(1)), opt("move", Int(1))),
           "own face-up creatures matching `filter` (itself included) have +strike to simple strikes and +move to "
           "movement", {
               "static.squad_bonus": (
                   "ваши существа{filter:filter} имеют {grants}",
                   "your creatures{filter:filter} have {grants}",
               ),
           }, _squad_bonus),
    static("when_shown", (req("effect", EFFECT, "an op `summon` with `card = \"shown\"`"),),
           "«когда вы показываете эту карту при пророчестве»: when a prophecy of a card of its owner shows it (it lies "
           "in the deck), `effect` happens as if that card's prophecy did it (after the prophecy's own case)", {
               "static.when_shown": (
                   "когда вы показываете эту карту при пророчестве: {effect}",
                   "when you show this card in a prophecy: {effect}",
               ),
           }, _when_shown),
    static("extra_life", (req("amount", Int(1)), opt("while", SOURCE)),
           "it starts the battle with that many extra lives (added to its life while `while` holds)", {
               "static.extra_life": (
                   "эта карта начинает бой с {amount} {amount:extra_lives}",
                   "this card starts the battle with {amount} {amount:extra_lives}",
               ),
           }),
    static("heal_first", (req("side", Enum(("own", "enemy"))), req("factor", Int(0), "0 blocks it, 2 doubles it"),
                          opt("while", SOURCE)),
           "«может блокировать первое за ход излечение карты противника» / «может удвоить первое за ход излечение "
           "вашей карты»: the first heal in each turn of a wounded card of that side is multiplied by `factor` (0: "
           "blocked, 2: doubled), while `while` holds", {
               "static.heal_first.enemy": ("блокирует первое за ход излечение карты противника",
                                           "blocks the first healing of an enemy card each turn"),
               "static.heal_first.own": ("удваивает первое за ход излечение вашей карты",
                                         "doubles the first healing of a card of yours each turn"),
           }, _heal_first),
    static("vampirism_less", (req("amount", Int(1)),),
           "«вампиризм на X−N»: its vampirism restores amount fewer lives than the wounds it dealt", {
               "static.vampirism_less": (
                   "вампиризм этой карты — на X−{amount}, где X — число нанесённых ею ран",
                   "this card's vampirism is for X−{amount}, X being the wounds it dealt",
               ),
           }),
    static("life_cap", (req("amount", Int(1)), opt("while", SOURCE)),
           "«максимум N жизней»: its lives with extra ones never exceed N (extra lives beyond it are not gained)", {
               "static.life_cap": (
                   "максимум {amount} {amount:lives} (с дополнительными)",
                   "at most {amount} {amount:lives} (extra lives included)",
               ),
           }),
    static("borrow_formation", (opt("filter", CARD),),
           "«получает бонусы строя всех … существ, с которыми стоит в строю»: while it stands in formation, the static "
           "abilities «Строй: …» (`while = { in_formation = true }`) of the other own cards matching `filter` in one "
           "formation with it work for it as its own (their triggered and activated abilities do not)", {
               "static.borrow_formation": (
                   "пока эта карта стоит в строю, она получает бонусы строя (постоянные особенности «Строй: …») ваших "
                   "карт{filter:filter}, стоящих с ней в одном строю",
                   "while this card is in formation, it gets the formation bonuses (the static «Formation: …» "
                   "abilities) of your cards{filter:filter} in one formation with it",
               ),
           }),
    static("chip_cap", (req("amount", Int(1)), opt("foreign", Flag())),
           "«не может иметь более N фишек»: it never has more than amount chips (a chip beyond it is not gained, and "
           "it cannot close to take one); `foreign = false`: it gets no chips from other cards' effects either", {
               "static.chip_cap": ("не может иметь более {amount} {amount:chips.gen}",
                                   "cannot have more than {amount} {amount:chips}"),
               "static.chip_cap.own": (
                   "не может иметь более {amount} {amount:chips.gen} и получать фишки от других карт",
                   "cannot have more than {amount} {amount:chips} or get chips from other cards",
               ),
           }, _chip_cap),
    static("move_bonus", (req("amount", Int(1)), opt("while", SOURCE)),
           "+amount to its movement (counted when its moves are restored at the start of its turn)", {
               "static.move_bonus": ("+{amount} к движению", "+{amount} to movement"),
           }),
    static("chain_opens", (req("actions", ListOf(Enum(("strike", "shot", "heal"), word="static.chain_opens.link"))),
                           req("per_turn", Int(1)), opt("filter", CARD)),
           "«когда другие … выполняют удар, выстрел и излечение подряд, открыть …»: in its controller's turn, each of "
           "his actions (a move aside) adds a link to its chain when another card matching `filter` makes it — a "
           "declared simple strike, an ability whose effect starts with a shot, an ability that heals — and any other "
           "action breaks the chain; once the chain holds every one of `actions` in any order, this card opens (at "
           "most `per_turn` times a turn) and a new chain starts", {
               "static.chain_opens": (
                   "когда другие ваши карты{filter:filter} выполняют {actions} подряд в любой последовательности "
                   "(перемещение не прерывает цепочку), открыть эту карту (не более {per_turn} раз за ход)",
                   "when your other cards{filter:filter} make {actions} in a row in any order (moves do not break "
                   "the chain), open this card (at most {per_turn} times a turn)",
               ),
               "static.chain_opens.link.strike": ("удар", "a strike"),
               "static.chain_opens.link.shot": ("выстрел", "a shot"),
               "static.chain_opens.link.heal": ("излечение", "a heal"),
           }),
    static("heal_bonus", (req("amount", Int(1)),),
           "when a creature of its controller is healed while it has wounds, it heals by X+amount instead of X, once "
           "per turn for each creature (the largest bonus applies)", {
               "static.heal_bonus": (
                   "если ваше существо должно излечиться на X, вместо этого оно излечивается на X+{amount} (1 раз за "
                   "ход для каждого существа)",
                   "if a creature of yours would heal by X, it heals by X+{amount} instead (once per turn for each "
                   "creature)",
               ),
           }),
    static("poison_extra", (req("amount", Int(1)), opt("filter", CARD)),
           "every creature (either side) matching `filter` takes amount more wounds from its poison at the start of "
           "its turn («получают на одну рану больше от отравления»)", {
               "static.poison_extra": (
                   "каждое существо{filter:filter} получает от отравления на {amount} {amount:wounds} больше",
                   "each creature{filter:filter} takes {amount} more {amount:wounds} from poison",
               ),
           }),
    static("rot_marker", (req("amount", Int(1)), opt("dying", CARD), opt("filter", CARD)),
           "a creature matching `dying` that dies on a cell leaves this card's rot marker there; a creature matching "
           "`filter` relocating onto such a cell takes amount wounds per marker (an effect); the markers leave with "
           "the card", {
               "static.rot_marker": (
                   "при гибели существа{dying:filter} на клетке поля боя освободившаяся клетка получает маркер «гнили» "
                   "этой карты (когда существо{filter:filter} перемещается на клетку с таким маркером, ранить его на "
                   "{amount}; маркеры исчезают, когда эта карта покидает поле боя)",
                   "when a creature{dying:filter} standing on a cell dies, the cell it frees gets this card's «rot» "
                   "marker (when a creature{filter:filter} relocates onto a cell with such a marker, wound it by "
                   "{amount}; the markers disappear when this card leaves the battlefield)",
               ),
           }),
    static("step_onto", (req("filter", CARD),),
           "it may move (a step, one move) onto the cell of any creature matching `filter` as if it were next to it; "
           "standing on an occupied cell it must move off first, as an incorporeal creature", {
               "static.step_onto": (
                   "может двигаться на клетки с существами {filter} как на соседние",
                   "may move onto the cells of creatures {filter} as if they were next to it",
               ),
           }),
    static("step_near", (req("filter", CARD),),
           "own creatures matching `filter` may move onto any free cell next to this card (diagonals included) as "
           "one step, from wherever they stand («могут передвигаться на клетки рядом с … как на соседние»)", {
               "static.step_near": (
                   "ваши существа {filter} могут передвигаться на свободные клетки рядом с этой картой как на "
                   "соседние",
                   "your creatures {filter} may move onto the free cells next to this card as if they were adjacent",
               ),
           }),
    static("jump_swap", (req("filter", CARD), opt("grant", KeywordTable())),
           "its jump may land on the cell of another own creature matching `filter` within the jump range: they "
           "change places (the other card is relocated); it then has the keywords of `grant` until the end of the "
           "turn", {
               "static.jump_swap": (
                   "может объявлять прыжок на клетку, занятую другим вашим существом {filter}, поменявшись с ним "
                   "местами{grant:static.jump_swap.grant}",
                   "may jump onto the cell of another creature of yours {filter}, changing places with "
                   "it{grant:static.jump_swap.grant}",
               ),
               "static.jump_swap.grant": (
                   "; при этом получает {grants} до конца хода",
                   "; it then gets {grants} until the end of the turn",
               ),
           }),
    static("dash_swap", (),
           "«вместо рывка может поменяться местами с вашим стоящим рядом существом»: when it may dash, it may "
           "instead swap places with an own face-up ground creature next to it (diagonals included, not "
           "incorporeal); the dash decision then also offers that creature's cell", {
               "static.dash_swap": (
                   "вместо рывка может поменяться местами с вашим стоящим рядом существом",
                   "instead of a dash it may swap places with a creature of yours standing next to it",
               ),
           }),
    static("marked_cells_occupied", (req("marker", Enum(MARKERS, "marker", "marker")),),
           "a free cell carrying this card's cell marker `marker` (while this card is face up on the battlefield) "
           "counts as occupied though it holds no card: whatever asks for a free cell (a move, a jump, a landing, "
           "a relocation, a summon, a revival, an incarnation, «свободные клетки рядом») passes it over "
           "(`engine.cells.is_free`; «клетка с маркером … считается занятой»)", {
               "static.marked_cells_occupied": (
                   "клетка с маркером «{marker}» этой карты считается занятой",
                   "a cell with this card's «{marker}» marker counts as occupied",
               ),
           }),
    static("incarnate_on_marker", (req("marker", Enum(MARKERS, "marker", "marker")),),
           "it incarnates only onto the cell carrying its cell marker `marker`, open, after every card on that cell "
           "is destroyed (no such marker: it does not incarnate)", {
               "static.incarnate_on_marker": (
                   "инкарнирует только на клетке с маркером «{marker}» этой карты, в открытом виде (все карты на этой "
                   "клетке уничтожаются)",
                   "incarnates only onto the cell with this card's «{marker}» marker, open (every card on that cell "
                   "is destroyed)",
               ),
           }),
    static("incarnation_gate", (),
           "its controller's ground creatures that incarnate may return open onto its cell instead of the usual one; "
           "it is exiled (the owner picks the cell)", {
               "static.incarnation_gate": (
                   "ваши существа могут инкарнировать в открытом виде на клетку, которую занимает эта карта, изгнав её",
                   "your creatures may incarnate open onto the cell of this card, exiling it",
               ),
           }),
    static("host_barred_half", (),
           "(symbiont) its host cannot move (step, jump, teleport, dash) onto the cells of the symbiont's "
           "controller's half", {
               "static.host_barred_half": (
                   "хозяин не может перемещаться на клетки вашей половины поля боя",
                   "its host cannot move onto the cells of your half of the battlefield",
               ),
           }),
    static("host_filter", (req("filter", CARD),),
           "(symbiont) when symbionts are seated, it may only be seated on a creature matching `filter`", {
               "static.host_filter": (
                   "при рассадке симбиотов может быть посажена только на существо {filter}",
                   "when symbionts are seated, it may only be seated on a creature {filter}",
               ),
           }),
    static("symbiont_rescue", (),
           "when a symbiont of its controller is to die because its host died, its owner puts it onto another "
           "face-up ground creature of the host's squad without a symbiont instead (once per battle for a companion, "
           "once for a parasite)", {
               "static.symbiont_rescue": (
                   "если ваш симбиот должен погибнуть в результате гибели хозяина, вместо этого поместить его на "
                   "другое существо того же отряда (1 раз за бой для компаньона и 1 раз за бой для паразита)",
                   "if a symbiont of yours is to die because its host died, put it onto another creature of that squad "
                   "instead (once per battle for a companion and once per battle for a parasite)",
               ),
           }),
    static("own_parasite_host", (),
           "«вы можете поместить своего паразита на … при рассадке»: when its controller seats his parasites (seed "
           "000, «Симбиоты»), it is a legal host too, in any row, if it is a face-up ground creature without a "
           "symbiont that the parasite may sit on (incorporeality, `host_filter`)", {
               "static.own_parasite_host": (
                   "при рассадке вы можете поместить своего паразита на эту карту",
                   "when symbionts are seated, you may seat a parasite of yours on this card",
               ),
           }),
    static("release_rider", (),
           "when it dies, a ground creature seated on it (made its parasite) does not die: it stands on its cell "
           "again", {
               "static.release_rider": (
                   "существо, ставшее паразитом этой карты, при её гибели не погибает, а снова становится существом на "
                   "её клетке",
                   "a creature made a parasite of this card does not die when this card dies: it becomes a creature "
                   "again on this card's cell",
               ),
           }),
    static("terrain_class", (req("class", Text("class")),),
           "its controller's terrain has that class too (e.g. «ваша местность считается рекой») while this card is "
           "face up on the battlefield", {
               "static.terrain_class": (
                   "ваша местность имеет класс «{class}», пока эта карта на поле боя",
                   "your terrain has the class «{class}» while this card is on the battlefield",
               ),
           }),
    static("purchase_discount", (
        req("amount", Union((Int(1), Enum(("all",))))),
        opt("squad_has", ListOf(Enum(("companion", "parasite"), "kind", "static.purchase_discount"))),
        opt("squad_costs", ListOf(Int(0))),
    ),
           "when the squad being bought has another card of one of those kinds (`squad_has`), or other cards of each "
           "of those costs (`squad_costs`), this card costs `amount` less (gold for an elite card); `amount = "
           "\"all\"`: nothing («бесплатно»)", {
               "static.purchase_discount": (
                   "если в вашем отряде есть {squad_has:or}, при наборе отряда эта карта стоит на {amount} меньше",
                   "if your squad has a {squad_has:or}, this card costs {amount} less when you buy your squad",
               ),
               "static.purchase_discount.costs": (
                   "если в вашем отряде есть другие карты стоимостью {costs}, при наборе отряда эта карта стоит на "
                   "{amount} меньше",
                   "if your squad has other cards costing {costs}, this card costs {amount} less when you buy your "
                   "squad",
               ),
               "static.purchase_discount.costs.all": (
                   "если в вашем отряде есть другие карты стоимостью {costs}, эту карту можно взять в отряд бесплатно",
                   "if your squad has other cards costing {costs}, this card joins your squad for free",
               ),
               "static.purchase_discount.companion": ("компаньон", "companion"),
               "static.purchase_discount.parasite": ("паразит", "parasite"),
           }, _purchase_discount, _one_squad_rule),
    static("purchase_gain", (req("gold", Int(1)), opt("max", Int(0)), opt("of", DECK_CARD)),
           "«при наборе этой карты в отряд вы получаете N {elite}»: its buyer has `gold` more gold crystals for his "
           "squad; with `max` and `of`, only if the squad has at most `max` cards matching `of` («при этом в вашем "
           "отряде не может быть больше трёх стихийных карт»: taken whenever the squad allows it)", {
               "static.purchase_gain": (
                   "при наборе этой карты в отряд вы получаете {gold} {gold:gold}",
                   "when this card joins your squad, you get {gold} {gold:gold}",
               ),
               "static.purchase_gain.max": (
                   "при наборе этой карты в отряд вы получаете {gold} {gold:gold}, если в вашем отряде не больше "
                   "{max} карт{of:filter}",
                   "when this card joins your squad, you get {gold} {gold:gold} if your squad has at most {max} "
                   "cards{of:filter}",
               ),
           }, _purchase_gain, _max_with_of),
    static("purchase_option", (req("extra", Int(1)), opt("max", Int(2))),
           "«при наборе отряда можно заплатить на X больше»: the buyer may take the card at its cost + extra (action "
           "`BuyExtra`; an elite card's extra is gold); the card then carries the mark `paid_extra` for the battle, "
           "which its other abilities test with `while = { paid_extra = true }`; with `max`, «на X больше (X не "
           "больше max)»: `BuyExtra` again on the card taken pays `extra` more each time, up to `max` times, and "
           "X = the times (`attack_bonus` amount `\"paid_extra\"`)", {
               "static.purchase_option": (
                   "при наборе отряда за эту карту можно заплатить на {extra} {extra:crystals} больше",
                   "at the squad purchase you may pay {extra} more {extra:crystals} for this card",
               ),
               "static.purchase_option.x": (
                   "при наборе отряда за эту карту можно заплатить на X больше (X не больше {max})",
                   "at the squad purchase you may pay X more for this card (X at most {max})",
               ),
           }, _purchase_option, _option_max),
    static("before_purchase", (opt("with", DECK_CARD, "a card of the deal taken with it"),
                               opt("peek", Int(1), "cards of the opponent's deal looked at when it is shown"),
                               opt("peek_discount", Int(1), "it costs that much less per elite card looked at")),
           "«до набора отряда» (seed 001): while nothing has been bought, the owner may take this card from his deal "
           "into the squad (action `Recruit`) at its full cost; it cannot be put back, and no redeal follows; the "
           "card carries the mark `recruited` (`while = { recruited = true }`); with `with`, right after it one card "
           "of the deal matching `with` may be recruited too, paid with silver even if it is elite, and it is «taken "
           "with» this card (target word `\"taken_with\"`); with `peek`, «показать противнику … посмотреть N "
           "случайных карт из раздачи противника»: it is shown (action `Show`, public) instead, the opponent's program "
           "reveals the first `peek` cards of his deal (the deal order is random; his deal as bought if he has "
           "bought, else he is dealt now) to the owner alone, and it costs `peek_discount` ordinary crystals less per "
           "elite card among them (rules decisions 560–566)", {
               "static.before_purchase": (
                   "до набора отряда: можно взять эту карту в отряд из раздачи, до покупки других карт; её нельзя "
                   "вернуть, и она стоит полную стоимость",
                   "before the squad purchase: this card may be taken from the deal into the squad before any other "
                   "card is bought; it cannot be put back and costs its full price",
               ),
               "static.before_purchase.with": (
                   "до набора отряда: можно показать эту карту и карту{with:filter} из раздачи и взять их в отряд за "
                   "обычные кристаллы, до покупки других карт; их нельзя вернуть",
                   "before the squad purchase: this card and a card{with:filter} of the deal may be shown and taken "
                   "into the squad for ordinary crystals, before any other card is bought; they cannot be put back",
               ),
               "static.before_purchase.peek": (
                   "до набора отряда: можно показать эту карту противнику и посмотреть {peek} {peek:random_cards} из "
                   "его раздачи; за каждую показанную элитную карту эта карта стоит на {peek_discount} "
                   "{peek_discount:silver} меньше; её нужно взять в отряд",
                   "before the squad purchase: this card may be shown to the opponent to look at {peek} random "
                   "{peek:random_cards} of his deal; it costs {peek_discount} {peek_discount:silver} less for each "
                   "elite card shown; it must be taken into the squad",
               ),
           }, _before_purchase, _peek_fields),
)
