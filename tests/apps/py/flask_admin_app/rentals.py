"""A rental desk in Flask-Admin (an admin interface for Flask; the corpus drives it: tests/apps/py/test_flask_admin.py).

Flask-Admin's own form widgets on a SQLAlchemy model: a date field with its picker (bootstrap-daterangepicker:
a text field and a calendar of table cells), a relation chosen in a select2 box (a drawn stand-in over a hidden
native <select>), a choice field (select2 as well), and the list view's table (sortable column headers, row
actions). The SQLite database at RENTAL_DB is the backend the test reads.
"""

import datetime
import os
import sys
from typing import ClassVar

from flask import Flask, redirect
from flask_admin import Admin
from flask_admin.contrib.sqla import ModelView
from flask_admin.theme import Bootstrap4Theme
from flask_sqlalchemy import SQLAlchemy

app = Flask(__name__)
app.config["SQLALCHEMY_DATABASE_URI"] = "sqlite:///" + os.environ["RENTAL_DB"]
app.config["SECRET_KEY"] = "a-test-key"
db = SQLAlchemy(app)


class Customer(db.Model):
    id = db.Column(db.Integer, primary_key=True)
    name = db.Column(db.String(80), nullable=False)

    def __str__(self) -> str:
        return self.name


class Rental(db.Model):
    id = db.Column(db.Integer, primary_key=True)
    item = db.Column(db.String(80), nullable=False)
    customer_id = db.Column(db.Integer, db.ForeignKey("customer.id"), nullable=False)
    customer = db.relationship(Customer)
    size = db.Column(db.Enum("S", "M", "L", name="size"), nullable=False, default="M")
    start = db.Column(db.Date, nullable=False)
    days = db.Column(db.Integer, nullable=False, default=1)


class RentalView(ModelView):
    column_list: ClassVar = ["item", "customer", "size", "start", "days"]
    column_sortable_list: ClassVar = ["item", "size", "start", "days"]
    form_columns: ClassVar = ["item", "customer", "size", "start", "days"]
    form_choices: ClassVar = {"size": [("S", "Small"), ("M", "Medium"), ("L", "Large")]}
    can_view_details = True


admin = Admin(app, name="Rental desk", theme=Bootstrap4Theme())
admin.add_view(RentalView(Rental, db.session))
admin.add_view(ModelView(Customer, db.session))


@app.route("/")
def index():
    return redirect("/admin/rental/")


with app.app_context():
    db.create_all()
    if not Customer.query.count():
        ada, alan = Customer(name="Ada Lovelace"), Customer(name="Alan Turing")
        db.session.add_all([ada, alan, Customer(name="Grace Hopper")])
        db.session.add_all(
            [
                Rental(item="Kayak", customer=ada, size="L", start=datetime.date(2026, 5, 4), days=3),
                Rental(item="Tent", customer=alan, size="M", start=datetime.date(2026, 5, 9), days=7),
                Rental(item="Bike", customer=ada, size="S", start=datetime.date(2026, 4, 28), days=1),
            ]
        )
        db.session.commit()

if __name__ == "__main__":
    app.run(host="127.0.0.1", port=int(sys.argv[1]))
