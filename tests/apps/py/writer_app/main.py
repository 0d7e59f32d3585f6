"""A trip desk in Writer Framework (Python state, a Vue client of Writer's own components; the corpus drives it:
tests/apps/py/test_writer.py). The components are in .wf/ (JSON lines, as Writer's builder saves them).

Writer's own components: a date input (a native date field), a slider input, select inputs (Writer's drawn,
searchable dropdown; single and, with "Allow Multi-select", multiple with chips), a DataFrame (sortable headers,
a row's action menu: "Open" tells the app the row) and a sidebar of prose. "Save trip" appends the trip to
TRIP_FILE (JSON lines), the backend the test reads, and shows "Trip N saved"; a hotel opened in the table is
printed to the log. Run by `writer run <a copy of this folder> --port N --host 127.0.0.1`.
"""

import json
import os
from pathlib import Path

import pandas as pd
import writer as wf

TRIPS = Path(os.environ["TRIP_FILE"])
HOTELS = pd.DataFrame(
    {"Hotel": ["Harbour", "Alpine", "Garden"], "City": ["Lisbon", "Zurich", "Kyoto"], "Rooms left": [9, 2, 5]}
)


def save(state) -> None:
    trip = {
        "traveller": state["traveller"],
        "start": state["start"],
        "nights": int(float(state["nights"])),
        "room": state["room"],
        "extras": list(state["extras"] or []),
    }
    with TRIPS.open("a") as f:
        f.write(json.dumps(trip) + "\n")
    state["status"] = f"+Trip {len(TRIPS.read_text().splitlines())} saved"  # "+": a success message


def open_hotel(payload) -> None:
    """A row's "Open" action in the table: its hotel, what the sort task judges."""
    if payload.get("action") == "open":
        print(f"hotel picked {[HOTELS['Hotel'][int(payload['record_index'])]]}", flush=True)


wf.init_state(
    {
        "traveller": "",
        "start": "2026-05-01",
        "nights": 2,
        "room": "Single",
        "extras": [],
        "status": "",
        "hotels": HOTELS,
    }
)
