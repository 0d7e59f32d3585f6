// The trip desk's own script (React without JSX: React.createElement): antd's Form holds the trip; Save trip posts
// it to the backend's JSON store (/api/trips, what the test judges), and a click on a hotel's row posts it
// (/api/picks).
const { createElement: h, useState } = React;
const { Button, DatePicker, Form, Input, Select, Slider, Table } = antd;

const ROOMS = ["Single", "Double", "Suite"].map((room) => ({ value: room, label: room }));
const EXTRAS = ["Breakfast", "Parking", "Late checkout"].map((extra) => ({ value: extra, label: extra }));
const HOTELS = [
  { key: "Harbour", name: "Harbour", city: "Lisbon", rooms_left: 9 },
  { key: "Alpine", name: "Alpine", city: "Zurich", rooms_left: 2 },
  { key: "Garden", name: "Garden", city: "Kyoto", rooms_left: 5 },
];
const COLUMNS = [
  { title: "Hotel", dataIndex: "name" },
  { title: "City", dataIndex: "city" },
  { title: "Rooms left", dataIndex: "rooms_left", sorter: (a, b) => a.rooms_left - b.rooms_left },
];

function TripDesk() {
  const [form] = Form.useForm();
  const [status, setStatus] = useState("");

  async function saveTrip() {
    const values = form.getFieldsValue();
    const trip = { ...values, start: values.start ? values.start.format("YYYY-MM-DD") : "" };
    const response = await fetch("/api/trips", { method: "POST", body: JSON.stringify(trip) });
    const saved = await response.json();
    setStatus(`Trip ${saved.id} saved`);
  }

  async function pickHotel(hotel) {
    await fetch("/api/picks", { method: "POST", body: JSON.stringify({ hotel: hotel.name }) });
    setStatus(`${hotel.name} picked`);
  }

  const initial = { traveller: "", start: dayjs("2026-05-01"), nights: 2, room: "Single", extras: [] };
  return h(
    "div",
    null,
    h(
      "main",
      null,
      h("h1", null, "Trip desk"),
      h(
        Form,
        { form, name: "trip", layout: "vertical", initialValues: initial },
        h(Form.Item, { label: "Traveller", name: "traveller" }, h(Input)),
        h(Form.Item, { label: "Start date", name: "start" }, h(DatePicker, { allowClear: false })),
        h(Form.Item, { label: "Nights", name: "nights" }, h(Slider, { min: 1, max: 14 })),
        h(Form.Item, { label: "Room", name: "room" }, h(Select, { options: ROOMS })),
        h(
          Form.Item,
          { label: "Extras", name: "extras" },
          h(Select, { mode: "multiple", options: EXTRAS, placeholder: "None" }),
        ),
        h(Button, { type: "primary", onClick: saveTrip }, "Save trip"),
      ),
      h("p", { role: "status" }, status),
      h("h2", null, "Hotels"),
      h(Table, {
        columns: COLUMNS,
        dataSource: HOTELS,
        pagination: false,
        onRow: (hotel) => ({ onClick: () => pickHotel(hotel) }),
      }),
    ),
    h(
      "aside",
      null,
      h("h2", null, "Help"),
      h("p", null, "Trips saved before noon are confirmed the same day."),
      h("p", null, "A hotel's rooms left are counted at midnight; pick a hotel in the table to hold a room."),
    ),
  );
}

ReactDOM.createRoot(document.getElementById("root")).render(h(TripDesk));
