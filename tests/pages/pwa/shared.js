// A shared worker that logs on every connection and answers so the page knows it ran.
onconnect = (event) => {
  const port = event.ports[0];
  port.onmessage = (e) => { console.log("shared worker got " + e.data); port.postMessage("ok"); };
};
