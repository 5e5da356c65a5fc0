// Public pages refresh themselves: a conditional request every 15 s; a new revision reloads.
(function () {
  const root = document.querySelector("[data-live-etag]");
  if (!root) return;
  let etag = root.getAttribute("data-live-etag");
  async function poll() {
    try {
      const response = await fetch(window.location.href, { headers: { "If-None-Match": etag }, cache: "no-store" });
      if (response.status === 200 && response.headers.get("ETag") && response.headers.get("ETag") !== etag) {
        window.location.reload();
        return;
      }
    } catch (error) { /* offline for a moment: try again later */ }
    window.setTimeout(poll, 15000);
  }
  window.setTimeout(poll, 15000);
})();
// Filter pairings by name as you type.
(function () {
  const input = document.querySelector("#pairing-search");
  if (!input) return;
  input.addEventListener("input", function () {
    const needle = input.value.normalize("NFKC").toLowerCase();
    document.querySelectorAll("[data-name]").forEach(function (row) {
      row.hidden = needle && !row.getAttribute("data-name").normalize("NFKC").toLowerCase().includes(needle);
    });
  });
})();
// The round clock counts down from the server's end time.
(function () {
  const clock = document.querySelector("[data-clock]");
  if (!clock) return;
  const state = JSON.parse(document.getElementById("clock-data").textContent);
  const out = clock.querySelector(".clock-time");
  function show(seconds) {
    const s = Math.max(0, Math.floor(seconds));
    out.textContent = String(Math.floor(s / 60)).padStart(2, "0") + ":" + String(s % 60).padStart(2, "0");
  }
  function tick() {
    if (state.status === "in_progress" && state.ends_at) show((Date.parse(state.ends_at) - Date.now()) / 1000);
    else if (state.status === "paused") show(state.paused_remaining_seconds || 0);
    else if (state.status === "paired") show(state.minutes * 60);
  }
  tick();
  window.setInterval(tick, 1000);
  window.setInterval(async function () {
    try {
      const response = await fetch(window.location.href, { headers: { Accept: "application/json" }, cache: "no-store" });
      const next = await response.json();
      if (next.revision !== state.revision || next.round !== state.round) Object.assign(state, next);
    } catch (error) { /* keep counting */ }
  }, 10000);
})();
