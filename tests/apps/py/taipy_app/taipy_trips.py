"""A trip desk in Taipy GUI (Python state, a React client on MUI; the corpus drives it: tests/apps/py/test_taipy.py).

Taipy's own visual elements, written in its Markdown: a date (MUI X's DatePicker: a field and a calendar button),
a slider (MUI's Slider), a selector drawn as a dropdown (MUI's Select) and a multiple one, a table (sortable
headers; a click on a cell tells the app its row) and a side part of prose. "Save trip" appends the trip to
TRIP_FILE (JSON lines), the backend the test reads, and shows "Trip N saved"; a hotel picked in the table is
printed to the log. Usage: PORT=N TRIP_FILE=... python taipy_trips.py
"""

import datetime
import json
import os
from pathlib import Path

import pandas as pd
import taipy.gui
from taipy.gui import Gui, State

TRIPS = Path(os.environ["TRIP_FILE"])

traveller = ""
start = datetime.date(2026, 5, 1)
nights = 2
room = "Single"
extras: list[str] = []
status = ""
hotels = pd.DataFrame(
    {"Hotel": ["Harbour", "Alpine", "Garden"], "City": ["Lisbon", "Zurich", "Kyoto"], "Rooms left": [9, 2, 5]}
)


def save(state: State) -> None:
    day = state.start.date() if isinstance(state.start, datetime.datetime) else state.start
    trip = {
        "traveller": state.traveller,
        "start": day.isoformat(),
        "nights": int(state.nights),
        "room": state.room,
        "extras": list(state.extras),
    }
    with TRIPS.open("a") as f:
        f.write(json.dumps(trip) + "\n")
    state.status = f"Trip {len(TRIPS.read_text().splitlines())} saved"


def pick_hotel(state: State, var_name: str, payload: dict) -> None:
    """A cell of the table clicked: its row's hotel, what the sort task judges."""
    print(f"hotel picked {[hotels['Hotel'][payload['index']]]}", flush=True)


PAGE = """
# Trip desk

<|layout|columns=3 1|
<|
<|{traveller}|input|label=Traveller|>

<|{start}|date|label=Start date|>

Nights

<|{nights}|slider|min=1|max=14|>

<|{room}|selector|lov=Single;Double;Suite|dropdown|label=Room|>

<|{extras}|selector|lov=Breakfast;Parking;Late checkout|dropdown|multiple|label=Extras|>

<|Save trip|button|on_action=save|>

<|{status}|text|>

### Hotels

<|{hotels}|table|show_all|on_action=pick_hotel|>
|>

<|part|
### Help
Trips saved before noon are confirmed the same day. A hotel's rooms left are counted at midnight.
|>
|>
"""

if __name__ == "__main__":
    # favicon: Taipy's default is an image on GitHub; the package's own file keeps the page local.
    Gui(PAGE).run(
        host="127.0.0.1",
        port=int(os.environ["PORT"]),
        run_browser=False,
        use_reloader=False,
        debug=False,
        favicon=str(Path(taipy.gui.__file__).parent / "webapp" / "favicon.png"),
    )
