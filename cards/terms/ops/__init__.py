"""Effect ops, one module per family (docs/card-schema.md, Effects)."""
