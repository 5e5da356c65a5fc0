// The judge desk's keyboard entry: digits go to the table box; after the table, typed score keys submit.
(function () {
  const form = document.getElementById("fast-entry"); if (!form) return;
  const table = document.getElementById("fast-table"); const score = document.getElementById("fast-score");
  let keys = "";
  const valid = ["20", "21", "12", "02", "111", "10", "01", "001", "000"];
  table.addEventListener("keydown", function (event) {
    if ((event.key === " " || event.key === "Tab") && /^\d+$/.test(table.value)) { event.preventDefault(); keys = ""; table.dataset.scoring = "1"; return; }
    if (table.dataset.scoring === "1") {
      event.preventDefault();
      if (event.key === "d") keys = "001"; else if (event.key === "i") keys = "000"; else if (/[0-2]/.test(event.key)) keys += event.key;
      if (valid.includes(keys) && !(keys === "11" || keys === "00")) { score.value = keys; form.requestSubmit(); }
      if (keys.length >= 3) keys = "";
    }
  });
})();
