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

  // One tab stop per list (a roving tabindex, WAI-ARIA APG): in each list matching listSelector under root, one item
  // is reached by Tab (the last one used, else the first shown); the arrow keys, Home and End move between its items
  // (hidden and disabled ones skipped); Enter and Space act as the item's own button does. Lists redrawn later are
  // set again by the returned reset(). Without a script every item is a tab stop, as before.
  function roving(root, listSelector, itemSelector) {
    if (!root) return { reset: function () {} };
    function usable(el) { return !el.disabled && !el.closest("[hidden]"); }
    function items(list) { return Array.prototype.filter.call(list.querySelectorAll(itemSelector), usable); }
    function lists() {
      var found = Array.prototype.slice.call(root.querySelectorAll(listSelector));
      if (root.matches(listSelector)) found.unshift(root);
      return found;
    }
    function settle(list, current) {
      var all = list.querySelectorAll(itemSelector), shown = items(list);
      if (!current || shown.indexOf(current) < 0) {
        current = shown.filter(function (el) { return el.getAttribute("tabindex") === "0"; })[0] || shown[0];
      }
      Array.prototype.forEach.call(all, function (el) { el.setAttribute("tabindex", el === current ? "0" : "-1"); });
    }
    function reset() { lists().forEach(function (list) { settle(list, null); }); }
    root.addEventListener("keydown", function (event) {
      var item = event.target.closest ? event.target.closest(itemSelector) : null;
      var list = item ? item.closest(listSelector) : null;
      if (!list || !root.contains(list) || event.altKey || event.ctrlKey || event.metaKey) return;
      var shown = items(list), at = shown.indexOf(item), next = null;
      if (event.key === "ArrowDown" || event.key === "ArrowRight") next = shown[Math.min(at + 1, shown.length - 1)];
      else if (event.key === "ArrowUp" || event.key === "ArrowLeft") next = shown[Math.max(at - 1, 0)];
      else if (event.key === "Home") next = shown[0];
      else if (event.key === "End") next = shown[shown.length - 1];
      if (!next) return;
      event.preventDefault();
      settle(list, next);
      next.focus();
    });
    root.addEventListener("focusin", function (event) {
      var item = event.target.closest ? event.target.closest(itemSelector) : null;
      var list = item ? item.closest(listSelector) : null;
      if (list && root.contains(list)) settle(list, item);
    });
    reset();
    return { reset: reset };
  }
  window.MarquoirRoving = roving;

  // The card picker's search, as the server's (web/kanagawa/search.py, the same rules and the same scores): words in
  // any order, each the start of one of a card's words (data-title, data-print, data-studio, written by the server),
  // as typed or in the singular; a number before a word a card counts is that count (data-counts), any other number
  // the card's; connecting words ignored; one typo forgiven in a word no card starts with; the best found first.
  var QUERY_MOST = 80, TYPO_LEAST = 3, HALF = 2, OTHER = 1, WHOLE = 3, START = 2, TYPO = 1, NUMBER = 30;
  var WHOLE_TITLE = 100;
  var CONNECTING = ("a an the on of in and with at de d du des sur le la les l et avec en au aux").split(" ");
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
  function withinOne(a, b) {
    if (a === b) return true;
    if (Math.abs(a.length - b.length) > 1) return false;
    var i = 0;
    while (i < Math.min(a.length, b.length) && a[i] === b[i]) i += 1;
    if (a.length === b.length) {
      if (a.slice(i + 1) === b.slice(i + 1)) return true;
      return i + 1 < a.length && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
    }
    if (a.length > b.length) return a.slice(i + 1) === b.slice(i);
    return a.slice(i) === b.slice(i + 1);
  }
  function wordQuality(word, own, typos) {
    var starts = [word, singular(word)], best = 0;
    for (var k = 0; k < own.length; k += 1) {
      var w = own[k];
      if (!w) continue;
      if (starts.indexOf(w) >= 0) return WHOLE;
      if (best < START && starts.some(function (s) { return w.indexOf(s) === 0; })) best = START;
      else if (best < TYPO && typos && word.length >= TYPO_LEAST && w[0] === word[0] &&
               [word.length - 1, word.length, word.length + 1].some(function (size) {
                 return size >= TYPO_LEAST && size <= w.length && withinOne(word, w.slice(0, size));
               })) best = TYPO;
    }
    return best;
  }
  function queryTerms(text, counted) {
    var words = searchWords(text).filter(function (w) { return CONNECTING.indexOf(w) < 0; });
    var out = [];
    for (var k = 0; k < words.length; k += 1) {
      var word = words[k], next = words[k + 1];
      if (/^[0-9]+$/.test(word) && next && !/^[0-9]+$/.test(next) && wordQuality(next, counted, false)) {
        out.push({ word: next, count: parseInt(word.slice(0, 6), 10) });
        k += 1;
      } else {
        out.push({ word: word, count: 0 });
      }
    }
    return out;
  }
  function cardData(card) {
    if (!card._words) {
      var split = function (name) { return (card.dataset[name] || "").split(" ").filter(Boolean); };
      card._words = { id: card.dataset.id, title: split("title"), print: split("print"), studio: split("studio"),
        counts: split("counts").map(function (pair) {
          var at = pair.lastIndexOf(":");
          return { word: pair.slice(0, at), count: parseInt(pair.slice(at + 1), 10) };
        }) };
    }
    return card._words;
  }
  function termScore(term, card, half, typos) {
    var onPrint = half === "studio" ? OTHER : HALF, onStudio = half === "studio" ? HALF : OTHER;
    if (term.count) {
      var things = card.counts.filter(function (c) { return c.count === term.count; })
        .map(function (c) { return c.word; });
      return onPrint * wordQuality(term.word, things, typos);
    }
    if (/^[0-9]+$/.test(term.word)) return term.word.replace(/^0+/, "") === card.id ? NUMBER : 0;
    return Math.max(onPrint * wordQuality(term.word, card.print, typos),
      onStudio * wordQuality(term.word, card.studio, typos));
  }
  // The score of each card the words find, by card id (the server's search.rank).
  function rankCards(cards, text, half) {
    var counted = [];
    cards.forEach(function (card) { card.counts.forEach(function (c) { counted.push(c.word); }); });
    var terms = queryTerms(text, counted);
    var typos = terms.map(function (term) {
      return !/^[0-9]+$/.test(term.word) && !cards.some(function (card) { return termScore(term, card, half, false); });
    });
    var typed = [];
    terms.forEach(function (term) { typed.push(term.word, singular(term.word)); });
    var found = {};
    cards.forEach(function (card) {
      var total = 0;
      for (var k = 0; k < terms.length; k += 1) {
        var score = termScore(terms[k], card, half, typos[k]);
        if (!score) return;
        total += score;
      }
      var whole = terms.length > 0 && card.title.every(function (w) { return typed.indexOf(w) >= 0; });
      found[card.id] = total + (whole ? WHOLE_TITLE : 0);  // a card whose whole title was typed first
    });
    return found;
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
    var order = Array.prototype.slice.call(list.querySelectorAll("li.pick"));
    order.sort(function (a, b) { return parseInt(a.dataset.id, 10) - parseInt(b.dataset.id, 10); });
    var form = list.closest("form");
    function half() {
      var chosen = form ? form.querySelector("input[name=target]:checked") : null;
      return chosen && chosen.value === "studio" ? "studio" : "print";
    }
    var best = null;
    var keys = roving(list, "#card-list", "button.add");
    function apply() {
      var f = family ? family.value : "", s = season ? season.value : "";
      var words = text ? text.value : "";
      var cards = order.filter(function (card) {
        return (!f || card.dataset.family === f) && (!s || card.dataset.season === s);
      });
      var found = rankCards(cards.map(cardData), words, half());
      var shown = cards.filter(function (card) { return found[card.dataset.id] !== undefined; });
      shown.sort(function (a, b) { return found[b.dataset.id] - found[a.dataset.id]; });  // stable: catalogue order
      var fragment = document.createDocumentFragment();
      shown.forEach(function (card) { card.hidden = false; fragment.appendChild(card); });
      order.forEach(function (card) {
        if (found[card.dataset.id] === undefined || shown.indexOf(card) < 0) { card.hidden = true; fragment.appendChild(card); }
      });
      list.appendChild(fragment);
      // Enter adds the first card when it is the only one, or found better than the next.
      best = shown.length === 1 || (shown.length > 1 && found[shown[0].dataset.id] > found[shown[1].dataset.id]) ?
        shown[0] : null;
      var query = searchWords(words);
      if (none) none.hidden = shown.length > 0;
      if (count) count.textContent = f || s || query.length ? count.dataset.found.replace("%(count)d", shown.length) : "";
      list.scrollTop = 0;
      if (keys) keys.reset();  // the list's tab stop on a card shown
      return shown;
    }
    if (form) form.querySelectorAll("input[name=target]").forEach(function (el) { el.addEventListener("change", apply); });
    [family, season].forEach(function (el) { if (el) el.addEventListener("change", apply); });
    if (text) {
      text.addEventListener("input", apply);
      text.addEventListener("keydown", function (event) {
        if (event.key !== "Enter") return;
        event.preventDefault();
        apply();
        if (best && text.value.trim()) best.querySelector("button.add").click();
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
      if (window.MarquoirNextDraftVersion) window.MarquoirNextDraftVersion(form);  // the step is newer than any copy
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
      resetKeys();
      if (again && (!document.activeElement || document.activeElement === document.body)) {
        var same = form.querySelector("button[name=action][value='" + again.replace(/'/g, "") + "']:not(:disabled)");
        if (same) same.focus({ preventScroll: true });
      }
    }
  }

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
  function keyboardLists() {
    entryKeys = [roving(document.getElementById("zones"), "ol.zone", "button"),
      roving(document.querySelector("form nav.tabs"), "nav.tabs", "button.tab")];
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

  ready(function () { newGame(); sheet(); signButtons(); keyboardLists(); autosave(); cardEntry(picker()); customCard(); keepPlace(); explanations(); });
})();
