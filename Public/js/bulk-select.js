// The list's bulk form: counts the selected products as they are ticked, and ticks or clears
// every own product of the page with "Select all on this page". The words come from the
// form's data- attributes, in the page's language; `{n}` stands for the number. Without this
// script the form works the same: the server reads the ticked boxes and "select all".
(function () {
  "use strict";
  var form = document.getElementById("bulk");
  if (!form) return;
  var output = document.querySelector(".bulk .selection-count");
  var selectPage = document.getElementById("select-page");

  function boxes() {
    return Array.prototype.slice.call(document.querySelectorAll("input[type=checkbox][name=ids][form=bulk]"));
  }

  function update() {
    var all = boxes();
    var count = all.filter(function (box) { return box.checked; }).length;
    var number = count.toLocaleString(document.documentElement.lang || undefined);
    var text = count === 0 ? form.dataset.countNone : count === 1 ? form.dataset.countOne : form.dataset.countMany.replace("{n}", number);
    if (output && output.textContent !== "(" + text + ")") output.textContent = "(" + text + ")";
    // "Select all" stays ticked only while every box is, so unticking one product counts.
    if (selectPage) selectPage.checked = count > 0 && count === all.length;
  }

  document.addEventListener("change", function (event) {
    var target = event.target;
    if (target === selectPage) {
      boxes().forEach(function (box) { box.checked = selectPage.checked; });
      update();
    } else if (target instanceof HTMLInputElement && target.name === "ids" && target.getAttribute("form") === "bulk") {
      update();
    }
  });
  // "Load more" appends products with their boxes to the list: count those too.
  var list = document.querySelector("main ul.product-list, main ul.product-grid, main table.product-table > tbody");
  if (list && window.MutationObserver) new MutationObserver(update).observe(list, { childList: true });
  update();
})();
