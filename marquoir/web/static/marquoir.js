// Marquoir: what JavaScript adds. Every page works without it; nothing here is needed to enter or score a game.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  function ready(fn) {
    if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn);
  }

  // New game: show only the names of the players at the table, the families only for a Yokai game, the goal
  // colours only for Bonsai (and Kanagawa's rule options and words only for Kanagawa).
  function newGame() {
    var form = document.getElementById("new-game");
    if (!form) return;
    var count = form.querySelector("[name=player_count]");
    var families = document.getElementById("families");
    var goals = document.getElementById("goal-colours");
    var options = document.getElementById("kanagawa-options");
    var noGoals = form.querySelector("[name=no_goals]");
    function update() {
      var n = parseInt(count.value, 10) || 2;
      form.querySelectorAll(".name-field").forEach(function (field) {
        field.hidden = parseInt(field.dataset.seat, 10) > n;
      });
      var chosen = form.querySelector("[name=game]:checked");
      var game = chosen ? chosen.value : "base";
      var bonsai = game === "bonsai";
      if (families) families.hidden = game !== "yokai";
      if (goals) goals.hidden = !bonsai;
      if (options) options.hidden = bonsai;
      form.querySelectorAll(".for-kanagawa").forEach(function (el) { el.hidden = bonsai; });
      form.querySelectorAll(".for-bonsai").forEach(function (el) { el.hidden = !bonsai; });
      form.querySelectorAll(".or").forEach(function (el) { el.hidden = true; });
      if (noGoals) {
        form.querySelectorAll("[name=goal_colours]").forEach(function (box) {
          if (noGoals.checked) box.checked = false;
          box.disabled = noGoals.checked;
        });
      }
    }
    form.addEventListener("change", update);
    update();
  }

  // The sheet: tick a Diploma for one player only, one per family; totals computed by the server as you type.
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
    function schedule() { clearTimeout(timer); timer = setTimeout(refresh, 250); }
    function number(player, field, fallback) {
      var input = form.querySelector("input[data-player='" + player + "'][data-field='" + field + "']");
      if (!input) return fallback;
      var text = input.value.trim().replace("\u2212", "-");
      if (text === "") return fallback;
      return /^[+-]?\d{1,6}$/.test(text) ? parseInt(text, 10) : null;
    }
    function refresh() {
      var players = doc.players.map(function (p, i) {
        var ticked = [];
        form.querySelectorAll("input[data-diploma][data-player='" + i + "']").forEach(function (box) {
          if (box.checked) ticked.push(box.dataset.diploma);
        });
        var written = number(i, "diploma_points", null);
        var gm = form.querySelector("input[name=grand_master][data-player='" + i + "']");
        return { name: p.name, sheet: {
          print_cards: number(i, "print_cards", null), season_chain: number(i, "season_chain", null),
          harmony: number(i, "harmony", 0), diplomas: ticked.length || written === null ? ticked : written,
          grand_master: !!(gm && gm.checked), yokai: number(i, "yokai_tokens", 0) } };
      });
      var complete = players.map(function (p) {
        var s = p.sheet;
        return s.print_cards !== null && s.season_chain !== null && s.harmony !== null && s.yokai !== null;
      });
      var body = Object.assign({}, doc, { players: players.map(function (p, i) {
        if (complete[i]) return p;
        return { name: p.name, sheet: Object.assign({}, p.sheet, { print_cards: 0, season_chain: 0, harmony: 0, yokai: 0 }) };
      }) });
      fetch(form.dataset.api, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (report) {
          doc.players.forEach(function (p, i) {
            var out = document.getElementById("total-" + i);
            if (out) out.textContent = report && complete[i] ? String(report.players[i].total) : "–";
            var points = document.getElementById("diploma-points-" + i);
            if (points) points.textContent = report ? String(report.players[i].breakdown.diplomas) : "–";
          });
        })
        .catch(function () { /* the button still scores on the server */ });
    }
    refresh();
  }

  // The card picker: filter as you type or choose.
  function picker() {
    var list = document.getElementById("card-list");
    if (!list) return;
    var family = document.querySelector("[data-filter=family]");
    var season = document.querySelector("[data-filter=season]");
    var text = document.querySelector("[data-filter=text]");
    var none = document.getElementById("no-match");
    function apply() {
      var f = family ? family.value : "", s = season ? season.value : "";
      var t = text ? text.value.trim().toLowerCase() : "";
      var shown = 0;
      list.querySelectorAll("li.pick").forEach(function (card) {
        var ok = (!f || card.dataset.family === f) && (!s || card.dataset.season === s) &&
          (!t || card.dataset.text.indexOf(t) !== -1);
        card.hidden = !ok;
        if (ok) shown += 1;
      });
      if (none) none.hidden = shown > 0;
    }
    [family, season].forEach(function (el) { if (el) el.addEventListener("change", apply); });
    if (text) {
      text.addEventListener("input", apply);
      text.addEventListener("keydown", function (event) { if (event.key === "Enter") { event.preventDefault(); apply(); } });
    }
    apply();
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

  // Round trips keep the place on the page: remember the scroll position when a button is pressed.
  function keepPlace() {
    var form = document.getElementById("detailed-form");
    if (!form) return;
    var key = "marquoir-scroll";
    try {
      var saved = sessionStorage.getItem(key);
      if (saved !== null) { sessionStorage.removeItem(key); window.scrollTo(0, parseInt(saved, 10) || 0); }
    } catch (e) { /* storage may be off */ }
    form.addEventListener("submit", function (event) {
      var button = event.submitter;
      var value = button && button.value || "";
      if (/^(add|up|down|remove|filter|save|add-custom)/.test(value)) {
        try { sessionStorage.setItem(key, String(window.scrollY)); } catch (e) { /* ignore */ }
      }
    });
  }

  ready(function () { newGame(); sheet(); picker(); customCard(); keepPlace(); });
})();
