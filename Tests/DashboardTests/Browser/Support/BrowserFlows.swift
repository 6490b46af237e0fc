import Foundation

@testable import Dashboard
import DashboardEngine

/// The pages a person meets, for the browser suites that visit each one (layout, languages).
enum BrowserPages {
    /// The pages a person meets, with the name their screenshots get.
    static func all(_ dashboard: DashboardHarness) async throws -> [(name: String, path: String)] {
        let own = try await ownProduct(dashboard, named: "맥북 프로 14")
        // The overview with its figures and charts, not its progress bar.
        _ = try await dashboard.get("/overview")
        await dashboard.app.catalog.countEnded()
        return [
            ("overview", "/overview"),
            ("mine", "/products?mine=1"),
            ("list", "/products"),
            ("grid", "/products?view=grid"),
            ("table", "/products?view=table"),
            ("sheet", "/products/sheet"),
            ("detail", "/products/\(own)"),
            ("form", "/products/new"),
            ("edit", "/products/\(own)/edit"),
            ("delete", "/products/\(own)/delete"),
            ("error", "/products/99999999"),
        ]
    }
}

extension WebDriver {
    /// Applies the batch whose preview is open, and waits on its page until every change is
    /// done (the page reloads itself while the batch runs).
    func applyBatch() async throws {
        // The preview's address may carry the list it came from (`?back=`); Apply comes back
        // to the batch's own address.
        let preview = try await currentPath()
        let batch = String(preview.prefix { $0 != "?" })
        try await navigating("the batch applying", to: batch) {
            try await click(try await find("form[action$='/apply'] button"))
        }
        try await wait("the batch to finish") {
            let finished = try? await execute(
                """
                return document.readyState === "complete" && document.querySelectorAll("p[data-progress][data-state=finished][data-pending='0'][data-checking='0']").length === 1
                    && document.querySelectorAll("tr[data-status=pending]").length === 0
                """)
            return finished as? Bool == true
        }
    }
}

extension Array {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var result: [T] = []
        for element in self { result.append(try await transform(element)) }
        return result
    }
}
