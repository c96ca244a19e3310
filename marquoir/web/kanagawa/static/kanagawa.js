// Kanagawa's pages: what JavaScript adds to the paper sheet (live totals) and the card picker (search, steps in
// place). Every page works without it. The shared helpers are marquoir.js's (window.marquoirFigures, MarquoirRoving,
// MarquoirResetKeys); this file comes before marquoir.js in the page, so it takes them once every deferred script
// ran (DOMContentLoaded).
(function () {
  "use strict";
  var reading, markRefused, showTotal, roving, resetKeys;

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
      var data = new FormData(form);
      data.set("action", action);
      var ticket = ++sent;
      form.dataset.sent = String(ticket);  // the page's state, for a test (or a person's tools) to read
      if (window.MarquoirDraftStepStart) window.MarquoirDraftStepStart();
      return fetch(form.dataset.live, { method: "POST", body: data, credentials: "same-origin",
        headers: { "Accept": "application/json" } })
        .then(function (r) {
          var json = (r.headers.get("Content-Type") || "").indexOf("json") >= 0;
          return json && (r.ok || r.status === 422) ? r.json() : null;
        })
        .then(function (answer) {
          if (!answer || !answer.parts) {
            if (window.MarquoirDraftStep) window.MarquoirDraftStep(null);
            fallBack(action);
            return;
          }
          put(answer);
          if (window.MarquoirDraftStep) window.MarquoirDraftStep(answer);  // written over the draft, or put together
          if (fromList && !answer.refused && search) search.next();
          form.dataset.shown = String(ticket);
        })
        .catch(function () {
          if (window.MarquoirDraftStep) window.MarquoirDraftStep(null);
          fallBack(action);
        });
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
    roving = window.MarquoirRoving; resetKeys = window.MarquoirResetKeys;
    sheet(); cardEntry(picker()); customCard();
  });
})();
