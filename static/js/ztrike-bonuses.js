// ZTRIKE round entry: once a played card is named ("Name · id" from the list), show its Win and
// Lose bonus checkboxes labelled with the card's bonus text; hide them for a card without one.
(function () {
  var data = document.getElementById("ztrike-bonuses");
  if (!data) return;
  var parsed = JSON.parse(data.textContent);
  var bonuses = parsed.texts, names = parsed.names;
  document.querySelectorAll(".ztrike-play").forEach(function (play) {
    var input = play.querySelector("input.card-name");
    if (!input) return;
    function update() {
      var parts = input.value.split(" · ");
      var id = parts.length > 1 ? parts[parts.length - 1].trim()
        : (names[input.value.normalize("NFKC").trim().toLowerCase()] || "");
      var texts = bonuses[id] || {};
      play.querySelectorAll(".bonus-check").forEach(function (label) {
        var text = texts[label.dataset.when];
        var box = label.querySelector("input");
        if (text) {
          label.querySelector(".bonus-text").textContent = text;
          label.hidden = false;
        } else if (!label.querySelector(".errorlist")) {
          label.hidden = true;
          if (box) box.checked = false;
        }
      });
    }
    input.addEventListener("input", update);
    input.addEventListener("change", update);
    update();
  });
})();
