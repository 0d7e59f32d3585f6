// A dedicated worker that logs what it is sent, fetches a resource, and answers.
onmessage = async (e) => {
  console.log("worker got " + e.data);
  const text = await fetch("/pwa/network.txt?from=worker").then((r) => r.text());
  postMessage(text.trim());
};
