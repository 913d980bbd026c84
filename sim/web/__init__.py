"""Play at a table in the browser (`sim <game> serve`), for any game.

session.py   one table: its game run by the terminal table's engine loop
             (sim.play.table.Run), resumed from its log, sealed per seat
pictures.py  the game's SVG picture and moves (``sim/games/<game>/picture.py``)
pages.py     the HTML pages: table, pass-the-device, replay, review
app.py       the Starlette app: pages, the JSON API, the 4xx answers
server.py    tables made or resumed, links printed, Uvicorn run, Ctrl-C
commands.py  ``sim <game> serve``
"""
