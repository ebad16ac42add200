/* damas: the tie-break pick list (issue 27 point 5), kept out of the HTML because the
   Content-Security-Policy allows no inline script (damas/security.py).
   <input data-tiebreak-picker="JSON"> (the event and TRF import forms' "tiebreak_order") holds
   the order as comma-separated codes, which is what the form posts and the server validates;
   without JavaScript it stays a text field. Here it becomes an ordered list: a row per chosen
   tie-break (name, code, one-line description, up / down / remove buttons), an "add" select of
   the remaining tie-breaks (the ones FIDE-GR recommends for the form's pairing system first) and
   a select of ready orders (FIDE-GR "Choice of Tiebreak System" for this kind of event, and the
   rule set's default). An empty field means the rule set's default: the list shows it, and the
   first change writes it out. The data (damas/presentation/tiebreak_choices.py) covers every
   rule set and pairing system; the form's own selects say which applies. */
(function () {
  "use strict";

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) { node.setAttribute(key, attrs[key]); });
    if (text !== undefined) { node.textContent = text; }
    return node;
  }

  function parse(text) {
    return (text || "").split(",").map(function (c) { return c.trim().toUpperCase(); })
      .filter(function (c) { return c.length > 0; });
  }

  function setup(input) {
    var data = JSON.parse(input.getAttribute("data-tiebreak-picker"));
    var text = data.text;
    var byCode = {};
    data.tiebreaks.forEach(function (t) { byCode[t.code] = t; });
    var form = input.form;
    var readOnly = input.disabled;
    var chosen = parse(input.value);

    /* A frozen setting is a disabled select plus a hidden copy of the same name: a list. */
    function valueOf(name) {
      var field = form && form.elements[name];
      if (!field) { return ""; }
      if (!field.tagName) {
        for (var k = 0; k < field.length; k++) { if (field[k].value) { return field[k].value; } }
        return "";
      }
      return field.value;
    }
    function ruleset() { return valueOf("ruleset") || "fide"; }
    function kind() { return data.kinds[valueOf("pairing_system")] || "swiss"; }
    function defaults() {
      var orders = data.defaults[ruleset()] || {};
      return (orders[kind()] || []).slice();
    }
    function nameOf(code) { return byCode[code] ? byCode[code].name : code; }

    var box = el("div", {"class": "tb-picker", "data-tiebreak-list": ""});
    var presetRow = el("div", {"class": "tb-row-controls"});
    var presetId = input.id + "-preset";
    var presetSelect = el("select", {id: presetId});
    var presetButton = el("button", {type: "button", "class": "secondary"}, text.apply);
    presetRow.appendChild(el("label", {"for": presetId}, text.preset));
    var presetLine = el("div", {"class": "tb-inline"});
    presetLine.appendChild(presetSelect);
    presetLine.appendChild(presetButton);
    presetRow.appendChild(presetLine);
    var note = el("p", {"class": "hint tb-note"});
    var list = el("ol", {"class": "tb-list", "aria-label": text.list});
    var addRow = el("div", {"class": "tb-row-controls"});
    var addId = input.id + "-add";
    var addSelect = el("select", {id: addId});
    var addButton = el("button", {type: "button", "class": "secondary"}, text.add_button);
    addRow.appendChild(el("label", {"for": addId}, text.add));
    var addLine = el("div", {"class": "tb-inline"});
    addLine.appendChild(addSelect);
    addLine.appendChild(addButton);
    addRow.appendChild(addLine);
    var codes = el("p", {"class": "hint tb-codes"});
    var status = el("p", {"class": "visually-hidden", "aria-live": "polite"});
    if (!readOnly) { box.appendChild(presetRow); }
    box.appendChild(note);
    box.appendChild(list);
    if (!readOnly) { box.appendChild(addRow); }
    box.appendChild(codes);
    box.appendChild(status);

    function shown() { return chosen.length ? chosen : defaults(); }

    function write() {
      input.value = chosen.join(", ");
      input.dispatchEvent(new Event("change", {bubbles: true}));
    }

    function edit() {  /* the first change of the rule set's default writes it out */
      if (!chosen.length) { chosen = defaults(); }
    }

    function fillPresets() {
      presetSelect.textContent = "";
      presetSelect.appendChild(el("option", {value: ""}, text.preset_none));
      presetSelect.appendChild(el("option", {value: "default"}, text.default + ": " +
        (defaults().map(nameOf).join(", ") || "—")));
      data.presets.forEach(function (p) {
        if (p.kinds.indexOf(kind()) < 0) { return; }
        presetSelect.appendChild(el("option", {value: p.key, title: p.article}, p.name + " (" + p.article + ")"));
      });
    }

    function fillAdd() {
      addSelect.textContent = "";
      addSelect.appendChild(el("option", {value: ""}, text.add_none));
      var current = shown();
      var recommended = data.recommended[kind()] || [];
      var groups = [el("optgroup", {label: text.recommended}), el("optgroup", {label: text.others})];
      data.tiebreaks.forEach(function (t) {
        if (current.indexOf(t.code) >= 0) { return; }
        var group = recommended.indexOf(t.code) >= 0 || defaults().indexOf(t.code) >= 0 ? groups[0] : groups[1];
        group.appendChild(el("option", {value: t.code, title: t.desc}, t.name + " (" + t.code + ")"));
      });
      groups.forEach(function (g) { if (g.children.length) { addSelect.appendChild(g); } });
      addButton.disabled = addSelect.options.length < 2;
    }

    function actionButton(label, name, action, index, symbol, disabled) {
      var button = el("button", {type: "button", "class": "tb-btn", "aria-label": label + ": " + name,
                                 title: label, "data-action": action, "data-index": String(index)}, symbol);
      button.disabled = disabled;
      return button;
    }

    function render() {
      var current = shown();
      list.textContent = "";
      current.forEach(function (code, i) {
        var t = byCode[code];
        var item = el("li", {"data-code": code});
        var label = el("div", {"class": "tb-text"});
        label.appendChild(el("strong", {}, nameOf(code)));
        label.appendChild(document.createTextNode(" "));
        label.appendChild(el("span", {"class": "tb-code"}, code));
        if (t && t.desc) { label.appendChild(el("small", {"class": "hint"}, t.desc)); }
        item.appendChild(label);
        if (!readOnly) {
          var actions = el("div", {"class": "tb-actions"});
          actions.appendChild(actionButton(text.up, nameOf(code), "up", i, "↑", i === 0));
          actions.appendChild(actionButton(text.down, nameOf(code), "down", i, "↓", i === current.length - 1));
          actions.appendChild(actionButton(text.remove, nameOf(code), "remove", i, "✕", false));
          item.appendChild(actions);
        }
        list.appendChild(item);
      });
      note.textContent = chosen.length ? "" : (!current.length ? text.empty : (readOnly ? text.default + "." : text.default_note));
      note.hidden = chosen.length > 0;
      codes.textContent = text.codes + ": " + (chosen.length ? chosen.join(", ") : "— (" + text.default + ")");
      if (!readOnly) { fillPresets(); fillAdd(); }
    }

    function focusAction(action, index) {
      var button = list.querySelector("button[data-action='" + action + "'][data-index='" + index + "']");
      if (button && button.disabled) {
        button = list.querySelector("button[data-index='" + index + "']:not([disabled])");
      }
      (button || addSelect).focus();
    }

    list.addEventListener("click", function (event) {
      var button = event.target.closest ? event.target.closest("button[data-action]") : null;
      if (!button) { return; }
      edit();
      var i = parseInt(button.getAttribute("data-index"), 10);
      var action = button.getAttribute("data-action");
      var code = chosen[i];
      var to = i;
      if (action === "up" && i > 0) { to = i - 1; }
      if (action === "down" && i < chosen.length - 1) { to = i + 1; }
      if (action === "remove") {
        chosen.splice(i, 1);
        status.textContent = text.removed + ": " + nameOf(code);
      } else {
        chosen.splice(i, 1);
        chosen.splice(to, 0, code);
        status.textContent = nameOf(code) + ": " + (to + 1) + "º";
      }
      write();
      render();
      focusAction(action === "remove" ? "remove" : action, action === "remove" ? Math.min(i, chosen.length - 1) : to);
    });

    addButton.addEventListener("click", function () {
      var code = addSelect.value;
      if (!code) { addSelect.focus(); return; }
      edit();
      chosen.push(code);
      status.textContent = text.added + ": " + nameOf(code);
      write();
      render();
      addSelect.focus();
    });

    presetButton.addEventListener("click", function () {
      var key = presetSelect.value;
      if (!key) { presetSelect.focus(); return; }
      if (key === "default") {
        chosen = [];
      } else {
        data.presets.forEach(function (p) { if (p.key === key) { chosen = p.codes.slice(); } });
      }
      write();
      render();
      status.textContent = text.applied;
      presetSelect.focus();
    });

    if (form) {
      form.addEventListener("change", function (event) {
        var name = event.target && event.target.name;
        if (name === "ruleset" || name === "pairing_system") { render(); }
      });
    }

    var field = input.closest(".field") || input.parentNode;
    input.hidden = true;
    var hint = field.querySelector(".hint");
    if (hint) { hint.hidden = true; }
    var label = field.querySelector("label[for='" + input.id + "']");
    if (label) { label.setAttribute("id", input.id + "-label"); list.setAttribute("aria-labelledby", input.id + "-label"); }
    input.parentNode.insertBefore(box, input.nextSibling);
    render();
  }

  var inputs = document.querySelectorAll("input[data-tiebreak-picker]");
  for (var i = 0; i < inputs.length; i++) { setup(inputs[i]); }
}());
