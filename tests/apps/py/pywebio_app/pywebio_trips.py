"""A trip desk in PyWebIO (web forms written as a script; the corpus drives it: tests/apps/py/test_pywebio.py).

PyWebIO's own form: a text input, a date input, a slider (a range input with its value shown), a select and a
multiple select drawn by bootstrap-select (`native=False`: a button and a menu over a hidden <select>), a
submit button, and a table of hotels (PyWebIO has no sortable table or side panel of its own). Submitting
appends the trip to TRIP_FILE (JSON lines), the backend the test reads, and shows "Trip N saved". Static files
come from the package (`cdn=False`): no CDN.
"""

import json
import os
import sys
from pathlib import Path

import tornado.ioloop
from pywebio import input as form, start_server
from pywebio.output import put_markdown, put_success, put_table

TRIPS = Path(os.environ["TRIP_FILE"])


def desk() -> None:
    put_markdown("# Trip desk")
    put_table(
        [["Harbour", "Lisbon", 9], ["Alpine", "Zurich", 2], ["Garden", "Kyoto", 5]],
        header=["Hotel", "City", "Rooms left"],
    )
    trip = form.input_group(
        "New trip",
        [
            form.input("Traveller", name="traveller"),
            form.input("Start date", name="start", type=form.DATE, value="2026-05-01"),
            form.slider("Nights", name="nights", value=2, min_value=1, max_value=14),
            form.select("Room", ["Single", "Double", "Suite"], name="room", value="Single", native=False),
            form.select(
                "Extras", ["Breakfast", "Parking", "Late checkout"], name="extras", multiple=True, native=False
            ),
        ],
    )
    with TRIPS.open("a") as f:
        f.write(json.dumps(trip) + "\n")
    put_success(f"Trip {len(TRIPS.read_text().splitlines())} saved")


if __name__ == "__main__":
    # Said once the loop runs, so after start_server has bound its port: the test's ready line.
    tornado.ioloop.IOLoop.current().add_callback(lambda: print("trip desk ready", flush=True))
    start_server(desk, port=int(sys.argv[1]), host="127.0.0.1", cdn=False)
