import Foundation
import HTTPServer
import LocalMarket
import Testing

@testable import Dashboard
import DashboardEngine

/// One page the standards checks open, in every language.
struct StandardsPage: Sendable {
    /// How a person gets to the page.
    enum Visit: Sendable {
        /// A GET of this path.
        case open(String)
        /// The page at this path, whose POST form is sent with nothing filled in (only its
        /// hidden tokens): the form again, with its errors.
        case submitEmpty(form: String)
        /// The page `from`, then a POST to the path with only its CSRF token (a refusal's page).
        case post(String, from: String)
        /// The page at this path, whose POST form is sent with `values` typed over its own
        /// (the form again, with the errors of those values).
        case submit(form: String, values: [String: String])
    }

    var name: String
    var visit: Visit
    /// The status the page answers with (the HTML checker's run checks it).
    var status: Int
    /// axe rules this page breaks by design, each with its reason where the page is listed.
    var axeExceptions: Set<String> = []

    init(_ name: String, _ visit: Visit, status: Int = 200, axeExceptions: Set<String> = []) {
        self.name = name
        self.visit = visit
        self.status = status
        self.axeExceptions = axeExceptions
    }

    static let languages = ["en", "ko"]

    /// Every page the standards checks cover, over a fresh dashboard of a `StandardsScene`:
    /// every page of the route table (`PageRoutes`), so a new page joins by itself, and the
    /// states and answers listed here (a query, a form sent back with its errors, a refusal).
    static func all(on scene: ScheduleScene) async throws -> [StandardsPage] {
        let dashboard = scene.harness
        let own = try await seedProduct(dashboard, named: "맥북 프로 14")
        let others = try await seedProduct(dashboard, named: "Noise Cancelling Headphones")
        // The overview with its figures and charts, not its progress bar.
        _ = try await dashboard.get("/overview")
        await dashboard.app.catalog.countEnded()
        let batches = try await StandardsBatches.make(on: scene, own: own) { scene in
            try await seedHistory(on: &scene, own: own)
        }
        // The bin's item not restored: its product's page, and the question before removing it.
        let binned = try #require(try await dashboard.app.recycleBin.page(offset: 0, limit: 10).items.first { $0.restoredID == nil })
        // The newest own products: on the sheet's first page.
        let mine = try await dashboard.marketCatalogIDs(vendor: LocalMarket.defaultVendor.id)
        try #require(mine.count >= 2)
        let listed = [
            StandardsPage("list", .open("/products")),
            StandardsPage("grid", .open("/products?view=grid")),
            StandardsPage("search", .open("/products?q=" + URLEncodedForm.encode("맥북"))),
            StandardsPage("search-nothing", .open("/products?q=nothing-is-called-this")),
            StandardsPage("detail-own", .open("/products/\(own)")),
            StandardsPage("detail-others", .open("/products/\(others)")),
            StandardsPage("form", .open("/products/new")),
            StandardsPage("form-errors", .submitEmpty(form: "/products/new"), status: 422),
            StandardsPage("edit", .open("/products/\(own)/edit")),
            StandardsPage("delete", .open("/products/\(own)/delete")),
            StandardsPage("overview", .open("/overview")),
            StandardsPage("mine", .open("/products?mine=1")),
            StandardsPage("sorted-filtered", .open("/products?view=grid&sort=-price&stock=in&sale=1&currency=KRW&min_price=1000")),
            StandardsPage("filter-not-understood", .open("/products?sort=DROP&stock=42&min_price=abc")),
            StandardsPage("unknown-product", .open("/products/99999999"), status: 404),
            StandardsPage("unknown-path", .open("/no/such/page"), status: 404),
            StandardsPage("others-edit", .open("/products/\(others)/edit"), status: 403),
            StandardsPage("history", .open("/history")),
            StandardsPage("history-product", .open("/history?product=\(own)")),
            StandardsPage("trash", .open("/trash")),
            StandardsPage("trash-forget-question", .post("/trash/\(binned.entry)/forget", from: "/trash")),
            StandardsPage("deleted-product", .open("/products/\(binned.productID)"), status: 404),
            StandardsPage("undo-refused", .post("/history/99999999/undo", from: "/history"), status: 404),
            StandardsPage("batch-preview", .open("/batches/\(batches.preview)")),
            // Reloads itself while it applies, as asked, with a link that stops it (WCAG 2.2.1).
            StandardsPage("batch-running", .open("/batches/\(batches.running)"), axeExceptions: ["meta-refresh"]),
            StandardsPage("batch-running-still", .open("/batches/\(batches.running)?refresh=off")),
            StandardsPage("batch-finished-failures", .open("/batches/\(batches.finished)")),
            StandardsPage("batch-scheduled", .open("/batches/\(batches.scheduled)")),
            StandardsPage("batch-window-open", .open("/batches/\(batches.windowOpen)")),
            // The schedule form sent without a start: what to fix, 422.
            StandardsPage("schedule-refused", .post("/batches/\(batches.preview)/schedule", from: "/batches/\(batches.preview)"), status: 422),
            StandardsPage("batches", .open("/batches")),
            StandardsPage("import", .open("/products/import")),
            StandardsPage("import-errors", .submitEmpty(form: "/products/import"), status: 422),
            StandardsPage("past-prices-errors", .submitEmpty(form: "/products/prices/import"), status: 422),
            StandardsPage("table", .open("/products?view=table")),
            // The list's bulk form sent with a value that is no number and nothing chosen: the
            // list again, the form open with what to fix.
            StandardsPage("bulk-errors", .submit(form: "/products", values: ["value": "abc"]), status: 422),
            StandardsPage("sheet", .open("/products/sheet")),
            StandardsPage("sheet-errors", .submit(form: "/products/sheet", values: ["price.\(mine[0])": "0", "stock.\(mine[1])": "-1"]), status: 422),
        ]
        let opened = Set(listed.compactMap { page -> String? in if case .open(let path) = page.visit { path } else { nil } })
        let routes = try await PageRoutes.pages(dashboard, seeds: PageRoutes.Seeds(own: own, batch: batches.preview))
        return listed + routes.filter { !opened.contains($0.path) }.map { page in
            // Named by its path: "/products/bulk" is "products-bulk".
            StandardsPage(page.path.split(separator: "/").joined(separator: "-"), .open(page.path), status: page.status)
        }
    }

    /// `path` asking for `language` (`?lang=`, which wins over the cookie and the browser's).
    static func path(_ path: String, language: String) -> String {
        path + (path.contains("?") ? "&" : "?") + "lang=" + language
    }

    /// The page in `language` as the dashboard sends it, over HTTP.
    func fetch(from dashboard: DashboardHarness, language: String) async throws -> TestResponse {
        switch visit {
        case .open(let path):
            return try await dashboard.get(Self.path(path, language: language))
        case .submitEmpty(let formPath):
            var session = FormSession(port: dashboard.port)
            let page = try await session.open(Self.path(formPath, language: language))
            let form = try #require(HTMLScan.tags("form", in: page.text).first { $0["method"] == "post" }, "\(name): no POST form")
            let action = Self.path(try #require(form["action"]), language: language)
            return form["enctype"] == "multipart/form-data"
                ? try await session.post(action, []) : try await session.postURLEncoded(action, [])
        case .post(let path, let from):
            // With the token and the fields that name what the page showed (a batch page's
            // number and revision), as the page's own forms send them.
            var session = FormSession(port: dashboard.port)
            let page = try await session.open(Self.path(from, language: language))
            return try await session.postURLEncoded(Self.path(path, language: language), BatchTesting.drawn(page.text))
        case .submit(let formPath, let values):
            var session = FormSession(port: dashboard.port)
            let page = try await session.open(Self.path(formPath, language: language))
            let form = HTMLScan.block(in: page.text, from: "<form id=", to: "</form>")
            let action = Self.path(try #require(HTMLScan.tags("form", in: form).first?["action"], "\(name): no form"), language: language)
            let fields = HTMLScan.tags("input", in: form).compactMap { input -> (String, String)? in
                guard let name = input["name"], name != "csrf_token", name != "form_token" else { return nil }
                return (name, values[name] ?? input["value"] ?? "")
            }
            return try await session.postURLEncoded(action, fields)
        }
    }

    /// Opens the page in `language` in the browser; a form sent empty is sent the way a
    /// browser sends it with nothing filled in (its own checks off, so the server's answer).
    func open(in browser: BrowserHarness, language: String) async throws {
        switch visit {
        case .open(let path):
            try await browser.open(Self.path(path, language: language))
        case .submitEmpty(let formPath):
            try await browser.open(Self.path(formPath, language: language))
            let driver = browser.driver
            // Only the hidden tokens go: every other control is disabled, as the HTTP check sends it.
            let action = try await driver.execute("""
                var form = document.querySelector('form[method=post]');
                if (!form) return null;
                form.noValidate = true;
                Array.from(form.elements).forEach(function (e) { if (e.type !== 'hidden') e.disabled = true; });
                return new URL(form.getAttribute('action'), location.href).pathname;
                """) as? String
            let actionPath = try #require(action, "\(name): no POST form")
            // The import form posts to its own address: only a new document is the answer.
            try await driver.navigating("\(name): the answer to the empty form", to: { $0 == actionPath || $0.hasPrefix(actionPath + "?") }) {
                _ = try await driver.execute("document.querySelector('form[method=post]').submit()")
            }
        case .submit(let formPath, let values):
            try await browser.open(Self.path(formPath, language: language))
            let driver = browser.driver
            let action = try await driver.execute("""
                var form = document.querySelector('form[method=post]');
                if (!form) return null;
                var values = arguments[0];
                Object.keys(values).forEach(function (name) { form.elements.namedItem(name).value = values[name]; });
                return new URL(form.getAttribute('action'), location.href).pathname;
                """, [values]) as? String
            let actionPath = try #require(action, "\(name): no POST form")
            try await driver.navigating("\(name): the answer to the form", to: { $0 == actionPath || $0.hasPrefix(actionPath + "?") }) {
                _ = try await driver.execute("document.querySelector('form[method=post]').submit()")
            }
        case .post(let path, let from):
            try await browser.open(Self.path(from, language: language))
            let target = path.split(separator: "?").first.map(String.init) ?? path
            try await browser.driver.navigating("\(name): the answer to the POST", to: { $0 == target || $0.hasPrefix(target + "?") }) {
                _ = try await browser.driver.execute("""
                    var form = document.createElement('form');
                    form.method = 'post';
                    form.action = arguments[0];
                    var token = document.createElement('input');
                    token.type = 'hidden';
                    token.name = 'csrf_token';
                    token.value = document.querySelector('input[name=csrf_token]').value;
                    form.appendChild(token);
                    var seen = {};
                    document.querySelectorAll('input[type=hidden][name^=batch_]').forEach(function (field) {
                        if (seen[field.name]) return;
                        seen[field.name] = true;
                        form.appendChild(field.cloneNode());
                    });
                    document.body.appendChild(form);
                    form.submit();
                    """, [Self.path(path, language: language)])
            }
        }
    }
}
