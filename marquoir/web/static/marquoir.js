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
  // is written into the draft as it is typed (debounced). Each copy is sent over the version of the draft the page
  // last read (draft_version: the server's own count of writes, never this device's clock, web/drafts.py
  // autosave); the server writes it only when its draft is still at that version. When another screen wrote since
  // (a conflict answered with its copy) the page puts both together, entry by entry, against what both started from: an entry
  // changed on one screen only takes that change, one changed on both keeps what was typed here; the game's
  // document likewise, each player's entries on their own (a card added here, a tile there); it sends the result
  // over the other's version, shows it (a reload when the other's game was taken) and says so. Without the network the copy is kept in this browser (localStorage, one per
  // draft, with what it started from), the page says so, and it is put together and sent the same way when the
  // network is back or the page is opened again. The page says what became of it (p.autosave-status).
  var draftState = null;  // set by autosave(): what this page knows of its draft
  // A step done in place (a card added, a tile tapped) is sent (MarquoirDraftStepStart: no copy goes while it is
  // on its way, so that the page never races itself), then written by the server or refused as another screen
  // wrote since: its answer's "draft" tells which (MarquoirDraftStep; null when it got no answer).
  window.MarquoirDraftStepStart = function () { if (draftState) draftState.pending += 1; };
  window.MarquoirDraftStep = function (answer) {
    if (!draftState) return;
    draftState.pending = Math.max(0, draftState.pending - 1);
    if (answer) draftState.step(answer.draft);
  };
  var CARRIED = ["csrf_token", "draft", "draft_version", "edit", "version", "lang", "next", "back", "current"];
  function byName(fields) {
    var out = {};
    (fields || []).forEach(function (pair) { (out[pair[0]] = out[pair[0]] || []).push(pair[1]); });
    return out;
  }
  function canonical(value) {  // JSON with sorted keys: two writings of one document compare equal
    if (Array.isArray(value)) return "[" + value.map(canonical).join(",") + "]";
    if (value && typeof value === "object") {
      return "{" + Object.keys(value).sort().map(function (k) {
        return JSON.stringify(k) + ":" + canonical(value[k]);
      }).join(",") + "}";
    }
    return JSON.stringify(value);
  }
  // One of three: what both started from (base), this screen's (mine), the other's (theirs); {value, clash}.
  function pick(base, mine, theirs, same) {
    if (same(mine, base)) return { value: theirs, clash: false };
    if (same(theirs, base) || same(theirs, mine)) return { value: mine, clash: false };
    return { value: mine, clash: true };
  }
  function sameText(a, b) { return canonical(a) === canonical(b); }
  function sameDoc(a, b) {  // two writings of a game's document (JSON text)
    try { return sameText(JSON.parse(a), JSON.parse(b)); } catch (e) { return a === b; }
  }
  // The game's document put together, entry by entry at every depth: an object (the game, a player) key by key,
  // a list of players player by player; any other value (a list of cards or tiles, a figure) whole.
  function mergeValue(b, m, t, found) {
    var isObject = function (v) { return v !== null && typeof v === "object" && !Array.isArray(v); };
    var players = Array.isArray(b) && Array.isArray(m) && Array.isArray(t) && b.length === m.length &&
      m.length === t.length && m.every(isObject) && t.every(isObject) && b.every(isObject);
    if (players) return m.map(function (one, i) { return mergeValue(b[i], one, t[i], found); });
    if (isObject(b) && isObject(m) && isObject(t)) {
      var out = {};
      Object.keys(m).concat(Object.keys(t), Object.keys(b)).forEach(function (key) {
        if (key in out) return;
        var got = mergeValue(b[key], m[key], t[key], found);
        if (got !== undefined) out[key] = got;
      });
      return out;
    }
    var one = pick(b, m, t, sameText);
    if (one.clash) found.clash = true;
    return one.value;
  }
  function mergeTable(baseText, mineText, theirsText) {
    var base, mine, theirs;
    try { base = JSON.parse(baseText); mine = JSON.parse(mineText); theirs = JSON.parse(theirsText); }
    catch (e) { return pick(baseText, mineText, theirsText, function (a, b) { return a === b; }); }
    var found = { clash: false };
    var value = mergeValue(base, mine, theirs, found);
    return { value: JSON.stringify(value), clash: found.clash };
  }
  // This screen's entries put together with the other's: {fields, clash, taken} (taken: some of theirs kept).
  function mergeFields(baseFields, mineFields, theirs, samePlayer) {
    var b = byName(baseFields), m = byName(mineFields), t = theirs.fields && samePlayer ? byName(theirs.fields) : null;
    var out = [], clash = false, taken = false, done = {};
    mineFields.concat(theirs.fields || []).forEach(function (pair) {
      var name = pair[0];
      if (done[name]) return;
      done[name] = true;
      var values;
      if (name === "table") {
        var table = mergeTable((b.table || [""])[0], (m.table || [""])[0], theirs.table);
        clash = clash || table.clash;
        taken = taken || !sameDoc(table.value, (m.table || [""])[0]);
        values = [table.value];
      } else if (CARRIED.indexOf(name) >= 0 || !t) {
        values = m[name] || [];  // the page's own (or the other's form is of another player, or it sent none)
      } else {
        var got = pick(b[name] || [], m[name] || [], t[name] || [], sameText);
        clash = clash || got.clash;
        taken = taken || !sameText(got.value, m[name] || []);
        values = got.value;
      }
      values.forEach(function (value) { out.push([name, value]); });
    });
    return { fields: out, clash: clash, taken: taken };
  }
  function autosave() {
    var path = /^\/d\/([A-Za-z0-9_-]{16,64})$/.exec(window.location.pathname);
    var status = document.querySelector("form p.autosave-status");
    if (!path || !status || !window.fetch || !window.FormData) return;
    var form = status.closest("form");
    var versionField = form.querySelector("input[name=draft_version]");
    var url = window.location.pathname + "/autosave", key = "marquoir-draft-" + path[1];
    var told = "marquoir-merged-" + path[1];
    var timer = null, sending = false, again = false, away = false, rounds = 0, mergedOnce = false;
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
    // What the server holds, as far as this page knows: its version and the entries it holds.
    var base = { version: parseInt(versionField.value, 10) || 0, fields: entries() };
    function agreed(version, fields) {
      base = { version: version, fields: fields };
      versionField.value = String(version);
      form.querySelectorAll("input[name=draft_version]").forEach(function (el) { el.value = String(version); });
    }
    function local() {
      try { return JSON.parse(window.localStorage.getItem(key) || "null"); } catch (e) { return null; }
    }
    function keepHere(copy) { try { window.localStorage.setItem(key, JSON.stringify(copy)); } catch (e) { /* full */ } }
    function forget() { try { window.localStorage.removeItem(key); } catch (e) { /* none */ } }
    function copyNow() { return { seen: base.version, base: base.fields, fields: entries() }; }
    function body(copy) {
      var data = new FormData();
      copy.fields.forEach(function (pair) {
        if (pair[0] !== "draft_version" && pair[0] !== "csrf_token") data.append(pair[0], pair[1]);
      });
      data.set("draft_version", String(copy.seen));
      var csrf = form.querySelector("input[name=csrf_token]");  // the page's own: a copy's may have expired
      if (csrf) data.set("csrf_token", csrf.value);
      return data;
    }
    function typed(fields) {  // the entries people type (not the fields every form carries), by name
      var out = byName(fields);
      CARRIED.forEach(function (name) { delete out[name]; });
      return out;
    }
    // The other's entries taken by a merge, put in the page, where nothing was typed here since the copy was made.
    function show(copy, merged) {
      var sent = byName(copy.fields), now = byName(entries()), got = byName(merged.fields);
      Object.keys(got).forEach(function (name) {
        if (name === "table" || CARRIED.indexOf(name) >= 0 || sameText(got[name], sent[name] || [])) return;
        if (!sameText(now[name] || [], sent[name] || [])) return;  // typed again meanwhile: kept as typed
        form.querySelectorAll("[name='" + name.replace(/'/g, "") + "']").forEach(function (el) {
          var before = el.type === "checkbox" || el.type === "radio" ? el.checked : el.value;
          if (el.type === "checkbox" || el.type === "radio") el.checked = got[name].indexOf(el.value) >= 0;
          else if (el.type !== "hidden" && el.type !== "submit" && el.tagName !== "BUTTON") el.value = got[name][0] || "";
          var after = el.type === "checkbox" || el.type === "radio" ? el.checked : el.value;
          if (before !== after) {  // the page's totals and marks follow, as if typed
            el.dispatchEvent(new Event("input", { bubbles: true }));
            el.dispatchEvent(new Event("change", { bubbles: true }));
          }
        });
      });
    }
    function send(copy, reloadAfter) {
      sending = true;
      form.dataset.autosaveSent = String(++rounds);  // the page's state, for a test (or a person's tools)
      return fetch(url, { method: "POST", body: body(copy), credentials: "same-origin",
        headers: { "Accept": "application/json" } })
        .then(function (r) {
          return r.json().catch(function () { return {}; }).then(function (answer) { return [r.status, answer]; });
        })
        .then(function (result) {
          var code = result[0], answer = result[1] || {};
          sending = false;
          if (code === 200 && answer.saved && answer.moved) {  // the draft had expired: the copy is a new one
            forget();
            window.location.replace("/d/" + answer.moved);
            return code;
          }
          if (code === 200 && answer.saved) {
            agreed(answer.version, copy.fields);
            forget();
            if (reloadAfter) {  // the other's game taken: the page drawn again, what was typed since kept
              var now = entries();
              if (!sameText(typed(now), typed(copy.fields))) {
                var table = (byName(copy.fields).table || [""])[0];
                keepHere({ seen: answer.version, base: copy.fields, fields: now.map(function (pair) {
                  return pair[0] === "table" ? ["table", table] : pair;
                }) });
              }
              try { window.sessionStorage.setItem(told, "1"); } catch (e) { /* off */ }
              window.location.reload();
              return code;
            }
            if (copy.merged) mergedOnce = true;  // said until the page is left: the other screen's changes came in
            say(mergedOnce ? "newer" : (away ? "back" : "saved"));
            away = false;
          } else if (code === 200 && answer.conflict && typeof answer.version === "number") {
            // Another screen wrote since: both put together, sent over its version (a few rounds at most).
            var shownHere = (byName(copy.fields).current || [null])[0];
            var samePlayer = answer.player === null || answer.player === undefined || shownHere === null ||
              String(answer.player) === String(shownHere);
            var merged = mergeFields(copy.base, copy.fields, answer, samePlayer);
            var tableTaken = !sameDoc((byName(merged.fields).table || [""])[0], (byName(copy.fields).table || [""])[0]);
            show(copy, merged);
            var next = { seen: answer.version, base: merged.fields, fields: merged.fields, merged: true };
            keepHere(next);
            if (rounds < 20) {
              form.dataset.autosaveDone = String(rounds);
              return send(next, reloadAfter || tableTaken);
            }
            say("newer");
          } else { away = true; say("offline"); }
          form.dataset.autosaveDone = String(rounds);
          return code;
        })
        .catch(function () { sending = false; away = true; say("offline"); return 0; })
        .then(function (code) { if (again) { again = false; schedule(); } return code; });
    }
    function flush() {
      timer = null;
      if (sending) { again = true; return; }
      if (draftState && draftState.pending > 0) { schedule(); return; }  // after the page's own step is answered
      var copy = copyNow();
      keepHere(copy);  // kept here until the server has it
      if (navigator.onLine === false) { away = true; say("offline"); return; }
      send(copy, false);
    }
    function schedule() { clearTimeout(timer); timer = setTimeout(flush, 400); }
    form.addEventListener("input", schedule);
    form.addEventListener("change", schedule);
    // A form sent (a step, or the page posted) carries every field itself: nothing is left pending, and a copy kept
    // here is marked as sent with it (when the page comes back at a later version, the form was written).
    form.addEventListener("submit", function () {
      clearTimeout(timer);
      timer = null;
      var copy = local();
      if (copy) { copy.posted = true; keepHere(copy); }
    });
    // A form sent on purpose (another player's tab, the score) is written whatever the draft holds: just before it
    // goes, the page's copy is sent over its version, and when another screen wrote since, the two are put together
    // in the page first (its fields and its game), so that the form carries both. Listened to on the window, after
    // the page's own scripts: a step they do in place (its default prevented) is not held. Never held over 3 s.
    window.addEventListener("submit", function (event) {
      if (event.target !== form || event.defaultPrevented || form.dataset.synced || navigator.onLine === false) return;
      event.preventDefault();
      clearTimeout(timer);
      timer = null;
      var submitter = event.submitter, done = false, copy = copyNow();
      function post() {
        if (done) return;
        done = true;
        clearTimeout(timer);
        timer = null;
        form.dataset.synced = "1";
        if (submitter && submitter.form === form) form.requestSubmit(submitter); else form.requestSubmit();
        setTimeout(function () { delete form.dataset.synced; }, 0);
      }
      setTimeout(post, 3000);
      fetch(url, { method: "POST", body: body(copy), credentials: "same-origin",
        headers: { "Accept": "application/json" } })
        .then(function (r) { return r.json().then(function (answer) { return [r.status, answer]; }); })
        .then(function (result) {
          var answer = result[1] || {};
          if (result[0] === 200 && answer.saved && !answer.moved) agreed(answer.version, copy.fields);
          else if (result[0] === 200 && answer.conflict && typeof answer.version === "number") {
            var shownHere = (byName(copy.fields).current || [null])[0];
            var samePlayer = answer.player === null || answer.player === undefined || shownHere === null ||
              String(answer.player) === String(shownHere);
            var merged = mergeFields(copy.base, copy.fields, answer, samePlayer);
            show(copy, merged);
            var table = (byName(merged.fields).table || [null])[0];
            if (table !== null) {
              document.querySelectorAll("input[name=table]").forEach(function (el) {
                if (el.form === form || el.closest(".language-switch")) el.value = table;
              });
            }
            agreed(answer.version, merged.fields);
          }
        })
        .catch(function () { /* the form goes as it is */ })
        .then(post);
    });
    window.addEventListener("offline", function () { away = true; say("offline"); });
    window.addEventListener("online", function () {
      var copy = local();
      if (copy && !sending) send(copy, false); else if (timer === null && away) schedule();
    });
    window.addEventListener("pagehide", function () {  // the phone sleeps, the tab closes: what is pending goes
      if (timer === null) return;
      clearTimeout(timer);
      timer = null;
      var copy = copyNow();
      keepHere(copy);
      if (navigator.sendBeacon) navigator.sendBeacon(url, body(copy));
    });
    draftState = {
      pending: 0,
      step: function (written) {
        if (!written) return;
        if (written.saved) { agreed(written.version, entries()); forget(); }
        else if (written.conflict) { clearTimeout(timer); flush(); }  // put together with the other's, then sent
      }
    };
    try {
      if (window.sessionStorage.getItem(told)) { window.sessionStorage.removeItem(told); mergedOnce = true; say("newer"); }
    } catch (e) { /* off */ }
    // A copy kept in this browser that the server may not have (typed offline, or the page closed meanwhile):
    // sent over the version it was typed on; put together with the draft if that moved on; then shown.
    var kept = local();
    if (kept && kept.posted && base.version > kept.seen) kept = null;  // its form was sent and written since
    if (kept && kept.fields && typeof kept.seen === "number" && !sameText(typed(kept.fields), typed(base.fields))) {
      if (navigator.onLine === false) { away = true; say("offline"); }
      else { away = true; send(kept, true); }
    } else {
      forget();
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

  // The menu: on a narrow screen, closed once the page is shown (the pages behind its button); sent open, so that
  // without a script every page is still one tap away. On a wide screen its button is not shown: left open.
  function menu() {
    var details = document.getElementById("menu");
    if (!details || !window.matchMedia) return;
    var wide = window.matchMedia("(min-width: 64rem)");
    if (!wide.matches) details.open = false;
    wide.addEventListener("change", function () { details.open = wide.matches; });
    document.addEventListener("keydown", function (event) {  // Escape closes it, back on its button
      if (event.key === "Escape" && details.open && !wide.matches && details.contains(document.activeElement)) {
        details.open = false;
        details.querySelector("summary").focus();
      }
    });
  }

  ready(function () { menu(); newGame(); signButtons(); keyboardLists(); autosave(); keepPlace(); explanations(); });
})();
