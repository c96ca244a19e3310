// Marquoir: what JavaScript adds. Every page works without it; nothing here is needed to enter or score a game.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  function ready(fn) {
    if (document.readyState !== "loading") fn(); else document.addEventListener("DOMContentLoaded", fn);
  }

  // New game: show only the names of the players at the table, and of each game's setup and words only those of
  // the game chosen (an element with data-choices="a b" is shown when the game choice checked is a or b).
  function newGame() {
    var form = document.getElementById("new-game");
    if (!form) return;
    var count = form.querySelector("[name=player_count]");
    var noGoals = form.querySelector("[name=no_goals]");
    function update() {
      var n = parseInt(count.value, 10) || 2;
      form.querySelectorAll(".name-field").forEach(function (field) {
        field.hidden = parseInt(field.dataset.seat, 10) > n;
      });
      var chosen = form.querySelector("[name=game]:checked");
      var choice = chosen ? chosen.value : "";
      form.querySelectorAll("[data-choices]").forEach(function (el) {
        el.hidden = el.dataset.choices.split(" ").indexOf(choice) < 0;
      });
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

  // A figure as typed, read as the server's form reads it (web/forms.py NumberField, and the bounds of its
  // validators in data-min / data-max): {blank}, {value}, or {refused} for what the server would refuse.
  function reading(input) {
    var text = input.value.trim().replace(/\u2212/g, "-");
    if (text === "") return { blank: true, value: null };
    if (text.length > 6 || !/^[+-]?[0-9]+$/.test(text)) return { refused: true, value: null };
    var value = parseInt(text, 10);
    var low = input.dataset.min, high = input.dataset.max;
    if ((low !== undefined && value < Number(low)) || (high !== undefined && value > Number(high))) {
      return { refused: true, value: null };
    }
    return { value: value };
  }
  // Mark a figure the server would refuse (and unmark it once corrected); the server's own marks stay.
  function markRefused(input, refused) {
    input.classList.toggle("refused", refused);
    if (refused) { input.setAttribute("aria-invalid", "true"); input.dataset.refused = "1"; }
    else if (input.dataset.refused) { input.removeAttribute("aria-invalid"); delete input.dataset.refused; }
  }
  // A total as the page shows it: the sum, "–" while a figure is missing, "?" when one would be refused.
  function showTotal(out, value, state) {
    if (!out) return;
    out.textContent = state === "refused" ? "?" : state === "missing" || value === null ? "\u2013" : String(value);
    out.classList.toggle("refused", state === "refused");
  }
  window.marquoirFigures = { reading: reading, markRefused: markRefused, showTotal: showTotal };

  // The results: one explanation open at a time, closed by a tap elsewhere or Escape.
  function explanations() {
    var tables = document.querySelectorAll("table.results");
    if (!tables.length) return;
    function openOnes() { return document.querySelectorAll("table.results details[open]"); }
    document.addEventListener("click", function (event) {
      openOnes().forEach(function (d) { if (!d.contains(event.target)) d.open = false; });
    });
    document.addEventListener("keydown", function (event) {
      if (event.key !== "Escape") return;
      openOnes().forEach(function (d) { d.open = false; d.querySelector("summary").focus(); });
    });
    tables.forEach(function (table) {
      table.addEventListener("toggle", function (event) {
        if (!event.target.open) return;
        table.querySelectorAll("details[open]").forEach(function (d) { if (d !== event.target) d.open = false; });
      }, true);
    });
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
      if (event.defaultPrevented) return;  // a step done in place (cardEntry): the page stays
      var button = event.submitter;
      var value = button && button.value || "";
      if (/^(add|up|down|remove|filter|save|add-custom)/.test(value)) {
        try { sessionStorage.setItem(key, String(window.scrollY)); } catch (e) { /* ignore */ }
      }
    });
  }

  ready(function () { newGame(); keepPlace(); explanations(); });
})();
