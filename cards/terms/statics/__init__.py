"""Static abilities, one module per family (docs/card-schema.md, Static abilities)."""
