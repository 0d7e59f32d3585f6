"""A trip planner in Shiny for Python (the app the corpus drives: tests/apps/py/test_shiny.py).

Shiny's own inputs: a date input (bootstrap-datepicker: a text field and a calendar of table cells), a
slider (ion.rangeSlider: a drawn track over a hidden read-only input), a selectize select (a drawn input
over a hidden native <select>) and an action button. Each "Save" appends the trip to TRIP_FILE (JSON
lines), the backend the test reads, and the app shows "Trip N saved" in a status line.
"""

import json
import os
from pathlib import Path

from shiny import App, reactive, render, ui

TRIPS = Path(os.environ["TRIP_FILE"])

app_ui = ui.page_fluid(
    ui.h2("Trip planner"),
    ui.input_text("traveller", "Traveller"),
    ui.input_date("depart", "Departure date", value="2026-05-01", format="yyyy-mm-dd"),
    ui.input_slider("nights", "Nights", min=1, max=14, value=3),
    ui.input_selectize("room", "Room", ["Single", "Double", "Suite"], selected="Single"),
    ui.input_selectize("extras", "Extras", ["Breakfast", "Parking", "Late checkout"], multiple=True),
    ui.input_action_button("save", "Save"),
    ui.div(ui.output_text("status"), role="status"),
)


def server(inputs, output, session):  # Shiny passes them by position
    saved = reactive.value(0)

    @reactive.effect
    @reactive.event(inputs.save)
    def _save():
        trip = {
            "traveller": inputs.traveller(),
            "depart": str(inputs.depart()),
            "nights": inputs.nights(),
            "room": inputs.room(),
            "extras": list(inputs.extras()),
        }
        with TRIPS.open("a") as f:
            f.write(json.dumps(trip) + "\n")
        saved.set(saved() + 1)

    @render.text
    def status():
        return f"Trip {saved()} saved" if saved() else ""


app = App(app_ui, server)
