import DashboardEngine
import Foundation
import LocalMarket
import Testing

@testable import Dashboard

/// `/products/prices/import` over the embedded market, real sockets and a clock moved by hand,
/// in New York's zone (which skips 02:00–03:00 on 8 March 2026 and shows 01:00–02:00 twice on
/// 1 November 2026): a product registered through the form has its first state at T; a file of
/// past prices is previewed line by line with each refusal's reason in both languages; Add
/// adds only the good lines, as `imported` states the price history lists; a second Add adds
/// nothing; bad files are refused with the reason; nothing is stored before Add.
@Suite struct PastPriceImportTests {
    /// T: when the product is registered, and so its first state.
    static let registeredAt = Date(timeIntervalSince1970: 1_795_705_200)  // 2026-11-26T15:00:00Z, 10:00 EST

    /// One `<tr data-row>` of a preview.
    struct ShownLine: Equatable {
        var line: Int
        var productID: Int?
        var status: String
        var reason: String?
        var at: String?
        var text: String
    }

    static func lines(_ html: String) -> [ShownLine] {
        HTMLScan.blocks(in: html, from: "<tr data-row", to: "</tr>").compactMap { block in
            guard let tag = HTMLScan.tags("tr", in: block).first, let line = tag["data-row"].flatMap({ Int($0) }), let status = tag["data-status"]
            else { return nil }
            return ShownLine(
                line: line, productID: tag["data-product-id"].flatMap { Int($0) }, status: status, reason: tag["data-reason"], at: tag["data-at"],
                text: HTMLScan.text(block))
        }
    }

    static func csv(_ header: String, _ rows: [String]) -> [UInt8] {
        Array(([header] + rows).joined(separator: "\r\n").utf8)
    }

    static func upload(_ session: FormSession, _ bytes: [UInt8], language: String = "en") async throws -> TestResponse {
        try await session.post(
            "/products/prices/import?lang=\(language)", [],
            files: [TestFile(field: "csv", filename: "prices.csv", contentType: "text/csv", bytes: bytes)])
    }

    /// A dashboard in New York's zone on a clock at T, with a product of its own vendor
    /// registered through the form at T, and another seller's product.
    static func withRegisteredProduct(
        _ body: (DashboardHarness, FormSession, ManualWallClock, _ mine: Int, _ theirs: Int) async throws -> Void
    ) async throws {
        let zone = try #require(TimeZone(identifier: "America/New_York"))
        let clock = ManualWallClock(registeredAt)
        try await withDashboard(clock: clock, adjust: { $0.timeZone = zone }) { harness in
            let theirs = try await PriceHistoryPageTests.ownAndTheirs(harness).theirs
            var flow = HistoryFlow(harness)
            let mine = try await flow.register(name: "Past Price Kettle")
            let prices = harness.app.engine.prices
            await prices.recorded()
            let first = try #require(try await prices.states(productID: mine).last)
            #expect(first.at == registeredAt && first.source == .dashboard)
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/prices/import")
            try await body(harness, session, clock, mine, theirs)
        }
    }

    @Test func aFileOfPastPrices_isPreviewedLineByLine_andAddOnlyAddsTheGoodLines_once() async throws {
        try await Self.withRegisteredProduct { harness, session, clock, mine, theirs in
            // Two days on, so that a time after T is not in the future.
            clock.advance(by: 2 * 86_400)
            let prices = harness.app.engine.prices
            let file = Self.csv("id,at,price,discount", [
                "\(mine),2026-11-01,12000,",  // 2: the start of the day, EDT
                "\(mine),2026-11-01 01:30,12500,500",  // 3: shown twice that day: the earlier, EDT
                "\(mine),2026-11-27 09:00,13000,0",  // 4: after T
                "\(theirs),2026-10-01,9000,0",  // 5: another seller's
                "\(mine),2026-10-02,abc,0",  // 6: not a number
                "\(mine),2026-03-08 02:30,11000,0",  // 7: in the gap
                "\(mine),2026-11-01,12000,0",  // 8: line 2 again
                "\(mine),2026-03-08T03:30,11000,1000",  // 9: just after the gap, EST to EDT
                "\(mine),2026-12-25,12000,0",  // 10: in the future
                "\(mine),2026-02-30,12000,0",  // 11: no such day
            ])
            let statesBefore = try await prices.states(productID: mine)

            let english = try await Self.upload(session, file)
            #expect(english.status == 422, "a refused line: 422, the others still offered")
            let en = Self.lines(english.text)
            #expect(en.map(\.line) == Array(2...11))
            #expect(en.map(\.status) == ["pending", "pending", "invalid", "invalid", "invalid", "invalid", "invalid", "pending", "invalid", "invalid"])
            #expect(en.map(\.reason) == [
                nil, nil, "not-before-first-seen", "other-vendor", "not-a-number", "time-in-gap", "duplicate", nil, "in-future", "bad-date",
            ])
            #expect(en.map(\.productID) == [mine, mine, mine, theirs, mine, mine, mine, mine, mine, mine])
            #expect(en[0].at == "2026-11-01T00:00:00-04:00")
            #expect(en[1].at == "2026-11-01T01:30:00-04:00", "the earlier of the two 01:30s")
            #expect(en[7].at == "2026-03-08T03:30:00-04:00")
            #expect(en[1].text.contains("The clocks show this time twice that day"), "\(en[1].text)")
            #expect(en[2].text.contains("own record of this product's prices from 2026-11-26 10:00 EST"), "\(en[2].text)")
            #expect(en[3].text.contains("Product \(theirs) belongs to another seller"), "\(en[3].text)")
            #expect(en[4].text.contains("“abc” in the “price” column is not a number."), "\(en[4].text)")
            #expect(en[5].text.contains("the clocks go forward from 02:00 to 03:00"), "\(en[5].text)")
            #expect(en[6].text.contains("already has a price at this time"), "\(en[6].text)")
            #expect(en[8].text.contains("in the future"), "\(en[8].text)")
            #expect(en[9].text.contains("column is not a date"), "\(en[9].text)")
            let summary = try #require(HTMLScan.tags("p", in: english.text).first { $0["data-total"] != nil })
            #expect(summary["data-total"] == "10" && summary["data-pending"] == "3" && summary["data-invalid"] == "7")
            #expect(english.text.contains("Add 3 past prices"))

            let korean = try await Self.upload(session, file, language: "ko")
            #expect(korean.status == 422)
            #expect(korean.header("Content-Language") == "ko")
            let ko = Self.lines(korean.text)
            #expect(ko.map(\.reason) == en.map(\.reason))
            #expect(ko[2].text.contains("처음 기록한 시각(2026. 11. 26. 10:00 EST)보다 앞선 기록만"), "\(ko[2].text)")
            #expect(ko[3].text.contains("\(theirs)번 상품은 다른 판매자의 상품입니다"), "\(ko[3].text)")
            #expect(ko[4].text.contains("판매가 칸의 값이 숫자가 아닙니다(지금: “abc”). 15000처럼 숫자만 입력해 주세요"), "\(ko[4].text)")
            #expect(ko[5].text.contains("America/New_York 시간대에 없습니다"), "\(ko[5].text)")
            #expect(ko[6].text.contains("상품과 시각마다 한 줄만 남겨 주세요"), "\(ko[6].text)")
            #expect(korean.text.contains("지난 판매가 3건 추가"))

            // Previews store nothing.
            #expect(try await prices.states(productID: mine) == statesBefore)

            let token = try #require(FormSession.hidden("import_token", in: korean.text))
            let added = try await session.postURLEncoded("/products/prices/import/add", [("import_token", token)])
            #expect(added.status == 303)
            let location = try #require(added.header("Location"))
            #expect(location == "/products/prices/import?added=\(token)")
            let result = try await session.get(location)
            #expect(result.status == 200)
            #expect(result.text.contains("Added 3 past prices for 1 product."), "\(HTMLScan.text(result.text))")
            #expect(HTMLScan.hrefs(in: result.text).contains("/products/\(mine)/prices"))

            let history = try await harness.get("/products/\(mine)/prices")
            let shown = PriceHistoryPageTests.shownStates(history.text)
            let imported = shown.filter { $0.source == "imported" }
            #expect(imported.map(\.at) == ["2026-11-01T01:30:00-04:00", "2026-11-01T00:00:00-04:00", "2026-03-08T03:30:00-04:00"])
            #expect(imported.map(\.price) == ["12500", "12000", "11000"])
            #expect(imported.map(\.discount) == ["500", "0", "1000"])
            #expect(shown.last?.source == "imported" && shown.filter { $0.source != "imported" }.count == statesBefore.count)

            // Posted again: the same answer, nothing more added.
            let again = try await session.postURLEncoded("/products/prices/import/add", [("import_token", token)])
            #expect(again.status == 303 && again.header("Location") == location)
            #expect(try await prices.states(productID: mine).count == statesBefore.count + 3)

            // The English preview's token still names its records, which the timeline now
            // refuses as duplicates: nothing more is added, and the result says why.
            let earlier = try #require(FormSession.hidden("import_token", in: english.text))
            let late = try await session.postURLEncoded("/products/prices/import/add", [("import_token", earlier)])
            #expect(late.status == 303)
            let lateResult = try await session.get(try #require(late.header("Location")))
            #expect(lateResult.text.contains("No past price was added."))
            #expect(HTMLScan.tags("p", in: lateResult.text).filter { $0["data-refused-since-preview"] != nil }.count == 3)
            #expect(try await prices.states(productID: mine).count == statesBefore.count + 3)

            // A token no preview has: 410, upload again.
            for language in ["en", "ko"] {
                let gone = try await session.postURLEncoded(
                    "/products/prices/import/add?lang=\(language)", [("import_token", String(repeating: "A", count: 43))])
                #expect(gone.status == 410)
                #expect(HTMLScan.text(HTMLScan.block(in: gone.text, from: "<h1", to: "</h1>"))
                    == (language == "en" ? "The preview is no longer kept" : "미리 보기가 더 이상 없습니다"))
                #expect(gone.text.contains(language == "en" ? "upload the file again" : "파일을 다시 올린 뒤"), "\(HTMLScan.text(gone.text))")
            }
        }
    }

    @Test func koreanHeaders_areRead() async throws {
        try await Self.withRegisteredProduct { harness, session, _, mine, _ in
            let file = Self.csv("상품번호,일시,가격,할인액,메모", ["\(mine),2026-10-01 9:05,15000,1000,가을", "\(mine),2026-10-05,15000,,"])
            let preview = try await Self.upload(session, file, language: "ko")
            #expect(preview.status == 200, "\(HTMLScan.text(preview.text))")
            let lines = Self.lines(preview.text)
            #expect(lines.map(\.status) == ["pending", "pending"])
            #expect(lines.map(\.at) == ["2026-10-01T09:05:00-04:00", "2026-10-05T00:00:00-04:00"])
            let token = try #require(FormSession.hidden("import_token", in: preview.text))
            #expect(try await session.postURLEncoded("/products/prices/import/add", [("import_token", token)]).status == 303)
            let states = try await harness.app.engine.prices.states(productID: mine)
            #expect(states.filter { $0.source == .imported }.map(\.discount) == [0, 1000])
        }
    }

    @Test func aFileThatCannotBeRead_isRefusedWithTheReason_inBothLanguages_andNothingStored() async throws {
        try await Self.withRegisteredProduct { harness, session, _, mine, _ in
            let prices = harness.app.engine.prices
            let before = try await prices.states(productID: mine)
            let cases: [(String, [UInt8], Int, String, String)] = [
                ("no known column", Self.csv("name,when", ["Kettle,2026-10-01"]), 422, "The first line has none of the column names this page reads", "알맞은 열 이름을 찾지 못했습니다"),
                ("a missing column", Self.csv("id,price", ["\(mine),12000"]), 422, "The first line has no “at” column", "필요한 열이 없습니다(“시각”)"),
                ("not a CSV", [0x50, 0x4B, 0x03, 0x04, 0, 0, 0, 0, 0x14, 0], 422, "spreadsheet workbook", "통합 문서"),
                ("no lines", Self.csv("id,at,price", []), 422, "no lines of prices", "판매가 줄이 없습니다"),
            ]
            for (what, bytes, status, english, korean) in cases {
                for (language, words) in [("en", english), ("ko", korean)] {
                    let answer = try await Self.upload(session, bytes, language: language)
                    #expect(answer.status == status, "\(what)")
                    let problem = HTMLScan.text(HTMLScan.block(in: answer.text, from: "<div class=\"problem\"", to: "</div>"))
                    #expect(problem.contains(words), "\(what), \(language): \(problem)")
                    #expect(Self.lines(answer.text).isEmpty)
                }
            }
            // Only refused lines: no Add button, and why.
            let theirs = try await PriceHistoryPageTests.ownAndTheirs(harness).theirs
            let refusedOnly = try await Self.upload(session, Self.csv("id,at,price", ["\(theirs),2026-10-01,12000"]), language: "ko")
            #expect(refusedOnly.status == 422)
            #expect(Self.lines(refusedOnly.text).map(\.reason) == ["other-vendor"])
            #expect(FormSession.hidden("import_token", in: refusedOnly.text) == nil)
            #expect(refusedOnly.text.contains("data-nothing-to-add") && refusedOnly.text.contains("추가할 수 있는 줄이 없습니다"))
            // No file chosen.
            let none = try await session.post("/products/prices/import?lang=ko", [])
            #expect(none.status == 422)
            #expect(none.text.contains("지난 판매가의 CSV 파일을 선택해 주세요."))
            // A stale form token.
            var stale = session
            stale.csrfToken = String(repeating: "B", count: 43)
            let refused = try await Self.upload(stale, Self.csv("id,at,price", ["\(mine),2026-10-01,12000"]))
            #expect(refused.status == 403)
            #expect(refused.text.contains("Nothing was read or added"))
            #expect(try await prices.states(productID: mine) == before)
        }
    }

    @Test func theForm_saysTheColumnsAndTheZone_andIsLinked() async throws {
        try await Self.withRegisteredProduct { harness, session, _, mine, theirs in
            for (language, zone) in [("en", "The dashboard's time zone: America/New_York (EST)"), ("ko", "대시보드 시간대: America/New_York (EST)")] {
                let form = try await session.get("/products/prices/import?lang=\(language)")
                #expect(form.status == 200)
                #expect(HTMLScan.text(form.text).contains(zone), "\(language): \(HTMLScan.text(form.text))")
                let tags = HTMLScan.tags("form", in: form.text)
                #expect(tags.contains { $0["action"] == "/products/prices/import" && $0["enctype"] == "multipart/form-data" })
                #expect(HTMLScan.tags("input", in: form.text).contains { $0["name"] == "csv" && $0["type"] == "file" })
            }
            // The price history of a product tracked since T, shorter than a sale's window, and the product import link it.
            #expect(HTMLScan.hrefs(in: try await harness.get("/products/\(mine)/prices").text).contains("/products/prices/import"))
            // Another seller's product has no history page, so no link to the import either.
            let theirsPage = try await harness.get("/products/\(theirs)/prices")
            #expect(theirsPage.status == 404)
            #expect(!HTMLScan.hrefs(in: theirsPage.text).contains("/products/prices/import"))
            #expect(HTMLScan.hrefs(in: try await harness.get("/products/import").text).contains("/products/prices/import"))
        }
    }

    @Test(arguments: [
        ("2026-11-01 01:30", "2026-11-01T05:30:00Z", true), ("2026-11-01 02:30", "2026-11-01T07:30:00Z", false),
        ("2026-03-08", "2026-03-08T05:00:00Z", false), ("2026/3/8 3:00:15", "2026-03-08T07:00:15Z", false),
        ("2026-03-08T01:59", "2026-03-08T06:59:00Z", false),
    ])
    func aTime_isReadInTheZone(_ text: String, _ instant: String, _ repeated: Bool) throws {
        let zone = try #require(TimeZone(identifier: "America/New_York"))
        let expected = try #require(ISO8601DateFormatter().date(from: instant))
        #expect(PastPriceTime.read(text, zone: zone) == .instant(expected, repeated: repeated))
    }

    @Test func aTimeInTheGap_namesTheGap_andUnreadableTimesAreSaid() throws {
        let zone = try #require(TimeZone(identifier: "America/New_York"))
        guard case .inGap(let gap) = PastPriceTime.read("2026-03-08 02:30", zone: zone) else {
            Issue.record("02:30 on 8 March 2026 is in New York's gap")
            return
        }
        #expect(gap.from == "02:00" && gap.to == "03:00")
        for text in ["", "yesterday", "2026-13-01", "2026-02-29", "2026-10-01 24:00", "2026-10-01 9", "26-10-01", "2026-10-01 09:30 PM"] {
            #expect(PastPriceTime.read(text, zone: zone) == .unreadable, "\(text)")
        }
    }
}
