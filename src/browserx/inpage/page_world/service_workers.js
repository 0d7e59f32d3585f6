// The page's service workers as the page sees them (devtools/service_workers.py): evaluated in the page's
// own world (a worker registration is the page's), never waiting on a registration that does not settle.
(async () => {
  const sw = navigator.serviceWorker;
  if (!sw) return {supported: false, secure_context: self.isSecureContext};
  const timeout = new Promise((resolve) => setTimeout(() => resolve(null), 2000));
  const registrations = await Promise.race([sw.getRegistrations(), timeout]) || [];
  const worker = (w) => w ? {script_url: w.scriptURL, status: w.state} : null;
  return {
    supported: true,
    controller: worker(sw.controller),
    registrations: registrations.map((r) => ({
      scope: r.scope, active: worker(r.active), waiting: worker(r.waiting), installing: worker(r.installing)})),
  };
})();
