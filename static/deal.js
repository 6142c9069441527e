// The deal form, quicker with JavaScript: a live preview through /api/v1/score,
// the points field focused once the oudlers are chosen, and the player who
// sits out hidden from the roles. Without it, the Preview button does the same.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  var form = document.getElementById("deal-form");
  if (!form) return;
  var preview = document.getElementById("preview");
  var summary = document.getElementById("preview-summary");
  var seated = JSON.parse(form.dataset.seated);
  var rules = JSON.parse(form.dataset.rules);
  var dealerOut = form.dataset.dealerOut === "1";
  var timer = null;

  function checked(name) {
    var input = form.querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : "";
  }
  function value(name) {
    var field = form.elements.namedItem(name);
    return field && "value" in field ? field.value : "";
  }
  function sittingOut() {
    if (!dealerOut) return null;
    return value("sitting_out") || value("dealer");
  }
  function points() {
    var text = value("points").trim().replace(",", ".");
    if (!/^[0-9]{1,3}(\.[0-9]{1,3})?$/.test(text)) return null;
    var n = Number(text);
    return checked("points_side") === "defense" ? 91 - n : n;
  }

  function request() {
    var out = sittingOut();
    var players = seated.filter(function (p) { return p !== out; });
    var taker = checked("taker"), contract = checked("contract"), oudlers = checked("oudlers");
    var pts = points();
    if (!taker || !contract || oudlers === "" || pts === null) return null;
    var partner = checked("partner");
    var body = {
      players: players, taker: taker, contract: contract,
      partner: partner && partner !== "-" ? partner : null,
      oudlers: Number(oudlers), points: pts, poignees: [], rules: rules,
      petit_au_bout: checked("petit_au_bout") || null,
      chelem: {
        announced: form.elements.namedItem("chelem_announced").checked,
        outcome: checked("chelem_outcome") || "none"
      }
    };
    seated.forEach(function (name, i) {
      var size = checked("poignee_" + i);
      if (size) body.poignees.push({player: name, size: size});
    });
    var petitPlayer = value("petit_au_bout_player");
    if (body.petit_au_bout && petitPlayer) body.petit_au_bout_player = petitPlayer;
    var miseres = form.querySelectorAll('input[name="miseres"]:checked');
    if (miseres.length) {
      body.miseres = Array.prototype.map.call(miseres, function (m) { return {player: m.value}; });
    }
    return body;
  }

  function cell(tag, text, cls) {
    var el = document.createElement(tag);
    el.textContent = text;
    if (cls) el.className = cls;
    return el;
  }

  function show(answer, ok) {
    preview.textContent = "";
    summary.textContent = "";
    if (!ok) {
      Object.keys(answer.errors || {}).forEach(function (field) {
        answer.errors[field].forEach(function (m) { preview.appendChild(cell("p", m, "error")); });
      });
      return;
    }
    var verdict = (answer.won ? preview.dataset.made : preview.dataset.down)
      .replace("%m", answer.margin).replace("%t", answer.target);
    preview.appendChild(cell("p", verdict, "verdict " + (answer.won ? "won" : "lost")));
    var table = document.createElement("table");
    table.className = "lines";
    answer.lines.forEach(function (line) {
      var tr = document.createElement("tr");
      tr.appendChild(cell("td", line.label));
      tr.appendChild(cell("td", String(line.points), "n"));
      table.appendChild(tr);
    });
    var unit = document.createElement("tr");
    unit.className = "unit";
    unit.appendChild(cell("td", preview.dataset.unit));
    unit.appendChild(cell("td", String(answer.unit), "n"));
    table.appendChild(unit);
    preview.appendChild(table);
    var dl = document.createElement("dl");
    dl.className = "totals";
    Object.keys(answer.scores).forEach(function (name) {
      var div = document.createElement("div");
      div.appendChild(cell("dt", name));
      div.appendChild(cell("dd", String(answer.scores[name]), answer.scores[name] < 0 ? "neg" : ""));
      dl.appendChild(div);
    });
    preview.appendChild(dl);
    var taker = checked("taker");
    summary.textContent = (answer.won ? preview.dataset.shortMade : preview.dataset.shortDown)
      .replace("%m", answer.margin) + " · " + taker + " " +
      (answer.scores[taker] > 0 ? "+" : "") + answer.scores[taker];
  }

  function refresh() {
    var body = request();
    if (!body) { preview.textContent = ""; summary.textContent = ""; return; }
    fetch(form.dataset.api, {
      method: "POST",
      headers: {"Content-Type": "application/json", "Accept-Language": form.dataset.lang},
      body: JSON.stringify(body)
    }).then(function (r) {
      return r.json().then(function (answer) { show(answer, r.ok); });
    }).catch(function () { /* the Save button still works */ });
  }

  function hideSittingOut() {
    var out = sittingOut(), taker = checked("taker");
    form.querySelectorAll("#taker .opt, #partner .opt").forEach(function (opt) {
      opt.classList.toggle("hidden", opt.dataset.value === out);
    });
    // The taker is not his own partner: "alone" says it.
    form.querySelectorAll("#partner .opt").forEach(function (opt) {
      if (opt.dataset.value === taker) opt.classList.add("hidden");
    });
    var name = document.getElementById("dealer-name");
    if (name) name.textContent = value("dealer");
  }

  form.addEventListener("change", function (event) {
    if (event.target.name === "oudlers") {
      var field = form.elements.namedItem("points");
      if (field && !field.value) field.focus();
    }
    if (["dealer", "sitting_out", "taker"].indexOf(event.target.name) >= 0) hideSittingOut();
    clearTimeout(timer);
    timer = setTimeout(refresh, 120);
  });
  form.addEventListener("input", function (event) {
    if (event.target.name !== "points") return;
    clearTimeout(timer);
    timer = setTimeout(refresh, 250);
  });
  hideSittingOut();
  if (!preview.children.length) refresh();
})();
