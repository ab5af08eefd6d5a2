"""Game definitions (`engine.gamedef.GameDef`): one module per game of the family."""
