"""An order desk in Panel (HoloViz, on Bokeh; the corpus drives it: tests/apps/py/test_panel.py).

Panel's widgets as Bokeh draws them: a date picker (flatpickr: a read-only looking text field and a drawn
calendar), an integer slider (noUiSlider: a drawn track and handle with role=slider), a select, a
multi-choice box (Choices.js: a drawn input over a hidden <select multiple>), a Tabulator table (sortable
column headers) and a side panel (the template's sidebar). "Save order" appends the order to ORDER_FILE
(JSON lines), the backend the test reads.
"""

import datetime
import json
import os
from pathlib import Path

import pandas as pd
import panel as pn

ORDERS = Path(os.environ["ORDER_FILE"])
pn.extension("tabulator")

customer = pn.widgets.TextInput(name="Customer")
delivery = pn.widgets.DatePicker(name="Delivery date", value=datetime.date(2026, 5, 1))
quantity = pn.widgets.IntSlider(name="Quantity", start=1, end=20, value=2)
product = pn.widgets.Select(name="Product", options=["Tea", "Coffee", "Cocoa"], value="Tea")
extras = pn.widgets.MultiChoice(name="Extras", options=["Gift wrap", "Card", "Express"])
status = pn.pane.Markdown("", stylesheets=[], sizing_mode="stretch_width")
save = pn.widgets.Button(name="Save order", button_type="primary")
stock = pd.DataFrame({"product": ["Tea", "Coffee", "Cocoa"], "in_stock": [40, 12, 25], "price": [4.5, 6.0, 5.25]})
table = pn.widgets.Tabulator(stock, show_index=False, disabled=True, name="Stock")


def on_save(_event) -> None:
    order = {
        "customer": customer.value,
        "delivery": str(delivery.value),
        "quantity": quantity.value,
        "product": product.value,
        "extras": list(extras.value),
    }
    with ORDERS.open("a") as f:
        f.write(json.dumps(order) + "\n")
    status.object = f"Order {len(ORDERS.read_text().splitlines())} saved"


save.on_click(on_save)


def on_sort(event) -> None:  # the table's sort, as the server is told it: what the test judges
    print(f"sorted by {[s['field'] for s in event.new]} {[s['dir'] for s in event.new]}", flush=True)


table.param.watch(on_sort, "sorters")

template = pn.template.BootstrapTemplate(title="Order desk")
template.sidebar.append(pn.pane.Markdown("## Help\nOrders placed before noon ship the same day."))
template.main.append(
    pn.Column(customer, delivery, quantity, product, extras, save, status, pn.pane.Markdown("### Stock"), table)
)
template.servable()
