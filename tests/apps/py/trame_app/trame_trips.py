"""A trip desk in trame with Vuetify 3 (trame-vuetify; the corpus drives it: tests/apps/py/test_trame.py).

Vuetify 3's own components: a read-only "Start date" field whose menu holds a calendar (v-menu and
v-date-picker), an integer slider (v-slider), a select and a multiple select with chips (v-select), a data
table with sortable headers (v-data-table) and a navigation drawer of text (the layout's side panel).
"Save trip" appends the trip to TRIP_FILE (JSON lines), the backend the test reads, and shows "Trip N saved";
the table's sort is printed to the server's log. Usage: python trame_trips.py --server --port N --host 127.0.0.1
"""

import json
import os
from pathlib import Path

from trame.app import get_server
from trame.ui.vuetify3 import SinglePageWithDrawerLayout
from trame.widgets import html, vuetify3 as v3

TRIPS = Path(os.environ["TRIP_FILE"])
HOTELS = [
    {"hotel": "Harbour", "city": "Lisbon", "rooms_left": 9},
    {"hotel": "Alpine", "city": "Zurich", "rooms_left": 2},
    {"hotel": "Garden", "city": "Kyoto", "rooms_left": 5},
]
HEADERS = [
    {"title": "Hotel", "key": "hotel"},
    {"title": "City", "key": "city"},
    {"title": "Rooms left", "key": "rooms_left"},
]
# The picked day, as the page's own local date (a JS Date's ISO string would be UTC).
PICKED = (
    "start = [$event.getFullYear(), String($event.getMonth() + 1).padStart(2, '0'),"
    " String($event.getDate()).padStart(2, '0')].join('-'); start_menu = false"
)

server = get_server(client_type="vue3")
state, ctrl = server.state, server.controller
state.update(
    {
        "traveller": "",
        "start": "2026-05-01",
        "start_menu": False,
        "nights": 2,
        "room": "Single",
        "extras": [],
        "status": "",
        "sort_by": [],
    }
)


def save() -> None:
    trip = {
        "traveller": state.traveller,
        "start": state.start,
        "nights": int(state.nights),
        "room": state.room,
        "extras": list(state.extras),
    }
    with TRIPS.open("a") as f:
        f.write(json.dumps(trip) + "\n")
    state.status = f"Trip {len(TRIPS.read_text().splitlines())} saved"


@state.change("sort_by")
def sorted_by(sort_by, **_kwargs) -> None:
    if sort_by:  # the table's sort, as the server is told it: what the test judges
        print(f"sorted by {[s['key'] for s in sort_by]}", flush=True)


with SinglePageWithDrawerLayout(server) as layout:
    layout.title.set_text("Trip desk")
    with layout.drawer:
        html.H2("Help", classes="pa-2")
        html.P("Trips saved before noon are confirmed the same day.", classes="pa-2")
    with layout.content, v3.VContainer(style="max-width: 640px"):
        v3.VTextField(label="Traveller", v_model=("traveller",))
        with v3.VMenu(v_model=("start_menu",), close_on_content_click=False):
            with v3.Template(v_slot_activator="{ props }"):
                v3.VTextField(label="Start date", v_model=("start",), readonly=True, v_bind="props")
            v3.VDatePicker(month=4, year=2026, update_modelValue=PICKED)
        v3.VSlider(label="Nights", v_model=("nights",), min=1, max=14, step=1, thumb_label=True)
        v3.VSelect(label="Room", v_model=("room",), items=("['Single', 'Double', 'Suite']",))
        v3.VSelect(
            label="Extras",
            v_model=("extras",),
            items=("['Breakfast', 'Parking', 'Late checkout']",),
            multiple=True,
            chips=True,
        )
        v3.VBtn("Save trip", click=save, color="primary")
        v3.VAlert("{{ status }}", v_if=("status",), type="success", classes="mt-2")
        html.H3("Hotels", classes="mt-4")
        v3.VDataTable(
            headers=("headers", HEADERS),
            items=("hotels", HOTELS),
            sort_by=("sort_by",),
            update_sortBy="sort_by = $event",
            hide_default_footer=True,
        )

if __name__ == "__main__":
    server.start()
