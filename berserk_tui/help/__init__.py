"""In-game help («Правила и глоссарий»): Markdown texts, one file per topic and language.

Files are `<topic>.<lang>.md` next to this module, read with `importlib.resources` so they
work from an installed wheel too (package data: `help/*.md`). Russian is the reference text;
a language without a file for a topic falls back to it.
"""

from __future__ import annotations

from importlib import resources
from importlib.resources.abc import Traversable

TOPICS: tuple[str, ...] = ("overview", "setup", "turn", "strike", "ranged", "instants", "glossary", "keys",
                          "network", "boardgame", "heroes", "heroes_glossary")
DEFAULT_LANG = "ru"


def _resource(topic: str, lang: str) -> Traversable:
    return resources.files(__name__) / f"{topic}.{lang}.md"


def load_topic(topic: str, lang: str = DEFAULT_LANG) -> str:
    """The Markdown text of help `topic` in `lang` (Russian if that language has no file)."""
    if topic not in TOPICS:
        raise KeyError(f"unknown help topic {topic!r}")
    res = _resource(topic, lang) if lang.isalpha() else None
    if res is None or not res.is_file():
        res = _resource(topic, DEFAULT_LANG)
    return res.read_text(encoding="utf-8")


def topic_title(topic: str, lang: str = DEFAULT_LANG) -> str:
    """The first `# ` heading of the topic (the topic id if it has none)."""
    for line in load_topic(topic, lang).splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return topic


__all__ = ["DEFAULT_LANG", "TOPICS", "load_topic", "topic_title"]
