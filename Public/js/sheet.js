// The sheet (`/products/sheet`) as a spreadsheet: arrow keys, Enter and Tab move between cells;
// text pasted from a spreadsheet (lines, and tabs within a line) fills the cells below and to
// the right of the one pasted into; a changed cell is marked and a live line counts them; and
// leaving the page with changed cells asks first. The words come from the page's data-
// attributes, in its language; `{n}` stands for the number. Without this script every part of
// the sheet works the same: the server compares each cell with what the sheet showed.
(function () {
  "use strict";
  var form = document.getElementById("sheet");
  if (!form) return;
  var table = form.querySelector("table.sheet-table");
  var output = form.querySelector(".sheet-count");
  if (!table) return;
  var submitting = false;

  // The grid of cells: rows of inputs, in the table's order.
  function grid() {
    return Array.prototype.map.call(table.tBodies[0].rows, function (row) {
      return Array.prototype.slice.call(row.querySelectorAll("input[type=text]"));
    });
  }

  function position(input) {
    var cells = grid();
    for (var r = 0; r < cells.length; r++) {
      var c = cells[r].indexOf(input);
      if (c >= 0) return { cells: cells, row: r, column: c };
    }
    return null;
  }

  function move(input, rows, columns) {
    var at = position(input);
    if (!at) return false;
    var row = at.cells[at.row + rows];
    var target = row && row[at.column + columns];
    if (!target) return false;
    target.focus();
    target.select();
    return true;
  }

  // A cell of a row left out (its inputs off) is not sent, so it changes nothing.
  function changed(input) {
    return !input.disabled && input.value !== input.getAttribute("data-shown");
  }

  function mark(input) {
    input.classList.toggle("is-changed", changed(input));
  }

  function count() {
    var inputs = form.querySelectorAll("table.sheet-table input[type=text]");
    var n = 0;
    inputs.forEach(function (input) { if (changed(input)) n++; });
    return n;
  }

  function update() {
    if (!output) return;
    var n = count();
    var number = n.toLocaleString(document.documentElement.lang || undefined);
    var text = n === 0 ? output.dataset.countNone : n === 1 ? output.dataset.countOne : output.dataset.countMany.replace("{n}", number);
    if (output.textContent !== text) output.textContent = text;
  }

  table.addEventListener("input", function (event) {
    if (event.target instanceof HTMLInputElement) {
      mark(event.target);
      update();
    }
  });

  table.addEventListener("keydown", function (event) {
    var input = event.target;
    if (!(input instanceof HTMLInputElement) || event.altKey || event.ctrlKey || event.metaKey) return;
    // A cell the keys moved into has its whole value selected, as a spreadsheet's cell is:
    // ← and → move on from it; once the caret is placed in the text, they move within it.
    var whole = input.selectionStart === 0 && input.selectionEnd === input.value.length;
    var atStart = whole || input.selectionStart === 0 && input.selectionEnd === 0;
    var atEnd = whole || input.selectionStart === input.value.length && input.selectionEnd === input.value.length;
    var moved = false;
    switch (event.key) {
      case "ArrowUp": moved = move(input, -1, 0); break;
      case "ArrowDown": moved = move(input, 1, 0); break;
      case "ArrowLeft": moved = atStart && move(input, 0, -1); break;
      case "ArrowRight": moved = atEnd && move(input, 0, 1); break;
      // Enter moves down as in a spreadsheet (Shift+Enter up); it never sends the sheet.
      case "Enter":
        move(input, event.shiftKey ? -1 : 1, 0);
        moved = true;
        break;
      default: return;
    }
    if (moved) event.preventDefault();
  });

  // Lines copied from a spreadsheet: one row a line, cells split by tabs, from this cell down
  // and to the right; what does not fit the sheet is left out. A single value is pasted as
  // the browser pastes it.
  table.addEventListener("paste", function (event) {
    var input = event.target;
    if (!(input instanceof HTMLInputElement) || !event.clipboardData) return;
    var text = event.clipboardData.getData("text/plain");
    if (!text || (text.indexOf("\n") < 0 && text.indexOf("\t") < 0)) return;
    var at = position(input);
    if (!at) return;
    event.preventDefault();
    var lines = text.replace(/\r\n?/g, "\n").replace(/\n$/, "").split("\n");
    lines.forEach(function (line, r) {
      var row = at.cells[at.row + r];
      if (!row) return;
      line.split("\t").forEach(function (value, c) {
        var cell = row[at.column + c];
        if (!cell) return;
        cell.value = value.trim();
        mark(cell);
      });
    });
    update();
  });

  form.addEventListener("submit", function () { submitting = true; });
  window.addEventListener("beforeunload", function (event) {
    if (submitting || count() === 0) return;
    event.preventDefault();
    // Browsers show their own words; the page's are for those that show the returned text.
    event.returnValue = form.dataset.leaveWarning || "";
    return event.returnValue;
  });

  // A sheet that came back with problems keeps what was typed: mark it.
  form.querySelectorAll("table.sheet-table input[type=text]").forEach(mark);
  update();
})();
