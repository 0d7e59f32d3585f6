"""A trip desk in Solara (React-style Python on ipywidgets and Vuetify; the corpus drives it:
tests/apps/py/test_solara.py).

Solara's own components, as Vuetify draws them: a date field with a calendar menu (`solara.lab.InputDate`:
a text field and a v-date-picker), an integer slider (v-slider), a select and a multiple select (v-select:
a drawn field over a list of options), a data table with sortable headers
(ipyvuetify's v-data-table) and a sidebar of text. "Save trip" appends the trip to TRIP_FILE (JSON lines), the
backend the test reads, and shows "Trip N saved"; the table's sort is printed to the server's log.
"""

import datetime
import json
import os
from pathlib import Path

import ipyvuetify as v
import solara
import solara.lab

TRIPS = Path(os.environ["TRIP_FILE"])
HOTELS = [
    {"hotel": "Harbour", "city": "Lisbon", "rooms_left": 9},
    {"hotel": "Alpine", "city": "Zurich", "rooms_left": 2},
    {"hotel": "Garden", "city": "Kyoto", "rooms_left": 5},
]
HEADERS = [
    {"text": "Hotel", "value": "hotel"},
    {"text": "City", "value": "city"},
    {"text": "Rooms left", "value": "rooms_left"},
]


@solara.component
def Page():
    traveller = solara.use_reactive("")
    start = solara.use_reactive(datetime.date(2026, 5, 1))
    nights = solara.use_reactive(2)
    room = solara.use_reactive("Single")
    extras = solara.use_reactive([])
    status = solara.use_reactive("")

    def save():
        trip = {
            "traveller": traveller.value,
            "start": str(start.value),
            "nights": nights.value,
            "room": room.value,
            "extras": list(extras.value),
        }
        with TRIPS.open("a") as f:
            f.write(json.dumps(trip) + "\n")
        status.value = f"Trip {len(TRIPS.read_text().splitlines())} saved"

    # solara.HTML, not Markdown: Markdown loads KaTeX, which the server would fetch from its CDN.
    with solara.Sidebar():
        solara.HTML("h2", "Help")
        solara.HTML("p", "Trips saved before noon are confirmed the same day.")
    solara.HTML("h1", "Trip desk")
    solara.InputText("Traveller", value=traveller)
    solara.lab.InputDate(start, label="Start date", date_format="%Y-%m-%d")
    solara.SliderInt("Nights", value=nights, min=1, max=14)
    solara.Select("Room", values=["Single", "Double", "Suite"], value=room)
    solara.SelectMultiple("Extras", values=extras, all_values=["Breakfast", "Parking", "Late checkout"])
    solara.Button("Save trip", on_click=save, color="primary")
    if status.value:
        solara.Info(status.value)
    solara.HTML("h3", "Hotels")
    table = v.DataTable(
        headers=HEADERS, items=HOTELS, item_key="hotel", show_select=True, single_select=True, hide_default_footer=True
    )
    # the table's sort, as the server is told it: what the test judges
    table.on_event("update:sort-by", lambda _widget, _event, data: print(f"sorted by {data}", flush=True))
    table.on_event("update:sort-desc", lambda _widget, _event, data: print(f"descending {data}", flush=True))
    solara.display(table)
