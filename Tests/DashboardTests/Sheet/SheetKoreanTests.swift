import Foundation
import LocalMarket
import Testing

@testable import Dashboard

/// The table view and the sheet in Korean, asked for with `?lang=ko` or by the cookie that
/// remembers it: column names, cell names, hints, the messages of bad cells and the refusals,
/// with no English UI word and particles that fit.
@Suite struct SheetKoreanTests {
    @Test func theTableAndTheSheet_andTheirMessages_areKorean() async throws {
        try await withDashboard { dash in
            try await KoreanPageScan.rewriteInKorean(dash)
            let table = try await dash.get("/products?view=table&lang=ko")
            KoreanPageScan.expectKorean(table, "table", status: 200)
            let headers = HTMLScan.tags("th", in: table.text).count
            #expect(headers >= 10)
            let head = HTMLScan.text(HTMLScan.block(in: table.text, from: "<thead>", to: "</thead>"))
            for word in ["상품명", "판매가", "할인 금액", "할인가", "재고", "통화", "판매자", "등록일"] { #expect(head.contains(word), "\(head)") }
            #expect(HTMLScan.text(table.text).contains("이 상품들을 시트에서 수정"))

            // The cookie the choice left, with no `?lang=`.
            var session = FormSession(port: dash.port)
            _ = try await session.open("/products/sheet?lang=ko")
            session.cookie += "; om_lang=ko"
            let sheet = try await session.open("/products/sheet")
            KoreanPageScan.expectKorean(sheet, "sheet", status: 200)
            let columns = HTMLScan.text(HTMLScan.block(in: sheet.text, from: "<thead>", to: "</thead>"))
            #expect(columns == "상품명 판매가 할인 금액 재고 통화 상품 번호", "\(columns)")
            let card = try #require(SheetTesting.rows(sheet.text).first { $0.id == 52 })
            #expect(card.cells["price"]?.label == "“시험용 상품 52호” 판매가")
            #expect(card.cells["discounted_price"]?.label == "“시험용 상품 52호” 할인 금액")

            let bad = try await SheetTesting.post(session, SheetTesting.form(sheet, ["price.52": "0", "stock.49": "셋", "name.46": "가"]))
            KoreanPageScan.expectKorean(bad, "sheet with bad cells", status: 422)
            let text = HTMLScan.text(bad.text)
            #expect(text.contains("항목 3개를 확인해 주세요"), "\(text.prefix(400))")
            #expect(text.contains("판매가를 0보다 큰 금액으로 입력해 주세요."))
            #expect(text.contains("재고를 0 이상의 정수로 입력해 주세요."))
            #expect(text.contains("상품명을 3~100자로 입력해 주세요. 지금 1자입니다."))
            // The summary names each product, and the field once, in the message.
            let summary = HTMLScan.text(HTMLScan.block(in: bad.text, from: "<div class=\"error-summary\"", to: "</div>"))
            #expect(summary.contains("상품: 재고를 0 이상의 정수로 입력해 주세요."), "\(summary)")
            #expect(!summary.contains("재고: 재고를"))

            let foreign = try await SheetTesting.post(session, SheetTesting.form(sheet, ["stock.59": "1"]))
            KoreanPageScan.expectKorean(foreign, "another vendor's product", status: 403)
            #expect(HTMLScan.text(foreign.text).contains("상품은 내 상품이 아니어서 여기서 수정할 수 없어 제외했습니다."))
            let gone = try await SheetTesting.post(session, SheetTesting.form(sheet, ["stock.999999": "1"]))
            KoreanPageScan.expectKorean(gone, "a product not on the market", status: 422)
            #expect(HTMLScan.text(gone.text).contains("오픈마켓에서 삭제된 상품(제외)"))
            let large = try await SheetTesting.post(session, (1...401).map { ("stock.\($0)", "1") })
            KoreanPageScan.expectKorean(large, "too many products", status: 413)
            var stale = session
            stale.csrfToken = "0123456789abcdef0123456789abcdef"
            KoreanPageScan.expectKorean(try await SheetTesting.post(stale, SheetTesting.form(sheet, ["stock.52": "2"])), "stale", status: 403)

            // The preview of a good post, and its row changed elsewhere, in Korean too.
            let good = try await SheetTesting.post(session, SheetTesting.form(sheet, ["price.52": "700000", "stock.52": "3"]))
            let batch = try #require(BatchTesting.batchID(good))
            KoreanPageScan.expectKorean(try await session.get("/batches/\(batch)"), "sheet preview", status: 200)
        }
    }
}
