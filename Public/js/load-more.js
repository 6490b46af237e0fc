// "Load more" under the product list, grid or table: appends the next page in place, as the mobile
// apps' infinite scroll did, and puts that page's address in the URL (history.replaceState)
// so reload and Back land on it. The server renders the new products from the same template
// as the page (`?fragment=1`). Without JavaScript the button stays hidden and the pagination
// links do the same job a page at a time; on any failure the button navigates there instead.
(function () {
  "use strict";
  var button = document.querySelector("button.load-more");
  var list = document.querySelector("main ul.product-list, main ul.product-grid, main table.product-table > tbody");
  if (!button || !list || !window.fetch || !window.DOMParser || !window.history) return;
  button.hidden = false;

  button.addEventListener("click", function () {
    var next = button.getAttribute("data-next");
    if (!next || button.disabled) return;
    button.disabled = true;
    button.setAttribute("aria-busy", "true");
    var label = button.textContent;
    button.textContent = button.getAttribute("data-loading") || "Loading…";
    var url = next + (next.indexOf("?") >= 0 ? "&" : "?") + "fragment=1";
    fetch(url, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.text();
      })
      .then(function (html) {
        var fragment = new DOMParser().parseFromString(html, "text/html");
        var items = fragment.querySelectorAll("ul.product-list > li, ul.product-grid > li, table.product-table > tbody > tr");
        var firstNew = null;
        items.forEach(function (item) {
          var added = document.importNode(item, true);
          list.appendChild(added);
          if (!firstNew) firstNew = added;
        });
        replace("nav.pagination", fragment);
        // "Showing 21–40 of 113" becomes "Showing 1–40 of 113" ("113개 중 1~40번째"): all
        // shown products count. The range is the one "N–M" (English) or "N~M" (Korean) in the
        // summary; the new page's `data-range` writes even one product as a range ("41–41").
        var summary = document.querySelector("main p.summary");
        var newSummary = fragment.querySelector("p.summary");
        if (summary && newSummary) {
          var first = summary.textContent.match(/([\d,]+)[–~]/);
          var fresh = newSummary.getAttribute("data-range") || newSummary.textContent;
          summary.textContent = first ? fresh.replace(/[\d,]+([–~])/, first[1] + "$1") : newSummary.textContent;
        }
        history.replaceState(null, "", next);
        var nextButton = fragment.querySelector("button.load-more");
        if (nextButton) {
          button.setAttribute("data-next", nextButton.getAttribute("data-next"));
          button.disabled = false;
          button.removeAttribute("aria-busy");
          button.textContent = label;
        } else {
          button.remove();
        }
        // Keyboard users continue from the first new product.
        var link = firstNew && firstNew.querySelector("a");
        if (link) link.focus({ preventScroll: true });
      })
      .catch(function () {
        window.location.href = next;
      });
  });

  function replace(selector, fragment) {
    var current = document.querySelector(selector);
    var fresh = fragment.querySelector(selector);
    if (current && fresh) current.replaceWith(document.importNode(fresh, true));
    else if (current) current.remove();
  }
})();
