"""A trip desk in H2O Wave (Python apps drawn by Wave's React client on Fluent UI; the corpus drives it:
tests/apps/py/test_wave.py).

Wave's own components: a date picker (Fluent's DatePicker: a read-only field opening a calendar), a slider, a
dropdown and a multi-value dropdown (Fluent's Dropdown, drawn), a table with a sortable "Rooms left" column whose
first column's cells are links (a click tells the app the row). "Save trip" sends the form to the app, which
appends the trip to TRIP_FILE (JSON lines), the backend the test reads, and shows "Trip N saved"; a hotel picked
in the table is printed to the app's log. Run by `wave run --no-reload wave_trips` (it starts Wave's server,
waved, from the package, at H2O_WAVE_LISTEN).
"""

import json
import os
from pathlib import Path

from h2o_wave import Q, app, main, ui  # noqa: F401 (main: the ASGI app `wave run` serves)

TRIPS = Path(os.environ["TRIP_FILE"])
HOTELS = [("Harbour", "Lisbon", 9), ("Alpine", "Zurich", 2), ("Garden", "Kyoto", 5)]


def trip_form() -> list:
    return [
        ui.textbox(name="traveller", label="Traveller"),
        ui.date_picker(name="start", label="Start date", value="2026-05-01"),
        ui.slider(name="nights", label="Nights", min=1, max=14, step=1, value=2),
        ui.dropdown(
            name="room", label="Room", value="Single", choices=[ui.choice(r, r) for r in ("Single", "Double", "Suite")]
        ),
        ui.dropdown(
            name="extras",
            label="Extras",
            values=[],
            choices=[ui.choice(e, e) for e in ("Breakfast", "Parking", "Late checkout")],
        ),
        ui.button(name="save", label="Save trip", primary=True),
    ]


def hotels_table() -> list:
    columns = [
        ui.table_column(name="hotel", label="Hotel", link=True),
        ui.table_column(name="city", label="City"),
        ui.table_column(name="rooms_left", label="Rooms left", sortable=True, data_type="number"),
    ]
    rows = [ui.table_row(name=h, cells=[h, city, str(left)]) for h, city, left in HOTELS]
    return [ui.text_l("Hotels"), ui.table(name="hotels", columns=columns, rows=rows, height="220px")]


def append_trip(trip: dict) -> int:
    """The trip appended to TRIP_FILE; the count of trips saved (a few bytes on a local disk: no thread needed)."""
    with TRIPS.open("a") as f:
        f.write(json.dumps(trip) + "\n")
    return len(TRIPS.read_text().splitlines())


@app("/trips")
async def serve(q: Q) -> None:
    if not q.client.initialized:
        q.client.initialized = True
        q.page["meta"] = ui.meta_card(box="", title="Trip desk")
        q.page["header"] = ui.header_card(box="1 1 8 1", title="Trip desk", subtitle="New trip")
        q.page["form"] = ui.form_card(box="1 2 4 8", items=trip_form())
        q.page["hotels"] = ui.form_card(box="5 2 4 5", items=hotels_table())
    elif q.args.save:
        trip = {
            "traveller": q.args.traveller,
            "start": q.args.start,
            "nights": q.args.nights,
            "room": q.args.room,
            "extras": list(q.args.extras or []),
        }
        count = append_trip(trip)
        q.page["status"] = ui.form_card(
            box="5 7 4 1", items=[ui.message_bar(type="success", text=f"Trip {count} saved")]
        )
    elif q.args.hotels:  # a hotel's link in the table: what the sort task judges
        print(f"hotel picked {q.args.hotels}", flush=True)
    await q.page.save()
