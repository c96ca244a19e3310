// Kanagawa's pages: what JavaScript adds to the paper sheet (live totals) and the card picker (search, steps in
// place). Every page works without it. The shared helpers are marquoir.js's (window.marquoirFigures); this file
// runs once the page and every deferred script are there.
(function () {
  "use strict";
  // Set once every deferred script ran (this one comes before marquoir.js in the page).
  var reading, markRefused, showTotal;

  // The sheet: tick a Diploma for one player only, one per family; totals computed by the server as you type,
  // none while a figure is missing or would be refused.
  function sheet() {
    var form = document.getElementById("sheet-form");
    if (!form) return;
    var doc;
    try { doc = JSON.parse(form.querySelector("[name=table]").value); } catch (e) { return; }
    form.addEventListener("change", function (event) {
      var box = event.target;
      if (box.dataset && box.dataset.diploma && box.checked) {
        form.querySelectorAll("input[data-diploma]").forEach(function (other) {
          if (other === box) return;
          var sameTile = other.dataset.diploma === box.dataset.diploma;
          var sameFamily = other.dataset.player === box.dataset.player && other.dataset.family === box.dataset.family;
          if (sameTile || sameFamily) other.checked = false;
        });
      }
      schedule();
    });
    form.addEventListener("input", schedule);
    var timer = null;
    var sent = 0;
    function schedule() { clearTimeout(timer); timer = setTimeout(refresh, 250); }
    var REQUIRED = { print_cards: true, season_chain: true };
    function refresh() {
      var states = [];
      var players = doc.players.map(function (p, i) {
        var figures = {}, state = "ok";
        form.querySelectorAll("input[data-player='" + i + "'][data-field]").forEach(function (input) {
          var r = reading(input);
          markRefused(input, !!r.refused);
          if (r.refused) state = "refused";
          else if (r.blank && REQUIRED[input.dataset.field] && state === "ok") state = "missing";
          figures[input.dataset.field] = r.value;
        });
        states[i] = state;
        var ticked = [];
        form.querySelectorAll("input[data-diploma][data-player='" + i + "']").forEach(function (box) {
          if (box.checked) ticked.push(box.dataset.diploma);
        });
        var written = figures.diploma_points === undefined ? null : figures.diploma_points;
        var gm = form.querySelector("input[name=grand_master][data-player='" + i + "']");
        var ok = state === "ok";
        return { name: p.name, sheet: {
          print_cards: ok ? figures.print_cards : 0, season_chain: ok ? figures.season_chain : 0,
          harmony: ok && figures.harmony !== null ? figures.harmony || 0 : 0,
          diplomas: ticked.length || written === null || !ok ? ticked : written,
          grand_master: !!(gm && gm.checked), yokai: ok && figures.yokai_tokens ? figures.yokai_tokens : 0 } };
      });
      var body = Object.assign({}, doc, { players: players });
      var ticket = ++sent;
      form.dataset.sent = String(ticket);  // the page's state, for a test (or a person's tools) to read
      fetch(form.dataset.api, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (report) {
          if (ticket !== sent) return;
          doc.players.forEach(function (p, i) {
            var total = report ? report.players[i].total : null;
            showTotal(document.getElementById("total-" + i), total, report ? states[i] : "missing");
            var points = document.getElementById("diploma-points-" + i);
            var diplomas = report ? report.players[i].breakdown.diplomas : null;
            showTotal(points, diplomas, writtenRefused(i) ? "refused" : "ok");
          });
          form.dataset.shown = String(ticket);
        })
        .catch(function () { /* the button still scores on the server */ });
    }
    function writtenRefused(i) {
      var input = form.querySelector("input[data-player='" + i + "'][data-field=diploma_points]");
      return !!(input && input.classList.contains("refused"));
    }
    refresh();
  }

  // The card picker's search, as the server's (web/kanagawa/search.py): words in any order, each the start of one of
  // a card's words (its data-text, written by the server), as typed or in the singular; a number is the card's.
  var QUERY_MOST = 80;
  function searchWords(text) {
    return text.slice(0, QUERY_MOST).normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().match(/[a-z0-9]+/g) || [];
  }
  function singular(word) {
    if (word.length < 4 || /^[0-9]+$/.test(word)) return word;
    var endings = [["ies", "y"], ["eaux", "eau"], ["aux", "al"]];
    for (var i = 0; i < endings.length; i += 1) {
      var ending = endings[i][0];
      if (word.slice(-ending.length) === ending) return word.slice(0, -ending.length) + endings[i][1];
    }
    return /[sx]$/.test(word) ? word.slice(0, -1) : word;
  }
  function cardMatches(card, query) {
    var own = (card.dataset.text || "").split(" ");
    return query.every(function (word) {
      if (/^[0-9]+$/.test(word)) return word === card.dataset.id;
      var starts = [word, singular(word)];
      return own.some(function (w) { return starts.some(function (s) { return w.indexOf(s) === 0; }); });
    });
  }

  // The card picker: filter as you type or choose; Enter adds the card when the words find only one.
  function picker() {
    var list = document.getElementById("card-list");
    if (!list) return null;
    var family = document.querySelector("[data-filter=family]");
    var season = document.querySelector("[data-filter=season]");
    var text = document.querySelector("[data-filter=text]");
    var none = document.getElementById("no-match");
    var count = document.getElementById("match-count");
    function apply() {
      var f = family ? family.value : "", s = season ? season.value : "";
      var query = text ? searchWords(text.value) : [];
      var shown = [];
      list.querySelectorAll("li.pick").forEach(function (card) {
        var ok = (!f || card.dataset.family === f) && (!s || card.dataset.season === s) && cardMatches(card, query);
        card.hidden = !ok;
        if (ok) shown.push(card);
      });
      if (none) none.hidden = shown.length > 0;
      if (count) count.textContent = f || s || query.length ? count.dataset.found.replace("%(count)d", shown.length) : "";
      list.scrollTop = 0;
      return shown;
    }
    [family, season].forEach(function (el) { if (el) el.addEventListener("change", apply); });
    if (text) {
      text.addEventListener("input", apply);
      text.addEventListener("keydown", function (event) {
        if (event.key !== "Enter") return;
        event.preventDefault();
        var shown = apply();
        if (shown.length === 1 && text.value.trim()) shown[0].querySelector("button.add").click();
      });
    }
    apply();
    return {
      // After a card is added from the list: the search is emptied, ready for the next card's word.
      next: function () {
        if (!text) return;
        text.value = "";
        apply();
        text.focus({ preventScroll: true });
      },
      // Who has each card on the table, after a step (the server's answer): the marks of the list.
      mark: function (used) {
        var label = list.dataset.usedLabel || "";
        list.querySelectorAll("li.pick").forEach(function (card) {
          var who = used[card.dataset.id];
          var line = card.querySelector(".used-by");
          card.classList.toggle("used", !!who);
          if (who && !line) {
            line = document.createElement("span");
            line.className = "used-by";
            card.insertBefore(line, card.querySelector("button.add"));
          }
          if (line) { if (who) line.textContent = label + " " + who; else line.remove(); }
        });
      }
    };
  }

  // The detailed entry with a script: a card added, moved or removed is one small request (the same form to
  // /detailed/live, the same step on the server) and the parts it changed are put in place, the Print in view.
  // The game stays in the page's hidden "table" field, as without a script; anything unexpected falls back to
  // posting the form.
  function cardEntry(search) {
    var form = document.getElementById("detailed-form");
    if (!form || !form.dataset.live || !window.fetch || !window.FormData) return;
    var tableField = form.querySelector("input[name=table]");
    var status = document.getElementById("step-status");
    var queue = Promise.resolve();
    var STEP = /^(add:|add-custom$|up:|down:|remove:)/;
    var sent = 0;
    form.addEventListener("submit", function (event) {
      var button = event.submitter;
      var action = button && button.name === "action" ? button.value : "";
      if (form.dataset.posting || !STEP.test(action)) return;
      event.preventDefault();
      var fromList = !!button.closest("#card-list");
      queue = queue.then(function () { return step(action, fromList); });
    });
    function fallBack(action) {  // the page posts the form itself: nothing is lost
      form.dataset.posting = "1";
      var button = document.createElement("button");
      button.type = "submit"; button.name = "action"; button.value = action; button.hidden = true;
      form.appendChild(button);
      button.click();
    }
    function step(action, fromList) {
      var data = new FormData(form);
      data.set("action", action);
      var ticket = ++sent;
      form.dataset.sent = String(ticket);  // the page's state, for a test (or a person's tools) to read
      return fetch(form.dataset.live, { method: "POST", body: data, credentials: "same-origin",
        headers: { "Accept": "application/json" } })
        .then(function (r) {
          var json = (r.headers.get("Content-Type") || "").indexOf("json") >= 0;
          return json && (r.ok || r.status === 422) ? r.json() : null;
        })
        .then(function (answer) {
          if (!answer || !answer.parts) { fallBack(action); return; }
          put(answer);
          if (fromList && !answer.refused && search) search.next();
          form.dataset.shown = String(ticket);
        })
        .catch(function () { fallBack(action); });
    }
    function put(answer) {
      var focused = document.activeElement;
      var again = focused && focused.name === "action" ? focused.value : null;
      Object.keys(answer.parts).forEach(function (id) {
        var el = document.getElementById(id);
        if (el) el.innerHTML = answer.parts[id];
      });
      tableField.value = answer.table;
      // The language switch carries the game too: it must carry this one.
      document.querySelectorAll(".language-switch input[name=table]").forEach(function (el) { el.value = answer.table; });
      if (search) search.mark(answer.used || {});
      var custom = document.getElementById("custom-card");
      if (custom && answer.parts["custom-card"]) custom.dispatchEvent(new Event("change"));
      var strip = document.querySelector("#strip ol.strip");
      if (strip) strip.scrollLeft = strip.scrollWidth;
      if (status) {
        var title = document.getElementById("strip-title");
        status.textContent = title ? title.textContent : "";
      }
      if (again && (!document.activeElement || document.activeElement === document.body)) {
        var same = form.querySelector("button[name=action][value='" + again.replace(/'/g, "") + "']:not(:disabled)");
        if (same) same.focus({ preventScroll: true });
      }
    }
  }

  // The expansion card: show only the fields of the half being entered.
  function customCard() {
    var box = document.getElementById("custom-card");
    if (!box) return;
    function update() {
      var studio = box.querySelector("input[name=c_half][value=studio]");
      var isStudio = !!(studio && studio.checked);
      box.querySelectorAll(".only-print").forEach(function (el) { el.hidden = isStudio; });
      box.querySelectorAll(".only-studio").forEach(function (el) { el.hidden = !isStudio; });
    }
    box.addEventListener("change", update);
    update();
  }

  document.addEventListener("DOMContentLoaded", function () {
    var figures = window.marquoirFigures;
    reading = figures.reading; markRefused = figures.markRefused; showTotal = figures.showTotal;
    sheet(); cardEntry(picker()); customCard();
  });
})();
