"""Message tables of the game (`game`: describing states, actions and events) and of the UI (`ui`)."""
