"""«Берсерк. Герои»: its card schema, loader, vocabulary and renderer (docs/heroes-card-schema.md).

Apart from the classic game's cards (cards/schema.py, cards/terms): the two games share no terms.
"""
