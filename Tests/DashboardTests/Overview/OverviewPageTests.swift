import Foundation
import Templating
import Testing

@testable import Dashboard
import DashboardEngine

/// The overview's view model in the states a page can be in, on literals.
@Suite("Overview page model")
struct OverviewPageTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    static func snapshot(count: Int, reported: Int, partial: Bool) -> CatalogSnapshot {
        CatalogSnapshot(
            products: (1...count).map { CatalogProduct(.sample($0), vendorName: "Vendor") }, takenAt: now.addingTimeInterval(-180),
            isPartial: partial, reportedTotal: reported, generation: 1)
    }

    static func text(_ context: TemplateObject, _ key: String) -> String? {
        if case .string(let text)? = context[key] { return text }
        return nil
    }

    /// A price range fits the chart's label whole ("KRW 500,000 to under 1,000,000" was cut
    /// to "KRW 500,000 to under 1,000,…"); the table beside it keeps the whole words. Korean
    /// counts won in 만 and 억.
    @Test func priceRanges_fitTheChartsLabels() {
        let en = Wording(.en)
        let ko = Wording(.ko)
        #expect(en.priceBucketLabel(from: 500_000, upTo: 1_000_000, currency: "KRW") == "KRW 500k–1M")
        #expect(en.priceBucketLabel(from: 1_500_000, upTo: 2_000_000, currency: "KRW") == "KRW 1.5M–2M")
        #expect(en.priceBucketLabel(from: 5, upTo: 10, currency: "USD") == "USD 5–10")
        #expect(en.priceBucket(from: 500_000, upTo: 1_000_000, currency: "KRW") == "KRW 500,000 to under 1,000,000")
        #expect(ko.priceBucket(from: 50_000_000, upTo: 100_000_000, currency: "KRW") == "5,000만~1억 원")
        #expect(ko.priceBucket(from: 100_000_000, upTo: 150_000_000, currency: "KRW") == "1억~1억 5,000만 원")
        #expect(ko.priceBucket(from: 10_000, upTo: 20_000, currency: "KRW") == "1만~2만 원")
        for (low, high) in [(Decimal(0), Decimal(10_000)), (500_000, 1_000_000), (50_000_000, 100_000_000), (1_000_000_000, 2_000_000_000)] {
            for wording in [en, ko] {
                let label = wording.priceBucketLabel(from: low, upTo: high, currency: "KRW")
                #expect(BarChart.shorten(label) == label, "\(label) fits")
            }
        }
    }

    /// A first count trying again after a failure, nothing read yet: one message, that the
    /// products cannot be counted yet and the dashboard keeps trying, not "Counting products…"
    /// beside "counting failed".
    @Test func aFirstCountFailing_saysSoOnce_andKeepsReloading() {
        let failure = CatalogError(code: .unreachable, at: Self.now.addingTimeInterval(-360))
        let context = OverviewPage(
            status: CatalogStatus(progress: CatalogProgress(), failure: failure), catalog: nil, mine: nil, ownVendorID: 1, now: Self.now,
            zone: TimeZone(identifier: "Asia/Seoul") ?? .gmt).context
        #expect(context["counting"] == nil)
        #expect(context["refreshSeconds"] != nil)
        #expect(Self.text(context, "failure")
            == "The products can't be counted yet: the market could not be reached (last tried 6 minutes ago). The dashboard keeps trying, and this page shows the figures once it can.")
    }

    @Test func firstCount_showsProgressInWords_andRefreshes() {
        let progress = CatalogProgress(pagesDone: 12, pagesTotal: 34, productsDone: 1200, productsTotal: 3400)
        let context = OverviewPage(status: CatalogStatus(progress: progress), catalog: nil, mine: nil, ownVendorID: 1, now: Self.now, zone: .gmt).context
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
            now: Self.now, zone: .gmt
        ).context
        #expect(Self.text(context, "partial") == "The figures are partial: they cover the first 5 of the 250,000 products the market reports.")
        #expect(context["refreshSeconds"] == nil)
        #expect(context["unknownVendor"] == true)
    }

    @Test func failedRecount_keepsTheFigures_andSaysSo() {
        let snapshot = Self.snapshot(count: 3, reported: 3, partial: false)
        let failure = CatalogError(code: .timeout, at: Self.now.addingTimeInterval(-30))
        let context = OverviewPage(
            status: CatalogStatus(snapshot: snapshot, failure: failure), catalog: CatalogFigures(snapshot.products),
            mine: CatalogFigures([]), ownVendorID: 1, now: Self.now, zone: .gmt
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

    /// The snapshot's time in the vendor's zone, with the zone named, in both languages;
    /// the zone is given, never the machine's, and is none a machine names otherwise (a zone
    /// of offset only for UTC+5:30), so the test reads the same anywhere. New York is named as
    /// its zone data names November, on any machine.
    @Test(arguments: [
        (Language.en, "Asia/Seoul", "2026-11-18 20:03 KST", "2026-11-18T20:03:40+09:00"),
        (.ko, "Asia/Seoul", "2026. 11. 18. 20:03 KST", "2026-11-18T20:03:40+09:00"),
        (.en, "UTC", "2026-11-18 11:03 UTC", "2026-11-18T11:03:40+00:00"),
        (.en, "GMT+0530", "2026-11-18 16:33 UTC+5:30", "2026-11-18T16:33:40+05:30"),
        (.ko, "America/Sao_Paulo", "2026. 11. 18. 08:03 UTC-3", "2026-11-18T08:03:40-03:00"),
        (.en, "America/New_York", "2026-11-18 06:03 EST", "2026-11-18T06:03:40-05:00"),
    ])
    func snapshotTime_isInTheVendorsZone_named(_ language: Language, _ zone: String, _ expected: String, _ datetime: String) throws {
        let snapshot = Self.snapshot(count: 3, reported: 3, partial: false)
        let page = OverviewPage(
            status: CatalogStatus(snapshot: snapshot), catalog: CatalogFigures(snapshot.products), mine: nil, ownVendorID: nil,
            now: Self.now, language: language, zone: try #require(TimeZone(identifier: zone)))
        guard case .object(let time)? = page.context["snapshot"] else {
            Issue.record("no snapshot time")
            return
        }
        #expect(Self.text(time, "time") == expected)
        #expect(Self.text(time, "datetime") == datetime, "the machine-readable time is in the zone too")
        #expect(Self.text(time, "after") == (language == .en ? ", 3 minutes ago." : " · 3분 전"))
    }

    @Test func failedCount_inKorean_saysWhenAndWhy_inKorean() {
        let snapshot = Self.snapshot(count: 3, reported: 3, partial: false)
        let failure = CatalogError(code: .timeout, at: Self.now.addingTimeInterval(-180))
        let context = OverviewPage(
            status: CatalogStatus(snapshot: snapshot, failure: failure), catalog: CatalogFigures(snapshot.products),
            mine: nil, ownVendorID: nil, now: Self.now, language: .ko, zone: .gmt
        ).context
        #expect(Self.text(context, "failure") == "마지막 집계 결과를 표시합니다. 3분 전에 다시 집계하지 못했습니다(오픈마켓 응답 시간 초과).")
    }
}
