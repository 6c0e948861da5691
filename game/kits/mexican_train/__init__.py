"""Mexican Train's table kit (MT-1..MT-20): everything of the family in one folder.

``kit`` (the kit the registry finds), ``layout`` (the trains round the station), ``render``,
``prompts``, ``status`` (the players panel), ``scores`` (the deal's and the match's end),
``ticker`` (its clauses), ``history`` (its statistics) and ``staging`` (the engine's flight).
Nothing outside this folder imports it but the registry, ``game.kits``.
"""

#: the games this folder draws: game -> (its module here, the kit object in it), for the
#: registry (``game.kits``), which finds this folder by looking
GAMES = {"mexican_train": ("kit", "MEXICAN_TRAIN")}
