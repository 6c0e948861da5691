"""The two-ended line games' table kit (Cuban CU-1..CU-12, Jamaican JA-1..JA-9), in one folder.

``kit`` (the two kits the registry finds), ``layout`` (pure geometry: imports without pygame),
``render``, ``scores`` (the hand's and the match's end), ``ticker`` (their clauses) and
``history`` (their statistics).  Nothing outside this folder imports it but the registry,
``game.kits``.
"""

#: the games this folder draws: game -> (its module here, the kit object in it), for the
#: registry (``game.kits``), which finds this folder by looking
GAMES = {"cuban": ("kit", "CUBAN"), "jamaican": ("kit", "JAMAICAN")}
