"""A trip desk in marimo (a reactive notebook run as an app; the corpus drives it: tests/apps/py/test_marimo.py).

marimo's own UI elements: a date field, a slider, a dropdown, a multiselect, a table with sortable columns and
row selection, a run button, and a sidebar of text. "Save trip" appends the trip to TRIP_FILE (JSON lines), the
backend the test reads, and shows "Trip N saved"; the row picked in the table is printed to the server's log.
"""

import marimo

app = marimo.App(width="medium")


@app.cell
def _():
    import datetime
    import json
    import os
    from pathlib import Path

    import marimo as mo

    trips = Path(os.environ["TRIP_FILE"])
    return datetime, json, mo, trips


@app.cell
def _(datetime, mo):
    traveller = mo.ui.text(label="Traveller")
    start = mo.ui.date(label="Start date", value=datetime.date(2026, 5, 1))
    nights = mo.ui.slider(1, 14, value=2, label="Nights", show_value=True)
    room = mo.ui.dropdown(["Single", "Double", "Suite"], value="Single", label="Room")
    extras = mo.ui.multiselect(["Breakfast", "Parking", "Late checkout"], label="Extras")
    save = mo.ui.run_button(label="Save trip")
    mo.vstack([mo.md("# Trip desk"), traveller, start, nights, room, extras, save])
    return extras, nights, room, save, start, traveller


@app.cell
def _(extras, json, mo, nights, room, save, start, traveller, trips):
    mo.stop(not save.value)
    trip = {
        "traveller": traveller.value,
        "start": str(start.value),
        "nights": nights.value,
        "room": room.value,
        "extras": list(extras.value),
    }
    with trips.open("a") as f:
        f.write(json.dumps(trip) + "\n")
    mo.md(f"Trip {len(trips.read_text().splitlines())} saved")
    return


@app.cell
def _(mo):
    hotels = mo.ui.table(
        [
            {"hotel": "Harbour", "city": "Lisbon", "rooms left": 9},
            {"hotel": "Alpine", "city": "Zurich", "rooms left": 2},
            {"hotel": "Garden", "city": "Kyoto", "rooms left": 5},
        ],
        selection="single",
        label="Hotels",
    )
    hotels  # noqa: B018 - a cell shows its last expression
    return (hotels,)


@app.cell
def _(mo):
    mo.sidebar([mo.md("## Help\nTrips saved before noon are confirmed the same day.")])
    return


@app.cell
def _(hotels):
    if hotels.value:
        print(f"picked hotel {hotels.value[0]['hotel']}", flush=True)  # the row a person picked: what the test judges
    return


if __name__ == "__main__":
    app.run()
