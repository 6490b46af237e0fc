import Foundation
import Testing

@testable import Dashboard
@testable import HTTPServer

/// The pages of the route table, as the checks every page must pass open them
/// (`KoreanPagesTests`, `StandardsPage.all`): every GET route the dashboard registers that
/// answers HTML, so a new page is scanned without joining a list. A route without parameters
/// is opened at its own path; a route with parameters at the sample `samples` gives it, made
/// from what the test seeded. A GET route with parameters and no row in `samples` fails the
/// test that asks, saying what to add.
enum PageRoutes {
    /// What a test seeded that a route's parameters can name.
    struct Seeds: Sendable {
        /// A product of the dashboard's own vendor.
        var own: Int
        /// A batch to open, when the test made one (nil: its route is not opened here).
        var batch: Int?
    }

    /// A path for each GET route with parameters, from the seeds; nil for a route that answers
    /// no page (a file, an image) or whose seed the test did not make.
    static let samples: [String: @Sendable (Seeds) -> String?] = [
        "/static/{path...}": { _ in nil },  // a file of Public/
        "/images/{key}": { _ in nil },  // an image
        "/products/new/images/{token}/{number}": { _ in nil },  // an image kept for the form
        "/products/{id}": { "/products/\($0.own)" },
        "/products/{id}/edit": { "/products/\($0.own)/edit" },
        "/products/{id}/delete": { "/products/\($0.own)/delete" },
        "/products/{id}/prices": { "/products/\($0.own)/prices" },
        "/products/{id}/prices.csv": { _ in nil },  // a CSV
        "/batches/{id}": { $0.batch.map { "/batches/\($0)" } },
    ]

    /// A page of the route table: the path opened and what it answered.
    struct Page: Sendable {
        var pattern: String
        var path: String
        var status: Int
    }

    /// The GET routes `dash` registers, by pattern.
    static func getRoutes(_ dash: DashboardHarness) -> [String] {
        dash.app.server.core.router.routes.filter { $0.method == .get }.map(\.pattern)
    }

    /// Every GET route of `dash` that answers an HTML page (not a redirect), opened once each
    /// to learn its status; a caller opens it again in the language it checks. A route with parameters and no row in
    /// `samples` is recorded as an issue naming the row to add.
    static func pages(
        _ dash: DashboardHarness, seeds: Seeds, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> [Page] {
        var pages: [Page] = []
        for pattern in getRoutes(dash) {
            let path: String
            if pattern.contains("{") {
                guard let sample = samples[pattern] else {
                    let fix = "add a row for \"\(pattern)\" to `PageRoutes.samples` (Tests/DashboardTests/Support/PageRoutes.swift): "
                        + "a path made from the seeds, or nil when it answers no page"
                    Issue.record("GET \(pattern) has no sample path: \(fix)", sourceLocation: sourceLocation)
                    continue
                }
                guard let made = sample(seeds) else { continue }
                path = made
            } else {
                path = pattern
            }
            let response = try await dash.get(path)
            // A redirect (`/`) leads to a page of its own; a file, JSON or CSV is no page.
            guard !(300..<400).contains(response.status), response.header("Content-Type")?.hasPrefix("text/html") == true else { continue }
            pages.append(Page(pattern: pattern, path: path, status: response.status))
        }
        return pages
    }
}
