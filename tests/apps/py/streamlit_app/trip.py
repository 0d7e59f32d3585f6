"""A Streamlit app of our own: a booking form (text input, slider, select box, checkbox, submit button)
that appends what was submitted to the JSON-lines file named by TRIP_FILE, then says so."""

import json
import os

import streamlit as st

st.title("Trip planner")
with st.form("trip"):
    traveller = st.text_input("Traveller")
    nights = st.slider("Nights", min_value=1, max_value=14, value=3)
    room = st.selectbox("Room", ["Single", "Double", "Suite"])
    breakfast = st.checkbox("Breakfast included")
    submitted = st.form_submit_button("Book")
if submitted:
    booking = {"traveller": traveller, "nights": nights, "room": room, "breakfast": breakfast}
    with open(os.environ["TRIP_FILE"], "a", encoding="utf-8") as out:
        out.write(json.dumps(booking) + "\n")
    st.success(f"Booked {nights} nights for {traveller}")
