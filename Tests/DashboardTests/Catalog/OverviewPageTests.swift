import Foundation
import Templating
import Testing

@testable import Dashboard

/// The overview's view model in the states a page can be in, on literals.
@Suite("Overview page model")
struct OverviewPageTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    static func snapshot(count: Int, reported: Int, partial: Bool) -> CatalogSnapshot {
        CatalogSnapshot(
            products: (1...count).map { CatalogFiguresTests.product($0) }, takenAt: now.addingTimeInterval(-180),
            isPartial: partial, reportedTotal: reported, generation: 1)
    }

    static func text(_ context: TemplateObject, _ key: String) -> String? {
        if case .string(let text)? = context[key] { return text }
        return nil
    }

    @Test func firstCount_showsProgressInWords_andRefreshes() {
        let progress = CatalogProgress(pagesDone: 12, pagesTotal: 34, productsDone: 1200, productsTotal: 3400)
        let context = OverviewPage(status: CatalogStatus(progress: progress), catalog: nil, mine: nil, ownVendorID: 1, now: Self.now).context
        #expect(context["refreshSeconds"] != nil)
        guard case .object(let counting)? = context["counting"] else {
            Issue.record("no progress")
            return
        }
        #expect(Self.text(counting, "text") == "Counting products: 1,200 of 3,400")
        #expect(Self.text(counting, "pages") == "Page 12 of 34 of the list.")
        #expect(context["sections"] == nil)
    }

    @Test func partialSnapshot_saysHowMuchItCovers() {
        let snapshot = Self.snapshot(count: 5, reported: 250_000, partial: true)
        let context = OverviewPage(
            status: CatalogStatus(snapshot: snapshot), catalog: CatalogFigures(snapshot.products), mine: nil, ownVendorID: nil,
            now: Self.now
        ).context
        #expect(Self.text(context, "partial") == "The figures are partial: they cover the first 5 of the 250,000 products the market reports.")
        #expect(context["refreshSeconds"] == nil)
        #expect(context["unknownVendor"] == true)
    }

    @Test func failedRecount_keepsTheFigures_andSaysSo() {
        let snapshot = Self.snapshot(count: 3, reported: 3, partial: false)
        let failure = CatalogFailure(reason: .timeout, at: Self.now.addingTimeInterval(-30))
        let context = OverviewPage(
            status: CatalogStatus(snapshot: snapshot, failure: failure), catalog: CatalogFigures(snapshot.products),
            mine: CatalogFigures([]), ownVendorID: 1, now: Self.now
        ).context
        #expect(Self.text(context, "failure") == "Showing the last count; counting again failed a moment ago: the market did not answer in time.")
        guard case .list(let sections)? = context["sections"] else {
            Issue.record("no sections")
            return
        }
        #expect(sections.count == 2)
        guard case .object(let snapshotContext)? = context["snapshot"] else {
            Issue.record("no snapshot time")
            return
        }
        #expect(Self.text(snapshotContext, "age") == "3 minutes ago")
    }
}
