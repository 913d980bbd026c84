// Reload the table when it changed (another seat moved, the bots played):
// the page asks its state twice a second and compares the version it was drawn at.
// Once the page is on its way elsewhere (a move sent, a link followed) it stops
// asking, so a reload never cuts a move's own answer short.
(function () {
  const body = document.body;
  const url = body.dataset.state;
  if (!url) return;
  const drawn = Number(body.dataset.version);
  let leaving = false;
  document.addEventListener("submit", function () { leaving = true; });
  window.addEventListener("beforeunload", function () { leaving = true; });
  async function poll() {
    if (leaving) return;
    try {
      const answer = await fetch(url, { cache: "no-store" });
      if (answer.ok && !leaving) {
        const state = await answer.json();
        if (state.version !== drawn && !leaving) {
          leaving = true;
          window.location.reload();
          return;
        }
      }
    } catch (e) {
      // the server is away for a moment (restarting): keep asking
    }
    setTimeout(poll, 500);
  }
  setTimeout(poll, 500);
})();
