// The deck builder: "+" and "−" change the list without reloading the page.
// The server does the work: the check endpoint applies the change, runs the legality checker
// and answers the deck panel's HTML (counter, cards, verdict, charts, forms), which replaces
// the panel. Without this script every "+" and "−" is an ordinary link to the same page.
(function () {
  "use strict";
  var panel = document.getElementById("deck-panel");
  if (!panel) {
    return;
  }
  var checkUrl = panel.getAttribute("data-check-url");
  var deck = panel.getAttribute("data-deck");
  var busy = false;

  function currentText() {
    var field = document.getElementById("deck-text");
    return field ? field.value : "";
  }

  function change(add, remove) {
    if (busy) {
      return;
    }
    busy = true;
    var params = new URLSearchParams();
    params.set("text", currentText());
    if (add) {
      params.set("add", add);
    }
    if (remove) {
      params.set("remove", remove);
    }
    if (deck) {
      params.set("deck", deck);
    }
    fetch(checkUrl + "?" + params.toString(), {
      headers: { "Accept": "application/json", "X-Requested-With": "XMLHttpRequest" },
      credentials: "same-origin"
    })
      .then(function (response) {
        if (!response.ok) {
          throw new Error(String(response.status));
        }
        return response.json();
      })
      .then(function (data) {
        panel.innerHTML = data.html;
        document.querySelectorAll(".js-deck-text").forEach(function (field) {
          field.value = data.text;
        });
      })
      .catch(function () {
        // Fall back to the plain link: the page applies the change itself.
        var params2 = new URLSearchParams(window.location.search);
        params2.set("text", currentText());
        if (add) { params2.set("add", add); } else { params2.delete("add"); }
        if (remove) { params2.set("remove", remove); } else { params2.delete("remove"); }
        window.location.search = params2.toString();
      })
      .finally(function () {
        busy = false;
      });
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a.js-deck-edit") : null;
    if (!link) {
      return;
    }
    event.preventDefault();
    change(link.getAttribute("data-add"), link.getAttribute("data-remove"));
  });
})();
