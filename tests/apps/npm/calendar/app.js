// A team calendar: FullCalendar's month view over our REST backend (/api/events).
const dialog = document.getElementById("new-event");
const form = document.getElementById("new-event-form");
const status = document.getElementById("status");
let pickedDate = null;
// The events are read from the backend once and kept here (until one is added): paging through months
// then fetches nothing, so a month renders once, and a day clicked right after it shows is not rendered
// anew under the pointer. (With a fetch per month, FullCalendar renders again when the events arrive,
// after browserx's click has already answered: the next click can be lost. APPS_npm.md records it.)
let cached = fetch("/api/events").then((r) => r.json());
const loadEvents = () => cached;
const calendar = new FullCalendar.Calendar(document.getElementById("calendar"), {
  initialView: "dayGridMonth",
  headerToolbar: { start: "title", center: "", end: "today prev,next" },
  height: "auto",
  events: (info, ok, fail) => loadEvents().then(ok, fail),
  dateClick: (info) => {
    pickedDate = info.dateStr;
    document.getElementById("new-event-date").textContent = "On " + info.date.toDateString();
    form.reset();
    dialog.showModal();
  },
});
cached.then(() => calendar.render());

dialog.addEventListener("close", async () => {
  if (dialog.returnValue !== "save" || !pickedDate) return;
  const data = new FormData(form);
  const time = data.get("time");
  const event = { title: data.get("title"), start: time ? `${pickedDate}T${time}` : pickedDate };
  const saved = await fetch("/api/events", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(event),
  }).then((r) => r.json());
  status.textContent = `Saved "${saved.title}"`;
  cached = fetch("/api/events").then((r) => r.json());
  calendar.refetchEvents();
});
