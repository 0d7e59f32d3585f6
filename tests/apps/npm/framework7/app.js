// The trip desk's own script: Framework7's widgets, created as its docs show, over one form; Save trip posts the
// trip to the backend's JSON store (/api/trips, what the test judges), and a click on a hotel's row posts it
// (/api/picks). Framework7's data table only marks the header a person clicked and emits `datatable:sort`: the rows
// are sorted here.
const app = new Framework7({ el: "#app", name: "Trip desk", theme: "auto" });
const $ = Dom7;
const mainView = app.views.create(".view-main");

const calendar = app.calendar.create({
  inputEl: "#start",
  dateFormat: "yyyy-mm-dd",
  value: [new Date(2026, 4, 1)],
  closeOnSelect: true,
});
const nights = app.range.create({ el: "#nights", min: 1, max: 14, step: 1, value: 2, label: true });
app.smartSelect.create({ el: "#room", openIn: "popover", closeOnSelect: true });
app.smartSelect.create({ el: "#extras", openIn: "popover" });

function isoDate(date) {
  const pad = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

$("#trip").on("submit", async (event) => {
  event.preventDefault();
  const form = document.getElementById("trip");
  const trip = {
    traveller: form.traveller.value,
    start: isoDate(calendar.getValue()[0]),
    nights: nights.getValue(),
    room: form.room.value,
    extras: [...form.extras.selectedOptions].map((option) => option.value),
  };
  const response = await fetch("/api/trips", { method: "POST", body: JSON.stringify(trip) });
  const saved = await response.json();
  $("#status").text(`Trip ${saved.id} saved`);
});

const hotels = [
  { name: "Harbour", city: "Lisbon", rooms: 9 },
  { name: "Alpine", city: "Zurich", rooms: 2 },
  { name: "Garden", city: "Kyoto", rooms: 5 },
];

function renderHotels() {
  $("#hotels tbody").html(
    hotels
      .map(
        (h) => `<tr data-hotel="${h.name}">
          <td class="label-cell">${h.name}</td><td class="label-cell">${h.city}</td>
          <td class="numeric-cell">${h.rooms}</td></tr>`,
      )
      .join(""),
  );
}
renderHotels();

app.dataTable.create({ el: "#hotels" });
$("#hotels").on("datatable:sort", (event) => {
  const key = event.target.dataset.key;
  const direction = event.detail === "desc" ? -1 : 1;
  hotels.sort((a, b) => (a[key] > b[key] ? 1 : a[key] < b[key] ? -1 : 0) * direction);
  renderHotels();
});

$("#hotels").on("click", "tbody tr", async function pick() {
  const hotel = this.dataset.hotel;
  await fetch("/api/picks", { method: "POST", body: JSON.stringify({ hotel }) });
  $("#status").text(`${hotel} picked`);
});

window.tripDesk = { app, mainView };
