"""References into the card definitions: a part of a card's abilities (an ability, an effect, a condition) is
named by (card id, path), never copied into the state as text.

Card definitions are immutable data of the card db, so a reference is plain data (a card id and a tuple of
list indices and keys from `CardDef.abilities`) that encodes canonically and resolves to the very same object.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .state import GameState

Ref = tuple[str, tuple[int | str, ...]]    # (card id, path inside its `abilities`)


class PartIndex:
    """id(part) -> its reference, for every dict inside the abilities of every card of one db."""

    def __init__(self, cards: dict[str, Any]) -> None:
        self.cards = cards
        self.paths: dict[int, Ref] = {}
        for cid, d in cards.items():
            self._walk(cid, d.abilities, ())

    def _walk(self, cid: str, part: Any, path: tuple[int | str, ...]) -> None:
        if isinstance(part, dict):
            self.paths.setdefault(id(part), (cid, path))
            items: Any = part.items()
        elif isinstance(part, list | tuple):
            items = enumerate(part)
        else:
            return
        for key, value in items:
            self._walk(cid, value, (*path, key))


_INDEX: list[PartIndex] = []     # one entry: the index of the db in use (as keywords.card_index)


def ref_of(state: GameState, part: dict[str, Any]) -> Ref:
    """The reference of `part`, a dict of some card's definition; ValueError for anything else (a copy)."""
    cards = state.db.cards
    if not _INDEX or _INDEX[0].cards is not cards:
        _INDEX[:] = [PartIndex(cards)]
    ref = _INDEX[0].paths.get(id(part))
    if ref is None:
        raise ValueError(f"not a part of a card definition: {part!r}")
    return ref


def resolve(db: Any, ref: Ref) -> Any:
    """The part a reference names; KeyError, IndexError or TypeError if the db has no such part."""
    cid, path = ref
    part: Any = db.cards[cid].abilities
    for key in path:
        part = part[key]
    return part


def valid_ref(db: Any, ref: Any) -> bool:
    """Is `ref` a well-formed reference to a dict of a card of `db`? (decoding a saved state)"""
    if not (isinstance(ref, tuple) and len(ref) == 2 and isinstance(ref[0], str) and isinstance(ref[1], tuple)
            and ref[0] in db.cards and all(type(k) in (int, str) for k in ref[1])):
        return False
    try:
        return isinstance(resolve(db, ref), dict)
    except (KeyError, IndexError, TypeError):
        return False
