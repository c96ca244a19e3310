// The table link's pages (marquoir/web/table.py): everyone's totals and states refreshed by polling the status
// with its ETag (one request per phone every 2 s at most, a 304 when nothing changed), and a seat's part sent in
// place; when the network is gone the part is kept on this phone (localStorage) and sent when it is back.
// Without this script every page works by reloading.
(function () {
  "use strict";
  var root = document.getElementById("table-root");
  if (!root) { return; }
  var words = document.getElementById("table-words");
  var said = function (key) { return words ? words.getAttribute("data-" + key) || "" : ""; };
  var etag = root.getAttribute("data-etag") || "";
  var every = Math.max(parseInt(root.getAttribute("data-poll"), 10) || 2000, 2000);
  var form = document.getElementById("seat-form");
  var note = document.getElementById("seat-sending");
  var key = "marquoir.table." + location.pathname;

  function names() {
    var found = [];
    document.querySelectorAll("#table-players tr th").forEach(function (th) { found.push(th.textContent); });
    return found;
  }

  function show(news) {
    var rows = document.querySelectorAll("#table-players tr");
    (news.players || []).forEach(function (p, i) {
      var row = rows[i];
      if (!row) { return; }
      row.setAttribute("data-state", p.state);
      row.querySelector(".total").textContent = String(p.total);
      row.querySelector(".state").textContent = said(p.state);
    });
    var done = document.getElementById("table-all-done");
    if (done) { done.hidden = !news.done; }
    var saved = document.getElementById("table-saved");
    if (saved && news.saved) {
      saved.hidden = false;
      document.getElementById("table-saved-link").href = news.saved;
      if (form) { location.reload(); }
    }
    var player = root.getAttribute("data-player");
    if (form && player) {
      // The players moved (a new first player): this phone follows its player to their seat now.
      var at = (news.players || []).map(function (p) { return p.name; }).indexOf(player);
      var seatNow = parseInt(root.getAttribute("data-seat"), 10);
      if (at >= 0 && at !== seatNow) {
        var there = location.pathname.replace(/\/[0-9]+$/, "/" + at);
        var keptHere = localStorage.getItem(key);
        if (keptHere) { localStorage.setItem("marquoir.table." + there, keptHere); localStorage.removeItem(key); }
        location.replace(there);
        return;
      }
      var mine = (news.players || [])[at] || {};
      document.querySelectorAll(".seat-issues").forEach(function (box) {
        var list = (mine.issues || {})[box.getAttribute("data-issue-for")] || [];
        box.textContent = "";
        list.forEach(function (message) {
          var p = document.createElement("p");
          p.className = "issue";
          p.textContent = message;
          box.appendChild(p);
        });
      });
    }
    Object.keys(news.shared || {}).forEach(function (name) {
      var part = document.querySelector('[data-shared="' + name + '"]');
      var select = part && part.querySelector("select");
      if (select && document.activeElement !== select && !document.getElementById("shared-conflict")) {
        select.value = news.shared[name] || "";
      }
    });
    var facts = document.getElementById("table-facts");
    if (facts && news.facts) {
      facts.textContent = "";
      news.facts.forEach(function (fact) {
        var dt = document.createElement("dt");
        dt.textContent = fact[0];
        var dd = document.createElement("dd");
        dd.textContent = fact[1];
        facts.appendChild(dt);
        facts.appendChild(dd);
      });
    }
    if (form && news.held) {
      var seat = parseInt(root.getAttribute("data-seat"), 10);
      var who = names();
      Object.keys(news.held).forEach(function (field) {
        var box = form.querySelector('[data-field="' + field + '"]');
        if (!box) { return; }
        box.querySelectorAll(".holder").forEach(function (span) {
          var holder = news.held[field][span.getAttribute("data-tile")];
          span.textContent = holder !== undefined && holder !== seat ? said("held").replace("%(name)s", who[holder] || "") : "";
        });
      });
    }
  }

  function poll() {
    var headers = etag ? { "If-None-Match": '"' + etag + '"' } : {};
    fetch(root.getAttribute("data-status"), { headers: headers, cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.status === 200) {
          return response.json().then(function (news) { etag = news.etag; show(news); });
        }
        return null;
      })
      .then(function () { return sendKept() || flushSteps(); }, function () { /* no network: the next poll tries again */ })
      .finally(function () { setTimeout(poll, every); });
  }

  function pairs() {
    var data = new FormData(form);
    var list = [];
    data.forEach(function (value, name) { list.push([name, String(value)]); });
    return list;
  }

  function send(list) {
    var body = new URLSearchParams();
    list.forEach(function (pair) { body.append(pair[0], pair[1]); });
    return fetch(form.getAttribute("action"), {  // (form.action is its button named "action")
      method: "POST", body: body, credentials: "same-origin",
      headers: { "Accept": "application/json" }
    }).then(function (response) {
      return response.json().then(function (answer) {
        if (answer.outcome === "written") {
          localStorage.removeItem(key);
          form.querySelector('[name="version"]').value = String(answer.version);
          if (note) { note.textContent = said("sent"); }
          etag = "";
          return;
        }
        localStorage.removeItem(key);
        // A conflict, a refused claim, a number out of its bounds: the server's page says it, both versions kept.
        HTMLFormElement.prototype.submit.call(fill(list));
      });
    });
  }

  function fill(list) {
    form.querySelectorAll('input[type="checkbox"]').forEach(function (box) { box.checked = false; });
    var action = null;
    list.forEach(function (pair) {
      if (pair[0] === "action") { action = pair[1]; return; }
      var fields = form.querySelectorAll('[name="' + pair[0] + '"]');
      fields.forEach(function (field) {
        if (field.type === "checkbox") { if (field.value === pair[1]) { field.checked = true; } }
        else if (field.type !== "hidden" || pair[0] === "version") { field.value = pair[1]; }
      });
    });
    if (action) {
      var hidden = document.createElement("input");
      hidden.type = "hidden"; hidden.name = "action"; hidden.value = action;
      form.appendChild(hidden);
    }
    return form;
  }

  function keepHere(list) {
    localStorage.setItem(key, JSON.stringify(list));
    if (note) { note.textContent = said("kept"); }
  }

  function sendKept() {
    var kept = form ? localStorage.getItem(key) : null;
    if (!kept) { return null; }
    var list = JSON.parse(kept);
    return send(list).catch(function () { keepHere(list); });
  }

  if (form) {
    var kept = localStorage.getItem(key);
    if (kept) { fill(JSON.parse(kept)); if (note) { note.textContent = said("kept"); } }
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (note) { note.textContent = ""; }
      var list = pairs();
      if (event.submitter && event.submitter.name) { list.push([event.submitter.name, event.submitter.value]); }
      if (!navigator.onLine) { keepHere(list); return; }
      send(list).catch(function () { keepHere(list); });
    });
    window.addEventListener("online", sendKept);
  }

  // The steps of a part changed by taps (a pot's cells, a tableau's cards: the form "tiles-form"): each tap is
  // sent in place and the page drawn again; a tap made with no network is kept on this phone, in order, and sent
  // when the network is back, each at the version the one before it left.
  var steps = document.getElementById("tiles-form");
  var stepsKey = "marquoir.table.steps." + location.pathname;
  var stepsNote = document.getElementById("steps-kept");
  var heldKey = stepsKey + ".held";
  var heldBox = document.getElementById("steps-held");
  var flushing = false;

  function stepPairs(submitter) {
    var list = [];
    new FormData(steps).forEach(function (value, name) { list.push([name, String(value)]); });
    if (submitter && submitter.name) { list.push([submitter.name, submitter.value]); }
    return list;
  }

  function keptSteps() {
    try { return JSON.parse(localStorage.getItem(stepsKey) || "[]"); } catch (e) { return []; }
  }

  function keepStep(list) {
    var queue = keptSteps();
    queue.push(list);
    localStorage.setItem(stepsKey, JSON.stringify(queue));
    if (stepsNote) { stepsNote.textContent = said("steps-kept"); }
  }

  function postStep(list, version) {
    var body = new URLSearchParams();
    list.forEach(function (pair) { body.append(pair[0], pair[0] === "version" && version ? version : pair[1]); });
    return fetch(steps.getAttribute("action"), {
      method: "POST", body: body, credentials: "same-origin", headers: { "Accept": "application/json" }
    }).then(function (response) { return response.json(); });
  }

  function plainStep(list) {
    // A conflict or a step refused: the server's page says it (both versions, or who holds the card).
    steps.querySelectorAll("input.sent-step").forEach(function (input) { input.remove(); });
    list.forEach(function (pair) {
      var field = steps.querySelector('[name="' + pair[0] + '"]:not([type="radio"]):not([type="checkbox"])');
      if (pair[0] !== "action" && field && field.form === steps) { field.value = pair[1]; return; }
      var input = document.createElement("input");
      input.type = "hidden"; input.name = pair[0]; input.value = pair[1]; input.className = "sent-step";
      steps.appendChild(input);
    });
    HTMLFormElement.prototype.submit.call(steps);
  }

  function flushSteps() {
    var queue = keptSteps();
    if (!steps || flushing || !queue.length) { return null; }
    flushing = true;
    var version = null;
    function next() {
      var list = keptSteps()[0];
      if (!list) { location.reload(); return null; }
      return postStep(list, version).then(function (answer) {
        var rest = keptSteps().slice(1);
        if (rest.length) { localStorage.setItem(stepsKey, JSON.stringify(rest)); } else { localStorage.removeItem(stepsKey); }
        if (answer.outcome === "written") { version = String(answer.version); return next(); }
        // A conflict or a refusal: that step goes plainly (the server's page says why); the taps after it are
        // set aside, never dropped in silence — the page offers to send them or forget them.
        var held = keptSteps();
        localStorage.removeItem(stepsKey);
        if (held.length) { localStorage.setItem(heldKey, JSON.stringify(held)); }
        plainStep(list);
        return null;
      });
    }
    return next().catch(function () { flushing = false; });
  }

  if (steps) {
    if (keptSteps().length && stepsNote) { stepsNote.textContent = said("steps-kept"); }
    steps.addEventListener("submit", function (event) {
      event.preventDefault();
      var list = stepPairs(event.submitter);
      if (!navigator.onLine || keptSteps().length) { keepStep(list); flushSteps(); return; }
      postStep(list, null).then(function (answer) {
        if (answer.outcome === "written") { location.reload(); return; }
        plainStep(list);
      }, function () { keepStep(list); });
    });
    window.addEventListener("online", flushSteps);
    if (heldBox && localStorage.getItem(heldKey)) {
      heldBox.hidden = false;
      document.getElementById("steps-held-send").addEventListener("click", function () {
        var held = [];
        try { held = JSON.parse(localStorage.getItem(heldKey) || "[]"); } catch (e) { held = []; }
        localStorage.removeItem(heldKey);
        heldBox.hidden = true;
        // Sent over the version this page read: the part as it is now, which the phone has just been shown.
        var seen = steps.querySelector('[name="version"]').value;
        held.forEach(function (list) {
          keepStep(list.map(function (pair) { return pair[0] === "version" ? ["version", seen] : pair; }));
        });
        flushSteps();
      });
      document.getElementById("steps-held-forget").addEventListener("click", function () {
        localStorage.removeItem(heldKey);
        heldBox.hidden = true;
      });
    }
  }
  setTimeout(poll, every);
})();
