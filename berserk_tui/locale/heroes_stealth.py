"""The words of «Берсерк. Герои»'s hidden creatures (Скрытое существо, engine/heroes/ops/stealth.py): the log, the
reveal's prompt, the hand-over's decision kind and the table's mark."""

RU: dict[str, str] = {
    "hg.ask.unhide": "Раскрыть скрытое существо {card}? Раскрытое, оно может действовать в этот ход.",
    "handover.kind.unhide": "раскрыть ли скрытое существо",
    "hg.act.unhide": "Раскрыть",
    "hg.act.keep_hidden": "Оставить скрытым",
    "hg.ev.hidden": "{card} скрывается (лежит лицом вниз).",
    "hg.ev.unhidden": "{card} раскрывается.",
    "hg.st.hidden": "скрыто",
}

EN: dict[str, str] = {
    "hg.ask.unhide": "Reveal the hidden creature {card}? Revealed, it may act this turn.",
    "handover.kind.unhide": "whether to reveal a hidden creature",
    "hg.act.unhide": "Reveal it",
    "hg.act.keep_hidden": "Keep it hidden",
    "hg.ev.hidden": "{card} hides (lies face down).",
    "hg.ev.unhidden": "{card} is revealed.",
    "hg.st.hidden": "hidden",
}
