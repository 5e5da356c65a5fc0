// Live pages, one mechanism: htmx polls a region that holds no input (hx-get + hx-trigger="every
// …s" in the template); the region carries the ETag of what it shows (data-live-etag), sent as
// If-None-Match, so the server answers 304 when nothing changed and nothing is swapped. Search
// boxes and forms sit outside the regions, so a refresh never touches what a person is typing.
(function () {
  if (!window.htmx) return;
  function region(event) {
    const elt = event.detail && event.detail.elt;
    return elt && elt.closest ? elt.closest("[data-live-etag]") : null;
  }
  document.addEventListener("htmx:configRequest", function (event) {
    const live = region(event);
    if (live && live.getAttribute("data-live-etag")) {
      event.detail.headers["If-None-Match"] = live.getAttribute("data-live-etag");
    }
  });
  document.addEventListener("htmx:beforeSwap", function (event) {
    const live = region(event);
    if (!live) return;
    const xhr = event.detail.xhr;
    const etag = xhr.getResponseHeader("ETag");
    // 304: nothing changed. No ETag: not our fragment (say, a log-in page after the session
    // ended), so keep what is on screen rather than swap a stranger in.
    if (xhr.status !== 200 || !etag) {
      event.detail.shouldSwap = false;
      return;
    }
    live.setAttribute("data-live-etag", etag);
  });
})();
// Filter pairings by name as you type; the text stays in the address (?q=…), so a reload or a
// shared link keeps it, and it is applied again after every refresh of the pairings.
(function () {
  const input = document.querySelector("#pairing-search");
  if (!input) return;
  function apply() {
    const needle = input.value.normalize("NFKC").toLowerCase().trim();
    document.querySelectorAll("[data-name]").forEach(function (row) {
      row.hidden = Boolean(needle) && !row.getAttribute("data-name").normalize("NFKC").toLowerCase().includes(needle);
    });
  }
  function remember() {
    const url = new URL(window.location.href);
    if (input.value.trim()) url.searchParams.set("q", input.value.trim());
    else url.searchParams.delete("q");
    window.history.replaceState(window.history.state, "", url);
  }
  input.addEventListener("input", function () { apply(); remember(); });
  document.addEventListener("htmx:afterSwap", apply);
  apply();
})();
// The round clock counts down from the server's end time.
(function () {
  const clock = document.querySelector("[data-clock]");
  if (!clock) return;
  const state = JSON.parse(document.getElementById("clock-data").textContent);
  const out = clock.querySelector(".clock-time");
  const called = document.querySelector("[data-end-of-round]");
  const overtime = clock.querySelector("[data-overtime]");
  let inOvertime = false;
  function show(seconds) {
    const s = Math.max(0, Math.floor(seconds));
    out.textContent = String(Math.floor(s / 60)).padStart(2, "0") + ":" + String(s % 60).padStart(2, "0");
    if (called) {  // time is called: the end-of-round procedure stands out
      const atTime = (s === 0 || inOvertime) && state.status === "in_progress";
      called.classList.toggle("at-time", atTime);
      called.querySelector("[data-at-time]").hidden = !atTime;
    }
  }
  function tick() {
    const left = state.ends_at ? (Date.parse(state.ends_at) - Date.now()) / 1000 : 0;
    // Azuki TCG: when time is called the published overtime is counted down after it.
    inOvertime = Boolean(state.status === "in_progress" && state.ends_at && left <= 0 && state.overtime_minutes > 0);
    if (overtime) overtime.hidden = !inOvertime;
    if (inOvertime) show(left + state.overtime_minutes * 60);
    else if (state.status === "in_progress" && state.ends_at) show(left);
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
