"""The Textual terminal app: `BerserkApp` and its screens, widgets and styles."""
