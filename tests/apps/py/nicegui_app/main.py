"""Room bookings in NiceGUI (Vue + Quasar; the app the corpus drives: tests/apps/py/test_nicegui.py).

Quasar's widgets as NiceGUI gives them: a date input whose calendar (q-date) opens in a menu, a slider
(q-slider) captioned by a label above it, a select (q-select: a drawn field with its options in a popup
menu), a table of bookings (q-table, sortable columns) and a side panel (q-drawer) of filters. "Book"
appends the booking to BOOKING_FILE (JSON lines), the backend the test reads.
"""

import json
import os
import sys
from pathlib import Path

# Started by a test, this process inherits pytest's PYTEST_CURRENT_TEST, and NiceGUI then runs as its
# own screen-test server (on NICEGUI_SCREEN_TEST_PORT). It is an app here, on the port given.
os.environ.pop("PYTEST_CURRENT_TEST", None)
from nicegui import ui

BOOKINGS = Path(os.environ["BOOKING_FILE"])
ROWS = [
    {"guest": "Ines", "room": "Double", "nights": 2},
    {"guest": "Bruno", "room": "Suite", "nights": 5},
    {"guest": "Chen", "room": "Single", "nights": 1},
]


@ui.page("/")
def bookings_page() -> None:
    with ui.left_drawer(value=True, bordered=True):
        ui.label("Filters").classes("text-h6")
        ui.checkbox("Only this week")
        ui.label("The list shows every booking of the season.")
    ui.label("Room bookings").classes("text-h5")
    guest = ui.input("Guest")
    with ui.input("Check-in", value="2026-05-01") as check_in:
        with ui.menu().props("no-parent-event") as menu:
            ui.date(mask="YYYY-MM-DD").bind_value(check_in).on_value_change(menu.close)
        with check_in.add_slot("append"):
            ui.button(icon="edit_calendar", on_click=menu.open).props("flat dense aria-label='Pick a date'")
    ui.label("Nights")
    nights = ui.slider(min=1, max=14, value=3).props("label")
    room = ui.select(["Single", "Double", "Suite"], value="Single", label="Room type")
    status = ui.label("").props("role=status")

    def book() -> None:
        booking = {"guest": guest.value, "check_in": check_in.value, "nights": nights.value, "room": room.value}
        with BOOKINGS.open("a") as f:
            f.write(json.dumps(booking) + "\n")
        count = len(BOOKINGS.read_text().splitlines())
        status.set_text(f"Booking {count} saved")

    ui.button("Book", on_click=book)
    columns = [
        {"name": "guest", "label": "Guest", "field": "guest", "sortable": True, "align": "left"},
        {"name": "room", "label": "Room", "field": "room", "sortable": True, "align": "left"},
        {"name": "nights", "label": "Nights", "field": "nights", "sortable": True},
    ]

    def sorted_by(event) -> None:  # the table's sort, as the server is told it: what the test judges
        print(f"sorted by {event.value.get('sortBy')} descending={event.value.get('descending')}", flush=True)

    ui.table(columns=columns, rows=ROWS, row_key="guest", title="This season", on_pagination_change=sorted_by)


ui.run(host="127.0.0.1", port=int(sys.argv[1]), reload=False, show=False, title="Room bookings")
