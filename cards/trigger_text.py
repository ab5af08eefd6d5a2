"""The words of a triggered ability's event (its `on` table), from the wordings of cards/triggers.py."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NoReturn, Protocol

from cards.triggers import Tail, Wording, wording_of


class Words(Protocol):
    """What the card renderer (cards/render) lends: its language and its phrase builders."""
    lang: str

    def fail(self, where: str, problem: str) -> NoReturn: ...
    def join(self, parts: Sequence[str], conj: str) -> str: ...
    def qualifier(self, cond: Mapping[str, Any], where: str) -> str: ...
    def attacks(self, kinds: Sequence[str], case: str, levels: Sequence[str] | None = None,
                conj: str = "and") -> str: ...


def own_death(ab: Mapping[str, Any]) -> bool:
    """Does triggered ability `ab` work on its own card's death («при гибели этой карты»)?"""
    on = ab.get("on")
    return ab.get("type") == "trigger" and isinstance(on, Mapping) and on.get("event") == "died" \
        and on.get("whose") == "self"


def trigger_head(r: Words, ab: Mapping[str, Any], where: str) -> str:
    """The event part of a triggered ability's text («когда ваше существо … погибает от атаки …»)."""
    on = ab["on"]
    w = wording_of(on)
    if w is None:
        r.fail(f"{where}.on", f"no trigger wording matches {on!r}")
    where = f"{where}.on"
    q = f" {r.qualifier(on[w.q], f'{where}.{w.q}')}" if w.q and w.q in on else ""
    head = _text(r, w).format(q=q, attack=_attack(r, on) if "{attack}" in _text(r, w) else "")
    for tail in w.tails:
        if tail.name in on:
            head += _tail(r, tail, on[tail.name], f"{where}.{tail.name}")
    return head


def _text(r: Words, w: Wording) -> str:
    return w.ru if r.lang == "ru" else w.en


def _attack(r: Words, on: Mapping[str, Any]) -> str:
    """Each attack kind of `attacks` led by the levels («при слабом разряде или магическом ударе»)."""
    return r.join([r.attacks([kind], "prep", on["levels"], conj="or") for kind in on["attacks"]], "or")


def _tail(r: Words, tail: Tail, value: Any, where: str) -> str:
    ru = r.lang == "ru"
    if tail.name == "attacks" and list(value) == ["all"]:
        return tail.all_ru if ru else tail.all_en
    text = tail.ru if ru else tail.en
    if tail.name == "attacks":
        return text.format(attacks=r.attacks(value, "nom", conj="or"))
    if isinstance(value, Mapping):
        return text.format(q=r.qualifier(value, where))
    return text.format(n=value)
