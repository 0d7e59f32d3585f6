"""A Dash app of our own (a charts page): a city dropdown and a smoothing slider redraw a Plotly line
chart; each redraw appends the inputs it was drawn for to the JSON-lines file named by CHART_LOG.

    CHART_LOG=/tmp/log.jsonl PORT=8050 python charts.py
"""

import json
import os

import plotly.graph_objects as go
from dash import Dash, Input, Output, dcc, html

MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
TEMPERATURES = {
    "Oslo": [-4, -4, 0, 5, 11, 15, 17, 16, 11, 6, 1, -3],
    "Lima": [23, 24, 23, 22, 20, 18, 17, 17, 17, 18, 20, 22],
    "Cairo": [14, 15, 18, 22, 25, 27, 28, 28, 26, 24, 19, 15],
}

app = Dash(__name__, title="City temperatures")
app.layout = html.Main(
    [
        html.H1("City temperatures"),
        html.Label("City", htmlFor="city"),
        dcc.Dropdown(id="city", options=list(TEMPERATURES), value="Oslo", clearable=False),
        html.Label("Smoothing (months)", htmlFor="window"),
        dcc.Slider(id="window", min=1, max=6, step=1, value=1),
        dcc.Graph(id="chart"),
        html.P(id="summary"),
    ]
)


@app.callback(
    Output("chart", "figure"), Output("summary", "children"), Input("city", "value"), Input("window", "value")
)
def redraw(city: str, window: int):
    values = TEMPERATURES[city]
    smoothed = [
        sum(values[max(0, i - window + 1) : i + 1]) / len(values[max(0, i - window + 1) : i + 1]) for i in range(12)
    ]
    with open(os.environ["CHART_LOG"], "a", encoding="utf-8") as log:
        log.write(json.dumps({"city": city, "window": window}) + "\n")
    figure = go.Figure(go.Scatter(x=MONTHS, y=smoothed, mode="lines+markers", name=city))
    figure.update_layout(title=f"{city}, {window}-month mean", yaxis_title="°C")
    return figure, f"Showing {city} with a {window}-month mean"


if __name__ == "__main__":
    app.run(host="127.0.0.1", port=int(os.environ["PORT"]), debug=False)
