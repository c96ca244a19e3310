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
    // The count follows the names typed (the server's NewGameBase.follow_names): a name typed in the last field
    // shown shows the next one and counts that player; the count never goes below the names filled in.
    form.addEventListener("input", function (event) {
      var field = event.target.closest(".name-field");
      if (!field) return;
      var seat = parseInt(field.dataset.seat, 10), n = parseInt(count.value, 10) || 2;
      var most = count.options.length ? parseInt(count.options[count.options.length - 1].value, 10) : n;
      if (event.target.value.trim() && seat >= n && seat < most) {
        count.value = String(seat + 1);
        update();
      }
    });
    form.addEventListener("submit", function () {
      var filled = 0, first = true;
      form.querySelectorAll(".name-field").forEach(function (field) {
        var input = field.querySelector("input");
        if (input && input.value.trim() && first) filled += 1; else first = false;
      });
      if (filled >= 1 && count.querySelector("option[value='" + filled + "']")) count.value = String(filled);
    });
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

  // One tab stop per list (a roving tabindex, WAI-ARIA APG): in each list matching listSelector under root, one item
  // is reached by Tab (the last one used, else the first shown); the arrow keys, Home and End move between its items
  // (hidden and disabled ones skipped); Enter and Space act as the item's own button does, and tick or untick a
  // checkbox. With columnOf, the list is a table read row by row: ← → go along it, ↑ ↓ to the item before or after
  // in the same column (columnOf(item): a player's ticks in the paper sheet). Lists redrawn later are set again by
  // the returned reset(). Without a script every item is a tab stop, as before.
  function roving(root, listSelector, itemSelector, columnOf) {
    if (!root) return { reset: function () {} };
    function usable(el) { return !el.disabled && !el.closest("[hidden]"); }
    function lists() {
      var found = Array.prototype.slice.call(root.querySelectorAll(listSelector));
      if (root.matches(listSelector)) found.unshift(root);
      return found;
    }
    function all(list) {  // the list's own items, shown or not (not those of a list inside it)
      return Array.prototype.filter.call(list.querySelectorAll(itemSelector), function (el) {
        return el.closest(listSelector) === list;
      });
    }
    function settle(list, current) {
      var items = all(list), shown = items.filter(usable);
      if (!current || shown.indexOf(current) < 0) {
        current = shown.filter(function (el) { return el.getAttribute("tabindex") === "0"; })[0] || shown[0];
      }
      items.forEach(function (el) { el.setAttribute("tabindex", el === current ? "0" : "-1"); });
    }
    function reset() { lists().forEach(function (list) { settle(list, null); }); }
    function found(event) {
      var item = event.target.closest ? event.target.closest(itemSelector) : null;
      var list = item ? item.closest(listSelector) : null;
      return list && root.contains(list) ? { item: item, list: list } : null;
    }
    root.addEventListener("keydown", function (event) {
      var at = found(event);
      if (!at || event.altKey || event.ctrlKey || event.metaKey) return;
      var item = at.item, key = event.key;
      if (key === "Enter" && item.type === "checkbox") {  // Space ticks it already; Enter does the same
        event.preventDefault();
        item.click();
        return;
      }
      var shown = all(at.list).filter(usable);
      var line = columnOf && (key === "ArrowUp" || key === "ArrowDown") ?
        shown.filter(function (el) { return columnOf(el) === columnOf(item); }) : shown;
      var k = line.indexOf(item), next = null;
      if (key === "ArrowDown" || key === "ArrowRight") next = line[Math.min(k + 1, line.length - 1)];
      else if (key === "ArrowUp" || key === "ArrowLeft") next = line[Math.max(k - 1, 0)];
      else if (key === "Home") next = line[0];
      else if (key === "End") next = line[line.length - 1];
      if (!next) return;
      event.preventDefault();
      settle(at.list, next);
      next.focus();
    });
    root.addEventListener("focusin", function (event) {
      var at = found(event);
      if (at) settle(at.list, at.item);
    });
    reset();
    return { reset: reset };
  }
  window.MarquoirRoving = roving;

  // Nothing typed is lost (issue 18, item 1): on an entry page under its draft's link (/d/<token>), what is typed
  // is written into the draft as it is typed (debounced), each copy with a version (when it was typed, in ms) so
  // that the server never lets an older copy overwrite a newer one (web/drafts.py, autosave). Without the network
  // the copy is kept in this browser (localStorage, one per draft), the page says so, and it is sent when the
  // network is back (or when the page is opened again). The page says what became of it (p.autosave-status).
  var ownVersion = 0;  // the newest version this page wrote (its steps and its copies)
  function nextDraftVersion(form) {
    var field = form ? form.querySelector("input[name=draft_version]") : null;
    if (!field) return 0;
    var version = Math.max(Date.now(), (parseInt(field.value, 10) || 0) + 1);
    field.value = String(version);
    ownVersion = Math.max(ownVersion, version);
    return version;
  }
  window.MarquoirNextDraftVersion = nextDraftVersion;
  function autosave() {
    var path = /^\/d\/([A-Za-z0-9_-]{16,64})$/.exec(window.location.pathname);
    var status = document.querySelector("form p.autosave-status");
    if (!path || !status || !window.fetch || !window.FormData) return;
    var form = status.closest("form");
    var url = window.location.pathname + "/autosave", key = "marquoir-draft-" + path[1];
    var timer = null, sending = false, again = false, away = false;
    function say(which) {
      status.dataset.state = which;
      status.textContent = status.dataset[which] || "";
      status.hidden = !status.textContent;
    }
    function entries() {
      var out = [];
      new FormData(form).forEach(function (value, name) { if (typeof value === "string") out.push([name, value]); });
      return out;
    }
    function local() {
      try { return JSON.parse(window.localStorage.getItem(key) || "null"); } catch (e) { return null; }
    }
    function keepHere(copy) { try { window.localStorage.setItem(key, JSON.stringify(copy)); } catch (e) { /* full */ } }
    function forget(version) {
      var copy = local();
      if (copy && copy.version <= version) { try { window.localStorage.removeItem(key); } catch (e) { /* none */ } }
    }
    function body(copy) {
      var data = new FormData();
      copy.fields.forEach(function (pair) { data.append(pair[0], pair[1]); });
      data.set("draft_version", String(copy.version));
      return data;
    }
    function send(copy) {
      sending = true;
      form.dataset.autosaveSent = String(copy.version);  // the page's state, for a test (or a person's tools)
      return fetch(url, { method: "POST", body: body(copy), credentials: "same-origin",
        headers: { "Accept": "application/json" } })
        .then(function (r) {
          return r.json().catch(function () { return {}; }).then(function (answer) { return [r.status, answer]; });
        })
        .then(function (result) {
          var code = result[0], answer = result[1] || {};
          sending = false;
          if (code === 200 && answer.saved) { forget(copy.version); say(away ? "back" : "saved"); away = false; }
          else if (code === 200 && answer.newer && answer.version && answer.version <= ownVersion) {
            again = true;  // this page's own step was newer: its copy goes again, newer still
          } else if (code === 200 && answer.newer) say("newer");
          else { away = true; say("offline"); }
          form.dataset.autosaveDone = String(copy.version);
          return code;
        })
        .catch(function () { sending = false; away = true; say("offline"); return 0; })
        .then(function (code) { if (again) { again = false; schedule(); } return code; });
    }
    function flush() {
      timer = null;
      if (sending) { again = true; return; }
      var copy = { version: nextDraftVersion(form), fields: entries() };
      keepHere(copy);  // kept here until the server has it
      if (navigator.onLine === false) { away = true; say("offline"); return; }
      send(copy);
    }
    function schedule() { clearTimeout(timer); timer = setTimeout(flush, 400); }
    form.addEventListener("input", schedule);
    form.addEventListener("change", schedule);
    // A form sent (a step, or the page posted) carries every field itself: nothing is left pending, so that the
    // page being left does not send an older copy over what the form wrote.
    form.addEventListener("submit", function () { clearTimeout(timer); timer = null; });
    window.addEventListener("offline", function () { away = true; say("offline"); });
    window.addEventListener("online", function () {
      var copy = local();
      if (copy && !sending) send(copy); else if (timer === null && away) schedule();
    });
    window.addEventListener("pagehide", function () {  // the phone sleeps, the tab closes: what is pending goes
      if (timer === null) return;
      clearTimeout(timer);
      timer = null;
      var copy = { version: nextDraftVersion(form), fields: entries() };
      keepHere(copy);
      if (navigator.sendBeacon) navigator.sendBeacon(url, body(copy));
    });
    // A copy kept in this browser that the server does not have yet (typed offline): sent, then shown.
    var kept = local(), shown = parseInt((form.querySelector("input[name=draft_version]") || {}).value, 10) || 0;
    if (kept && kept.version > shown) {
      if (navigator.onLine === false) { away = true; say("offline"); }
      else { away = true; send(kept).then(function (code) { if (code === 200) window.location.reload(); }); }
    } else if (kept) {
      forget(shown);
    }
  }

  // The entry pages' lists by keyboard: the players' tabs, and on the detailed entry each zone of placed cards, one
  // tab stop each (the card picker's list is the picker's own). Redrawn after each step: reset() sets them again.
  var entryKeys = [];
  // Every list of ticks marked data-one-stop is one tab stop too (data-one-stop="player": the paper sheet's table,
  // ↑ ↓ within a player's column, by the ticks' data-player); Enter or Space ticks.
  function keyboardLists() {
    entryKeys = [roving(document.getElementById("zones"), "ol.zone", "button"),
      roving(document.querySelector("form nav.tabs"), "nav.tabs", "button.tab"),
      roving(document.body, "[data-one-stop]", "input[type=checkbox]", function (box) {
        var list = box.closest("[data-one-stop]");
        return list && list.dataset.oneStop === "player" ? box.dataset.player || "" : "";
      })];
  }
  function resetKeys() { entryKeys.forEach(function (keys) { keys.reset(); }); }
  window.MarquoirResetKeys = resetKeys;

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

  // A figure that may be negative opens the phone's number pad, which often has no minus: a ± button beside it
  // turns the figure negative or positive (the field still takes a minus typed).
  function signButtons() {
    document.querySelectorAll("input[data-sign]").forEach(function (input) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "sign-button";
      button.textContent = "±";
      button.tabIndex = -1;  // for touch, whose number pad may have no minus; a keyboard types the minus itself
      var label = input.labels && input.labels[0] ? input.labels[0].textContent.trim() : "";
      button.setAttribute("aria-label", input.dataset.sign + (label ? " — " + label : ""));
      button.addEventListener("click", function () {
        var value = input.value.trim();
        input.value = /^[-−]/.test(value) ? value.slice(1) : "-" + value.replace(/^\+/, "");
        input.dispatchEvent(new Event("input", { bubbles: true }));
        input.dispatchEvent(new Event("change", { bubbles: true }));
        input.focus();
      });
      input.insertAdjacentElement("afterend", button);
      input.parentNode.classList.add("with-sign");
    });
  }

  ready(function () { newGame(); signButtons(); keyboardLists(); autosave(); keepPlace(); explanations(); });
})();
