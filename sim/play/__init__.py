"""Play against the bots at a terminal table, for any game.

    keys.py      single-key input: legal choices only, ``?`` rules, ``q`` quit
    playlog.py   the JSON Lines game log: written as the game goes, read back
    table.py     one game through the reference engine, people and bots seated
    review.py    a log stepped through again, and people's choices vs a bot's
    commands.py  ``sim <game> play | replay | review``

Each game supplies its screen and keys in ``sim/games/<game>/play.py`` (an
object ``TABLE``); nothing here imports a specific game.
"""
