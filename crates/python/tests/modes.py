"""Every game and mode the environments are tested on: (id, game, config)."""

MODES = [
    ("catan-base-3", "catan", {"players": 3}),
    ("catan-base-4", "catan", {"players": 4}),
    ("catan-ck-3", "catan", {"players": 3, "expansion": "cities_and_knights"}),
    ("catan-ck-4", "catan", {"players": 4, "expansion": "cities_and_knights"}),
    ("catan-no-trades", "catan", {"players": 4, "player_trades": False}),
    ("burgundy-2", "burgundy", {"players": 2}),
    ("burgundy-4-classic", "burgundy", {"players": 4, "edition": "classic"}),
    ("burgundy-solo", "burgundy", {"players": 1, "modules": ["solo"]}),
    ("burgundy-team", "burgundy", {"players": 4, "modules": ["team"]}),
    ("burgundy-autoduke", "burgundy", {"players": 2, "modules": ["auto-duke"]}),
    (
        "burgundy-modules",
        "burgundy",
        {"players": 3, "modules": ["extra-hexes", "white-castles", "shields", "trade-routes", "vineyards"]},
    ),
    ("burgundy-duchies", "burgundy", {"players": 4, "modules": ["duchies-11-18", "inns", "trading-posts"]}),
    ("viscounts-1", "viscounts", {"players": 1}),
    ("viscounts-2", "viscounts", {"players": 2}),
    ("viscounts-3", "viscounts", {"players": 3}),
    ("viscounts-4", "viscounts", {"players": 4}),
]

IDS = [m[0] for m in MODES]
