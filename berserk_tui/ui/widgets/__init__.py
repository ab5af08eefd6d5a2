"""Widgets of the game screens: the board, card tiles and details, zones, the log and dice."""
