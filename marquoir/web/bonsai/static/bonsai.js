// Marquoir, Bonsai's pages: what JavaScript adds. Both pages work without it (every cell is a submit button).
(function () {
  "use strict";

  // After marquoir.js (which this page loads after this script): the figures are read as it reads them.
  function ready(fn) {
    if (document.readyState === "complete") fn(); else document.addEventListener("DOMContentLoaded", fn);
  }

  // The score pad: one holder per goal tile and one goal of each colour per player; totals by the server's API.
  function scorePad() {
    var form = document.getElementById("bonsai-sheet-form");
    if (!form) return;
    var doc;
    try { doc = JSON.parse(form.querySelector("[name=table]").value); } catch (e) { return; }
    var timer = null;
    function schedule() { clearTimeout(timer); timer = setTimeout(refresh, 250); }
    form.addEventListener("change", function (event) {
      var box = event.target;
      if (box.dataset && box.dataset.goal && box.checked) {
        form.querySelectorAll("input[data-goal]").forEach(function (other) {
          if (other === box) return;
          var sameTile = other.dataset.goal === box.dataset.goal;
          var sameColour = other.dataset.player === box.dataset.player && other.dataset.colour === box.dataset.colour;
          if (sameTile || sameColour) other.checked = false;
        });
      }
      schedule();
    });
    form.addEventListener("input", schedule);
    var figures = window.marquoirFigures;
    if (!figures) return;
    var REQUIRED = { leaves: true, flowers: true, fruits: true };
    var sent = 0;
    function refresh() {
      var states = [];
      var players = doc.players.map(function (p, i) {
        var s = {}, state = "ok";
        form.querySelectorAll("input[data-player='" + i + "'][data-field]").forEach(function (input) {
          var r = figures.reading(input);
          figures.markRefused(input, !!r.refused);
          if (r.refused) state = "refused";
          else if (r.blank && REQUIRED[input.dataset.field] && state === "ok") state = "missing";
          s[input.dataset.field] = r.value;
        });
        states[i] = state;
        var ticked = [];
        form.querySelectorAll("input[data-goal][data-player='" + i + "']").forEach(function (box) {
          if (box.checked) ticked.push(box.dataset.goal);
        });
        var ok = state === "ok";
        function n(v) { return ok && typeof v === "number" ? v : 0; }
        var written = s.goal_points;
        return { name: p.name, sheet: { leaves: n(s.leaves), flowers: n(s.flowers), fruits: n(s.fruits),
          parchments: n(s.parchments), goals: ticked.length || typeof written !== "number" || !ok ? ticked : written } };
      });
      var body = Object.assign({}, doc, { players: players });
      var ticket = ++sent;
      form.dataset.sent = String(ticket);
      fetch(form.dataset.api, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (report) {
          if (ticket !== sent) return;
          doc.players.forEach(function (p, i) {
            figures.showTotal(document.getElementById("total-" + i), report ? report.players[i].total : null,
              report ? states[i] : "missing");
            var goals = document.getElementById("goal-points-" + i);
            var written = form.querySelector("input[data-player='" + i + "'][data-field=goal_points]");
            figures.showTotal(goals, report ? report.players[i].breakdown.goals : null,
              written && written.classList.contains("refused") ? "refused" : "ok");
          });
          form.dataset.shown = String(ticket);
        })
        .catch(function () { /* the button still scores on the server */ });
    }
    refresh();
  }

  // Tile by tile: a tap changes the document in place and redraws the cell at once; the server, asked with one
  // small request, sends back the marks, the goals met and the points (it stays the one judge).
  function tileByTile() {
    var form = document.getElementById("tiles-form");
    if (!form) return;
    var tableField = form.querySelector("input[name=table]");
    var current = parseInt(form.querySelector("input[name=current]").value, 10) || 0;
    var doc;
    try { doc = JSON.parse(tableField.value); } catch (e) { return; }
    var CYCLE = ["wood", "leaf", "flower", "fruit"];
    var SVG = "http://www.w3.org/2000/svg";
    var sent = 0;
    var timer = null;

    function player() { return doc.players[current]; }
    function store() {
      var text = JSON.stringify(doc);
      tableField.value = text;
      // The language switch carries the game too: it must carry this one.
      document.querySelectorAll(".language-switch input[name=table]").forEach(function (el) { el.value = text; });
    }
    function same(tile, x, y) { return tile.at[0] === x && tile.at[1] === y; }

    function drawCell(button, kind) {
      var cell = button.closest("g.cell");
      if (!cell) return;
      cell.setAttribute("class", cell.getAttribute("class").replace(/kind-\w+/, "kind-" + (kind || "empty")));
      var use = cell.querySelector("use");
      if (!kind) { if (use) use.remove(); return; }
      if (!use) {
        var hex = cell.querySelector("polygon");
        var xs = hex.getAttribute("points").split(" ").map(function (p) { return p.split(",").map(Number); });
        var cx = (xs[1][0] + xs[4][0]) / 2, cy = (xs[0][1] + xs[3][1]) / 2;
        use = document.createElementNS(SVG, "use");
        use.setAttribute("x", String(cx - 15));
        use.setAttribute("y", String(cy - 15));
        use.setAttribute("width", "30");
        use.setAttribute("height", "30");
        hex.after(use);
      }
      use.setAttribute("href", "#bonsai-" + kind);
    }

    function tap(verb, x, y, button) {
      var p = player();
      p.tiles = p.tiles || [];
      var kind = null;
      if (verb === "clear") {
        p.tiles = p.tiles.filter(function (tile) { return !same(tile, x, y); });
      } else {
        var k = p.tiles.findIndex(function (tile) { return same(tile, x, y); });
        if (k < 0) {
          kind = CYCLE[0];
          p.tiles.push({ at: [x, y], kind: kind });
        } else {
          var next = CYCLE.indexOf(p.tiles[k].kind) + 1;
          if (next >= CYCLE.length) p.tiles.splice(k, 1); else kind = p.tiles[k].kind = CYCLE[next];
        }
      }
      drawCell(button, kind);
      store();
      refresh(button.value);
    }

    function step(button) {
      var input = document.getElementById(button.dataset.for);
      if (!input) return;
      var value = parseInt(input.value, 10);
      input.value = String(Math.min(99, Math.max(0, (isNaN(value) ? 0 : value) + parseInt(button.dataset.step, 10))));
      refresh(null);
    }

    form.addEventListener("click", function (event) {
      var button = event.target.closest("button");
      if (!button) return;
      var value = button.value || "";
      var cell = /^(cycle|clear):(-?\d+):(-?\d+)$/.exec(value);
      if (cell) {
        event.preventDefault();
        tap(cell[1], parseInt(cell[2], 10), parseInt(cell[3], 10), button);
      } else if (value === "flip") {
        event.preventDefault();
        var p = player();
        if (p.flipped) delete p.flipped; else p.flipped = true;
        store();
        refresh(null);
      } else if (/^(inc|dec):\w+$/.test(value)) {
        event.preventDefault();
        step(button);
      }
    });
    form.addEventListener("change", function (event) {
      var box = event.target;
      if (box.name === "goals_held" && box.checked) {  // one goal of each colour per player
        form.querySelectorAll("input[name=goals_held]").forEach(function (other) {
          if (other !== box && other.dataset.colour === box.dataset.colour) other.checked = false;
        });
      }
      refresh(null);
    });
    form.addEventListener("input", function (event) {
      if (event.target.dataset && event.target.dataset.counter) {
        clearTimeout(timer);
        timer = setTimeout(function () { refresh(null); }, 300);
      }
    });

    // The counters by keyboard: each field takes the number typed, and ↑ ↓ in it add or take away one, as its − and +
    // do; those two stay for touch and Tab passes them over (one stop per counter, not three).
    form.querySelectorAll("button.step[data-for]").forEach(function (button) { button.tabIndex = -1; });
    form.addEventListener("keydown", function (event) {
      var input = event.target;
      if (!input.dataset || !input.dataset.counter || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key !== "ArrowUp" && event.key !== "ArrowDown") return;
      var button = form.querySelector("button.step[data-for='" + input.id + "'][data-step='" +
        (event.key === "ArrowUp" ? "1" : "-1") + "']");
      if (!button) return;
      event.preventDefault();
      step(button);
    });

    function cellAt(value) {
      return value ? form.querySelector("button.cell-button[value='" + value + "']") : null;
    }
    function where(value) {
      var at = value ? value.split(":").slice(1).join(",") : null;
      var g = at ? form.querySelector("g.cell[data-at='" + at + "']") : null;
      return g ? g.getBoundingClientRect() : null;
    }
    function fill(id, html) {
      var el = document.getElementById(id);
      if (el && typeof html === "string") el.innerHTML = html;
    }

    function apply(parts, tapped) {
      var before = where(tapped);
      var scroller = document.getElementById("pot-scroll");
      var scrollLeft = scroller ? scroller.scrollLeft : 0;
      var focused = document.activeElement && document.activeElement.classList.contains("cell-button") ?
        document.activeElement.value : null;
      fill("pot-area", parts.pot);
      scroller = document.getElementById("pot-scroll");
      if (scroller) scroller.scrollLeft = scrollLeft;
      var after = where(tapped);
      if (before && after) {  // keep the tapped cell under the finger when the view grows
        if (scroller) scroller.scrollLeft += after.left - before.left;
        window.scrollBy(0, after.top - before.top);
      }
      settleGrid(null);
      var again = cellAt(focused);
      if (again) again.focus({ preventScroll: true });
      fill("tile-problems", parts.problems);
      Object.keys(parts.goals || {}).forEach(function (id) { fill("goal-state-" + id, parts.goals[id]); });
      fill("card-issues", parts.cards);
      fill("player-issues", parts.player);
      fill("table-issues", parts.all);
      fill("tree-points", parts.points);
      (parts.tabs || []).forEach(function (html, i) { fill("tab-info-" + i, html); });
      try { doc = JSON.parse(parts.table); store(); } catch (e) { /* keep the page's own */ }
    }

    function refresh(tapped) {
      var ticket = ++sent;
      form.dataset.sent = String(ticket);  // the page's state for a test (or a person's tools) to read
      if (window.MarquoirDraftStepStart) window.MarquoirDraftStepStart();
      fetch(form.dataset.live, { method: "POST", body: new FormData(form), credentials: "same-origin",
        headers: { "Accept": "application/json" } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (parts) {
          if (parts && ticket === sent) { apply(parts, tapped); form.dataset.shown = String(ticket); }
          if (window.MarquoirDraftStep) window.MarquoirDraftStep(parts);  // written, or put together
        })
        .catch(function () {  // pressing any button still sends the game to the server
          if (window.MarquoirDraftStep) window.MarquoirDraftStep(null);
        });
    }

    // The grid by keyboard: one tab stop (a roving tabindex), the arrow keys move along the hex directions: ← →
    // along the row, ↑ ↓ to the cell above or below on the same slant (pressed again: straight up the column, as the
    // rows sit half a cell apart), Shift with ↑ ↓ the other diagonal; a cell without a button (the trunk, the pot)
    // is passed over; Enter and Space change the cell, as a tap does.
    var area = document.getElementById("pot-area");
    var stop = null;  // "x,y" of the cell holding the tab stop
    function cellButtons() {
      var out = {};
      area.querySelectorAll("button.cell-button").forEach(function (button) {
        var g = button.closest("g.cell");
        if (g) out[g.dataset.at] = button;
      });
      return out;
    }
    function settleGrid(at) {
      var buttons = cellButtons(), keys = Object.keys(buttons);
      if (!keys.length) return;
      if (!at || !buttons[at]) at = stop && buttons[stop] ? stop : (buttons["0,1"] ? "0,1" : keys[0]);
      stop = at;
      keys.forEach(function (key) { buttons[key].setAttribute("tabindex", key === at ? "0" : "-1"); });
    }
    function moveFrom(at, key, shift) {
      var xy = at.split(",").map(Number), x = xy[0], y = xy[1], even = y % 2 === 0;
      var dx = 0, dy = 0;
      if (key === "ArrowLeft") dx = -1;
      else if (key === "ArrowRight") dx = 1;
      else if (key === "ArrowUp" || key === "ArrowDown") {
        dy = key === "ArrowUp" ? 1 : -1;
        if (shift) dx = even ? 1 : -1;
      } else return null;
      var buttons = cellButtons();
      for (var k = 0; k < 8; k += 1) {  // a few steps on, over the trunk or the pot
        if (dy) { var parity = y % 2 === 0; x += shift ? (parity ? 1 : -1) : 0; y += dy; } else x += dx;
        if (buttons[x + "," + y]) return x + "," + y;
      }
      return null;
    }
    if (area) {
      area.addEventListener("keydown", function (event) {
        var button = event.target.closest ? event.target.closest("button.cell-button") : null;
        var g = button ? button.closest("g.cell") : null;
        if (!g || event.altKey || event.ctrlKey || event.metaKey) return;
        var buttons = cellButtons(), keys = Object.keys(buttons), next = null;
        if (event.key === "Home") next = keys[0];
        else if (event.key === "End") next = keys[keys.length - 1];
        else next = moveFrom(g.dataset.at, event.key, event.shiftKey);
        if (event.key.indexOf("Arrow") === 0 || event.key === "Home" || event.key === "End") event.preventDefault();
        if (!next) return;
        settleGrid(next);
        buttons[next].focus();
      });
      area.addEventListener("focusin", function (event) {
        var g = event.target.closest ? event.target.closest("g.cell") : null;
        if (g && event.target.classList.contains("cell-button")) settleGrid(g.dataset.at);
      });
      settleGrid(null);
    }

    // Start with the trunk in the middle of the grid's window.
    var scroller = document.getElementById("pot-scroll");
    var trunk = form.querySelector("g.place-trunk");
    if (scroller && trunk && scroller.scrollWidth > scroller.clientWidth) {
      var box = trunk.getBoundingClientRect(), frame = scroller.getBoundingClientRect();
      scroller.scrollLeft += box.left + box.width / 2 - (frame.left + frame.width / 2);
    }
  }

  ready(function () { scorePad(); tileByTile(); });
})();
