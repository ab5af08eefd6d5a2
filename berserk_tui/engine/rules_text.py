"""Message ids of rule violations the engine reports (the UI translates them)."""

NOT_ENOUGH_GOLD = "not_enough_gold"          # elite cards, the element penalty and redeals cost gold
NOT_ENOUGH_CRYSTALS = "not_enough_crystals"
FLYER_CAP = "flyer_cap"                      # at most 15 crystals on flyers
UNIQUE_TWICE = "unique_twice"                # a unique card at most once in a squad
TWO_TERRAINS = "two_terrains"                # at most one terrain in a squad
