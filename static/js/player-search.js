// Fields that name a player (data-player-search): the event's players matching the typed name
// or table number fill the field's <datalist>; choosing one puts its hidden value in the form
// (the <name>_pick field). Without this script the server resolves the typed text itself.
(function () {
  document.querySelectorAll("input[data-player-search]").forEach(function (input) {
    if (input.dataset.bound) return;
    input.dataset.bound = "1";
    const list = document.getElementById(input.getAttribute("list"));
    const pick = input.form ? input.form.elements.namedItem(input.dataset.pick) : null;
    let values = new Map();
    let asked = "";
    let timer = null;
    function choose() {
      if (pick) pick.value = values.get(input.value) || "";
    }
    async function search() {
      const query = input.value.trim();
      if (!query || query === asked || values.has(input.value)) return;
      asked = query;
      try {
        const url = new URL(input.dataset.playerSearch, window.location.href);
        url.searchParams.set("q", query);
        const response = await fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
        if (!response.ok) return;
        const body = await response.json();
        values = new Map();
        const options = body.results.map(function (result) {
          values.set(result.label, result.value);
          const option = document.createElement("option");
          option.value = result.label;
          return option;
        });
        if (list) list.replaceChildren.apply(list, options);
        choose();
      } catch (error) { /* offline for a moment: the server resolves the typed text */ }
    }
    input.addEventListener("input", function () {
      choose();
      window.clearTimeout(timer);
      timer = window.setTimeout(search, 150);
    });
  });
})();
