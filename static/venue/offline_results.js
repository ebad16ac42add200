/* damas: the arbiter's results page keeps working without a connection. Loaded by
   templates/rounds/round.html for the event's arbiters only, after static/venue/vendor/
   idb-keyval-6.3.0.umd.js (idb-keyval from npm, Apache-2.0: the IndexedDB store, global idbKeyval).
   - Registers the service worker of the event's rounds (static/venue/results_sw.js) and asks it
     to keep a copy of this page and of its files: a reload without a connection shows the page.
   - Offline, each result chosen on a board is kept at once in IndexedDB (database
     "damas-resultados", store "fila"; key "<event>:<game>") with the board's version as this
     page showed it, and the board is marked "não enviado"; "Gravar resultados" keeps them all.
     A reload re-reads the queue and marks the boards again: nothing typed is lost.
   - When the connection returns (the online event, and a retry timer while entries wait) each
     entry is posted as JSON {game, result, version} to the queue's endpoint
     (damas/web/venue/offline_results.py), the page's CSRF token in X-CSRFToken. Its answer:
     ok: the entry leaves the queue and the board shows the saved result; conflict (another
     arbiter changed the board meanwhile): nothing was overwritten, both values are shown and
     the arbiter keeps his (sent again against the board's new version) or takes the server's;
     refused: the reason is shown on the board until the arbiter discards the entry.
   - Online, with nothing queued, the form posts as it always did. */
(function () {
  "use strict";
  var form = document.querySelector("form[data-offline-queue]");
  if (!form || !window.idbKeyval || !window.indexedDB) { return; }
  var kv = window.idbKeyval;
  var store = kv.createStore("damas-resultados", "fila");
  var endpoint = form.getAttribute("data-offline-queue");
  var eventId = form.getAttribute("data-offline-event");
  var roundNumber = parseInt(form.getAttribute("data-offline-round"), 10);
  var texts = {};
  try { texts = JSON.parse(form.getAttribute("data-offline-texts")) || {}; } catch (e) { texts = {}; }
  var statusBox = document.querySelector("[data-offline-status]");
  var othersBox = document.querySelector("[data-offline-others]");
  var queue = {};  // key: entry, this event's entries as IndexedDB holds them
  var sending = false;
  var timer = null;
  var failures = 0;
  var RETRY_MS = 15000;  // the longest wait between two tries
  var fromCopy = form.hasAttribute("data-offline-copy");

  function t(name, values) {
    var text = texts[name] || name;
    Object.keys(values || {}).forEach(function (k) { text = text.split("{" + k + "}").join(values[k]); });
    return text;
  }

  function keyOf(gameId) { return eventId + ":" + gameId; }
  function selectOf(gameId) { return form.querySelector("select[name='result-" + gameId + "']"); }
  function versionOf(gameId) { return form.querySelector("input[name='version-" + gameId + "']"); }
  function gameOf(select) { return select.name.replace("result-", ""); }
  function labelOf(select, value) {
    for (var i = 0; i < select.options.length; i++) {
      if (select.options[i].value === value) { return select.options[i].text; }
    }
    return value || "—";
  }
  function defaultValue(select) {
    for (var i = 0; i < select.options.length; i++) {
      if (select.options[i].defaultSelected) { return select.options[i].value; }
    }
    return select.options.length ? select.options[0].value : "";
  }
  function setServerValue(select, value, version) {
    for (var i = 0; i < select.options.length; i++) {
      select.options[i].defaultSelected = select.options[i].value === value;
    }
    select.value = value;
    var v = versionOf(gameOf(select));
    if (v && version) { v.value = String(version); v.defaultValue = String(version); }
  }
  function pending() {
    return Object.keys(queue).filter(function (k) { return queue[k].state === "pending"; });
  }
  function offline() { return navigator.onLine === false; }

  function say(text, kind) {
    if (!statusBox) { return; }
    statusBox.textContent = text;
    statusBox.className = "flash flash-" + (kind || "info") + " offline-status";
    statusBox.hidden = !text;
  }

  function summary() {
    var waiting = pending().length;
    var conflicts = Object.keys(queue).filter(function (k) { return queue[k].state === "conflict"; }).length;
    var refused = Object.keys(queue).filter(function (k) { return queue[k].state === "refused"; }).length;
    if (conflicts || refused) {
      say(t("attention", { conflicts: conflicts, refused: refused, waiting: waiting }), "error");
    } else if (waiting) {
      say(t(offline() ? "waiting_offline" : "waiting", { n: waiting }), "warning");
    } else if (offline()) {
      say(t(fromCopy ? "offline_copy" : "offline"), "warning");
    } else {
      say("", "info");
    }
  }

  function button(label, onClick) {
    var b = document.createElement("button");
    b.type = "button";
    b.className = "small";
    b.textContent = label;
    b.addEventListener("click", onClick);
    return b;
  }

  /* The board's mark: "não enviado", the conflict with its two choices, or the refusal. */
  function mark(entry) {
    var select = selectOf(entry.game);
    var old = select ? select.closest("td").querySelector(".offline-mark") : null;
    if (old) { old.remove(); }
    var row = select ? select.closest("tr") : null;
    if (row) { row.classList.remove("offline-pending", "offline-conflict", "offline-refused"); }
    if (!entry || !entry.state) { return; }
    var box = document.createElement("div");
    box.className = "offline-mark offline-" + entry.state;
    box.setAttribute("data-offline-mark", entry.state);
    if (entry.state === "pending") {
      box.textContent = t("not_sent", { result: entry.label || entry.result });
    } else if (entry.state === "conflict") {
      var text = document.createElement("p");
      text.textContent = t("conflict", { mine: entry.label || entry.result, theirs: entry.server_label || "—" });
      box.appendChild(text);
      box.appendChild(button(t("keep_mine", { result: entry.label || entry.result }), function () { keepMine(entry); }));
      box.appendChild(document.createTextNode(" "));
      box.appendChild(button(t("take_theirs", { result: entry.server_label || "—" }), function () { takeTheirs(entry); }));
    } else if (entry.state === "refused") {
      var why = document.createElement("p");
      why.textContent = t("refused", { result: entry.label || entry.result, reason: entry.message || "" });
      box.appendChild(why);
      box.appendChild(button(t("discard"), function () { discard(entry); }));
    }
    if (select) {
      select.closest("td").appendChild(box);
      row.classList.add("offline-" + entry.state);
      if (entry.state !== "refused" && select.value !== entry.result) { select.value = entry.result; }
    } else if (othersBox) {  // a board of another round, or a board this page does not list
      box.insertBefore(document.createTextNode(t("elsewhere", { round: entry.round, board: entry.board || "?" }) + " "),
                       box.firstChild);
      othersBox.appendChild(box);
      othersBox.hidden = false;
    }
  }

  function showAll() {
    if (othersBox) { othersBox.textContent = ""; othersBox.hidden = true; }
    Object.keys(queue).forEach(function (k) { mark(queue[k]); });
    summary();
  }

  function save(entry) {
    queue[keyOf(entry.game)] = entry;
    return kv.set(keyOf(entry.game), entry, store).then(function () { mark(entry); summary(); });
  }

  function drop(entry) {
    delete queue[keyOf(entry.game)];
    return kv.del(keyOf(entry.game), store).then(function () { mark({ game: entry.game }); summary(); });
  }

  /* The arbiter settled a conflict or a refusal: when nothing is left, the page is the server's. */
  function settled() {
    if (!Object.keys(queue).length) { say(t("settled"), "success"); keepCopy(); }
  }

  /* A result chosen on a board, kept in the queue; a board already queued keeps the version it
     was first typed against (that is what the server must still have). */
  function enqueue(select) {
    var game = gameOf(select);
    var before = queue[keyOf(game)];
    var version = before ? before.version : parseInt((versionOf(game) || {}).value, 10);
    return save({
      event: eventId, round: roundNumber, game: game, board: select.getAttribute("data-board"),
      result: select.value, label: labelOf(select, select.value), version: version,
      state: "pending", typed: new Date().toISOString(),
    });
  }

  function keepMine(entry) {
    entry.version = entry.server_version;  // the arbiter saw the other value and chose his own
    entry.state = "pending";
    save(entry).then(send);
  }

  function takeTheirs(entry) {
    var select = selectOf(entry.game);
    if (select) { setServerValue(select, entry.server_result, entry.server_version); }
    drop(entry).then(settled);
  }

  function discard(entry) {
    var select = selectOf(entry.game);
    if (select && entry.server_result !== undefined && entry.server_result !== null) {
      setServerValue(select, entry.server_result, entry.server_version);
    } else if (select) {
      select.value = defaultValue(select);
    }
    drop(entry).then(settled);
  }

  function token() {
    var input = form.querySelector("input[name=csrf_token]");
    return input ? input.value : "";
  }

  /* A fresh token from the page itself (the kept copy's may belong to an older session). */
  function freshToken() {
    return fetch(window.location.pathname, { credentials: "same-origin", headers: { "X-Damas-Offline-Copy": "1" } })
      .then(function (response) { return response.text(); })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var input = doc.querySelector("form[data-offline-queue] input[name=csrf_token]");
        if (!input) { return false; }
        form.querySelector("input[name=csrf_token]").value = input.value;
        return true;
      });
  }

  function post(entry, retried) {
    return fetch(endpoint, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": token(), "Accept": "application/json" },
      body: JSON.stringify({ game: entry.game, result: entry.result, version: entry.version }),
    }).then(function (response) {
      var json = (response.headers.get("Content-Type") || "").indexOf("application/json") === 0;
      if (response.status === 400 && !json && !retried) {  // the CSRF token: fetch a fresh one, once
        return freshToken().then(function (ok) { return ok ? post(entry, true) : { stop: "session" }; });
      }
      if (response.redirected || !json) { return { stop: response.redirected ? "session" : "server" }; }
      return response.json();
    });
  }

  function settle(entry, answer) {
    var select = selectOf(entry.game);
    if (answer.status === "ok") {
      if (select) { setServerValue(select, answer.result, answer.version); }
      return drop(entry).then(function () {
        if (select) { select.closest("tr").classList.add("offline-sent"); }
      });
    }
    entry.server_result = answer.result;
    entry.server_label = answer.label;
    entry.server_version = answer.version;
    if (answer.board) { entry.board = answer.board; }
    entry.state = answer.status === "conflict" ? "conflict" : "refused";
    entry.message = answer.message || "";
    return save(entry);
  }

  /* Send the waiting entries one by one; stop at the first network failure (try again later). */
  function send() {
    if (sending || offline()) { return Promise.resolve(); }
    var keys = pending();
    if (!keys.length) { stopTimer(); summary(); return Promise.resolve(); }
    sending = true;
    say(t("sending", { n: keys.length }), "info");
    var stop = null;
    var chain = Promise.resolve();
    keys.forEach(function (k) {
      chain = chain.then(function () {
        if (stop || !queue[k] || queue[k].state !== "pending") { return null; }
        return post(queue[k]).then(function (answer) {
          if (answer.stop) { stop = answer.stop; return null; }
          return settle(queue[k], answer);
        });
      });
    });
    return chain.catch(function () { stop = "network"; }).then(function () {
      sending = false;
      if (stop === "session") {
        say(t("session"), "error");
      } else {
        summary();
      }
      if (pending().length) { startTimer(); } else { stopTimer(); keepCopy(); }
      if (!stop && !Object.keys(queue).length) { say(t("all_sent"), "success"); }
    });
  }

  /* The retry timer: soon after a failure (the connection often comes back in steps), then less
     often, at most every RETRY_MS. */
  function startTimer() {
    if (timer) { return; }
    var delay = Math.min(RETRY_MS, 1000 * Math.pow(2, failures));
    failures += 1;
    timer = window.setTimeout(function () { timer = null; send(); }, delay);
  }
  function stopTimer() { if (timer) { window.clearTimeout(timer); timer = null; } failures = 0; }

  form.addEventListener("change", function (event) {
    var select = event.target;
    if (!select.matches || !select.matches("select[name^='result-']")) { return; }
    if (offline() || queue[keyOf(gameOf(select))]) { enqueue(select); }
  });

  form.addEventListener("submit", function (event) {
    if (!offline() && !pending().length) { return; }  // online, nothing waiting: the form as always
    event.preventDefault();
    var changes = [];
    form.querySelectorAll("select[name^='result-']").forEach(function (select) {
      var queued = queue[keyOf(gameOf(select))];
      if (select.value !== defaultValue(select) && (!queued || queued.result !== select.value)) {
        changes.push(enqueue(select));
      }
    });
    Promise.all(changes).then(function () { return offline() ? summary() : send(); });
  });

  window.addEventListener("online", function () { stopTimer(); send(); });
  window.addEventListener("offline", function () { summary(); });

  /* The worker and the kept copy of this page and of its files. */
  var ready = null;
  function keepCopy() {
    if (!ready || offline()) { return; }
    ready.then(function (registration) {
      var worker = registration.active || navigator.serviceWorker.controller;
      if (!worker) { return; }
      var urls = [window.location.pathname];
      document.querySelectorAll("link[rel=stylesheet][href], link[rel=icon][href], link[rel=manifest][href], script[src]")
        .forEach(function (node) { urls.push(node.getAttribute("href") || node.getAttribute("src")); });
      var channel = new MessageChannel();
      channel.port1.onmessage = function (message) {
        if (message.data && message.data.kept) { document.documentElement.setAttribute("data-offline-ready", ""); }
      };
      worker.postMessage({ type: "keep", urls: urls, page: window.location.pathname }, [channel.port2]);
    });
  }
  if ("serviceWorker" in navigator && window.isSecureContext) {
    ready = navigator.serviceWorker.register(form.getAttribute("data-offline-worker"),
                                             { scope: form.getAttribute("data-offline-scope") })
      .then(function () { return navigator.serviceWorker.ready; });
    ready.then(keepCopy, function () { /* no worker (private mode...): the queue still keeps entries */ });
  }

  kv.entries(store).then(function (pairs) {
    pairs.forEach(function (pair) {
      var entry = pair[1];
      if (entry && String(entry.event) === String(eventId)) { queue[pair[0]] = entry; }
    });
    showAll();
    /* A kept copy means the server did not answer the page a moment ago: try again on the timer,
       not at once; a page from the server sends what waits right away. */
    if (pending().length) {
      if (fromCopy) { startTimer(); } else { send(); }
    }
  });
})();
