// Reload the table when it changed (another seat moved, the bots played):
// the page asks its state twice a second and compares the version it was drawn at.
(function () {
  const body = document.body;
  const url = body.dataset.state;
  if (!url) return;
  const drawn = Number(body.dataset.version);
  async function poll() {
    try {
      const answer = await fetch(url, { cache: "no-store" });
      if (answer.ok) {
        const state = await answer.json();
        if (state.version !== drawn) {
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
