import Foundation
import LocalMarket
import Testing

@testable import Dashboard

/// Changing many products at once in a real browser: ticking products on the list, the
/// live count (JavaScript), "select all" without JavaScript, the preview, Apply and the
/// page that follows the batch by reloading itself; a CSV import; both languages, phone width.
@Suite(.serialized) struct BrowserBatchTests {
    /// Clicks Apply on a batch's preview and waits until no row is pending. Apply comes back
    /// to the batch's own address, so the wait starts on the new document; that page then
    /// reloads itself until the batch ends. One script reads one whole document: a page
    /// still loading has its summary before its rows, and looks finished when read in two
    /// steps.
    static func own(_ dashboard: DashboardHarness) async throws -> [Int] {
        try await dashboard.marketCatalogIDs(vendor: LocalMarket.defaultVendor.id)
    }

    @Test(BrowserTools.needed) func ticking_countsLive_andAStockChangeIsPreviewedThenApplied() async throws {
        try await withBrowser { browser in
            let driver = browser.driver
            try await browser.open("/products?mine=1&lang=en")
            let boxes = try await driver.findAll("input[name=ids][form=bulk]")
            #expect(boxes.count >= 3)
            try await driver.click(try await driver.find("details.bulk summary"))
            let count = { try await driver.text(try await driver.find("details.bulk .selection-count")) }
            #expect(try await count() == "(none selected)")
            try await driver.click(boxes[0])
            #expect(try await count() == "(1 product selected)")
            try await driver.click(boxes[1])
            #expect(try await count() == "(2 products selected)")
            // "Select all" ticks every box; unticking one unticks it again.
            try await driver.click(try await driver.find("#select-page"))
            #expect(try await count() == "(\(boxes.count) products selected)")
            try await driver.click(boxes[2])
            #expect(try await driver.property(try await driver.find("#select-page"), "checked") as? Bool == false)
            try await driver.click(boxes[2])
            for box in boxes.dropFirst(2) { try await driver.click(box) }
            #expect(try await count() == "(2 products selected)")

            let ids = try await [boxes[0], boxes[1]].asyncMap { try await driver.property($0, "value") as? String ?? "" }
            try await driver.click(try await driver.find("#bulk-action option[value=stock_set]"))
            try await driver.fill("#bulk-value", "41")
            try await driver.navigating("the preview", to: { $0.hasPrefix("/batches/") }) {
                try await driver.click(try await driver.find("#bulk button[type=submit]"))
            }
            #expect(try await driver.findAll("tr[data-status=pending]").count == 2)
            let inspector = MarketInspector(browser.dashboard)
            for id in ids { #expect(try await inspector.product(Int(id) ?? 0)["stock"] as? Int != 41) }

            try await driver.applyBatch()
            #expect(try await driver.findAll("tr[data-status=done]").count == 2)
            for id in ids { #expect(try await inspector.product(Int(id) ?? 0)["stock"] as? Int == 41) }
        }
    }

    @Test(BrowserTools.needed) func withoutJavaScript_inKorean_atPhoneWidth_selectAllAndAPriceRise() async throws {
        try await withBrowser(javaScript: false) { browser in
            let driver = browser.driver
            try await driver.emulateViewport(width: 375, height: 812)
            try await browser.open("/products?mine=1&lang=ko")
            var problems = try await PageAudit.problems(in: driver).map { "list: \($0)" }
            try await driver.click(try await driver.find("details.bulk summary"))
            try await driver.click(try await driver.find("#select-page"))
            try await driver.click(try await driver.find("#bulk-action option[value=price_adjust]"))
            try await driver.fill("#bulk-value", "10")
            try await driver.click(try await driver.find("#bulk-unit option[value=percent]"))
            try await driver.navigating("the preview", to: { $0.hasPrefix("/batches/") }) {
                try await driver.click(try await driver.find("#bulk button[type=submit]"))
            }
            problems += try await PageAudit.problems(in: driver).map { "preview: \($0)" }
            let onPage = try await Self.own(browser.dashboard).count
            let rows = try await driver.findAll("tr[data-product-id]")
            #expect(rows.count == min(onPage, 20))
            let apply = try await driver.text(try await driver.find("form[action$='/apply'] button"))
            #expect(apply.contains("적용"), "the apply button says \(apply)")
            #expect(try await driver.mainText().contains("→"))
            // No script: the page follows the batch with its meta refresh.
            try await driver.applyBatch()
            problems += try await PageAudit.problems(in: driver).map { "finished: \($0)" }
            // A price too small to move by 10% in whole won stays as it is.
            let done = try await driver.findAll("tr[data-status=done]").count
            let unchanged = try await driver.findAll("tr[data-status=unchanged]").count
            #expect(done > 0 && done + unchanged == rows.count)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
    }

    @Test(BrowserTools.needed) func aCSVImport_withItsPictures_registersTheNewProduct() async throws {
        try await withBrowser { browser in
            let driver = browser.driver
            let folder = TemporaryDirectory()
            try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
            defer { folder.remove() }
            let csv = folder.url.appendingPathComponent("new-products.csv")
            let text = "상품명,상품 설명,판매가,통화,재고,이미지\r\n브라우저 찻잔,브라우저로 가져온 찻잔입니다.,8000,KRW,3,photo-01-circle.jpg;icon-01-hexagon.png\r\n"
            try Data(([0xEF, 0xBB, 0xBF] as [UInt8]) + Array(text.utf8)).write(to: csv)
            try await driver.emulateViewport(width: 375, height: 812)
            try await browser.open("/products/import?lang=ko")
            var problems = try await PageAudit.problems(in: driver).map { "import: \($0)" }
            try await driver.sendKeys(try await driver.find("#csv"), csv.path)
            try await driver.sendKeys(try await driver.find("#images"), [SamplePictures.photo, SamplePictures.icon].joined(separator: "\n"))
            try await driver.navigating("the import's preview", to: { $0.hasPrefix("/batches/") }) {
                try await driver.click(try await driver.find("main form button[type=submit]"))
            }
            problems += try await PageAudit.problems(in: driver).map { "preview: \($0)" }
            #expect(try await driver.findAll("tr[data-row='2'][data-status=pending]").count == 1)
            #expect(try await driver.mainText().contains("새 상품"))
            try await driver.applyBatch()
            let row = try await driver.text(try await driver.find("tr[data-row='2']"))
            #expect(try await driver.findAll("tr[data-row='2'][data-status=done]").count == 1, "row 2 reads: \(row)")
            _ = try await driver.navigatingToProductPage {
                try await driver.click(try await driver.find("tr[data-row='2'] a"))
            }
            #expect(try await driver.text(try await driver.find("main h1")) == "브라우저 찻잔")
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        }
    }
}
