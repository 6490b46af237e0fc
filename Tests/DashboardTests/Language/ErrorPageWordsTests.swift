import Foundation
import MarketClient
import Testing

@testable import Dashboard
import DashboardEngine

/// Every error page and refusal a seller can meet, fetched over HTTP in English and in
/// Korean, says what happened (its cause) and what to do next (its fix); its heading names
/// no status code or HTTP word (the status stays on the response). The patterns are in
/// `docs/korean-ui.md` and `docs/english-ui.md`, "Errors: cause and fix". Which pages exist is
/// read from the code by `ErrorPageListTests`.
@Suite struct ErrorPageWordsTests {
    /// What a page must say in one language: its heading (in the page's heading or, on a form,
    /// the heading of its problem), its cause and its fix.
    struct Words: Sendable {
        var heading: String?
        var cause: String
        var fix: String
    }

    static let english = ["Accept-Language": "en-US,en;q=0.9"]

    static func headers(_ language: Language) -> [String: String] {
        language == .en ? english : KoreanPageScan.korean
    }

    /// The page has the status, the heading, the cause and the fix, in the language asked for.
    static func expectWords(
        _ response: TestResponse, status: Int, _ words: Words, _ language: Language, _ what: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(response.status == status, "\(what)", sourceLocation: sourceLocation)
        #expect(response.text.contains("<html lang=\"\(language.rawValue)\">"), "\(what)", sourceLocation: sourceLocation)
        let text = HTMLScan.text(response.text)
        #expect(text.contains(words.cause), "\(what): the cause “\(words.cause)” in “\(text.suffix(600))”", sourceLocation: sourceLocation)
        #expect(text.contains(words.fix), "\(what): the fix “\(words.fix)” in “\(text.suffix(600))”", sourceLocation: sourceLocation)
        if let heading = words.heading {
            #expect(text.contains(heading), "\(what): the heading “\(heading)”", sourceLocation: sourceLocation)
        }
        let h1 = HTMLScan.text(String(HTMLScan.block(in: response.text, from: "<h1", to: "</h1>")))
        #expect(h1.range(of: #"\b[45]\d\d\b|HTTP|Not Found|Method Not Allowed|Too Large|Too Long"#, options: .regularExpression) == nil,
            "\(what): no status in the heading “\(h1)”", sourceLocation: sourceLocation)
    }

    // MARK: The server's own pages

    @Test(arguments: Language.allCases)
    func notFound_methodNotAllowed_andTooLarge(_ language: Language) async throws {
        let (notFound, notAllowed, tooLarge): (Words, Words, Words) =
            switch language {
            case .en: (
                Words(heading: "Page not found", cause: "There is no page at this address.", fix: "Check the address"),
                Words(heading: "This page can't be opened directly", cause: "is for a button on one of the dashboard's pages, so opening it directly did nothing",
                    fix: "Go back to that page and select the button there."),
                Words(heading: "Too much was sent at once", cause: "larger than the dashboard takes here, so nothing was saved",
                    fix: "Go back and try again with less at once"))
            case .ko: (
                Words(heading: "페이지를 찾을 수 없습니다", cause: "이 주소에는 페이지가 없습니다.", fix: "주소를 확인하거나 상품 목록에서 찾아 주세요."),
                Words(heading: "이 주소는 직접 열 수 없습니다", cause: "대시보드 화면의 버튼으로만 쓸 수 있어 아무것도 하지 않았습니다.", fix: "버튼을 다시 눌러 주세요."),
                Words(heading: "한 번에 보낸 내용이 너무 많습니다", cause: "받을 수 있는 크기보다 커서 아무것도 저장하지 않았습니다.",
                    fix: "한 번에 보내는 양을 줄여서"))
            }
        try await withDashboard(.shared) { dash in
            let headers = Self.headers(language)
            Self.expectWords(try await dash.get("/nowhere/at/all", headers: headers), status: 404, notFound, language, "404")
            Self.expectWords(try await dash.get("/catalog/refresh", headers: headers), status: 405, notAllowed, language, "405")
            let body = [UInt8](repeating: UInt8(ascii: "a"), count: 70 * 1024)
            let large = try await HTTPTestClient.request(
                dash.port, "POST", "/products/bulk", headers: headers.merging(["Content-Type": "application/x-www-form-urlencoded"]) { a, _ in a },
                body: body)
            Self.expectWords(large, status: 413, tooLarge, language, "413")
        }
    }

    /// A batch's address with no batch (never made, or older than batches are kept): opening
    /// a page did nothing, so the page does not say that nothing was done.
    @Test(arguments: Language.allCases)
    func aBatchNotFound_saysHowLongBatchesAreKept_andWhereToLook(_ language: Language) async throws {
        let words =
            switch language {
            case .en: Words(heading: "Batch not found", cause: "There is no batch at this address. Batches are kept for 30 days",
                fix: "find the one you want in the list of batches.")
            case .ko: Words(heading: "일괄 작업을 찾을 수 없습니다", cause: "이 주소의 일괄 작업을 찾을 수 없습니다. 일괄 작업은 30일 동안 보관합니다.",
                fix: "일괄 작업 목록에서 찾아 주세요.")
            }
        try await withDashboard(.shared) { dash in
            Self.expectWords(try await dash.get("/batches/99999", headers: Self.headers(language)), status: 404, words, language, "batch 404")
        }
    }

    /// A form sent to an address that is a page (`POST /overview`) is not "an address for a
    /// button": the page is there, and the words say to use its buttons; a button's address
    /// opened directly keeps its own words.
    @Test(arguments: Language.allCases)
    func aPostToAPage_saysItCantBeDoneThere(_ language: Language) async throws {
        let words =
            switch language {
            case .en: Words(heading: "That can't be done here", cause: "so nothing was done", fix: "Go back and use the buttons on the page.")
            case .ko: Words(heading: "여기서는 할 수 없는 작업입니다", cause: "아무것도 하지 않았습니다", fix: "이전 화면으로 돌아가 페이지에 있는 버튼을 이용해 주세요.")
            }
        try await withDashboard(.shared) { dash in
            let headers = Self.headers(language).merging(["Content-Type": "application/x-www-form-urlencoded"]) { a, _ in a }
            let response = try await HTTPTestClient.request(dash.port, "POST", "/overview", headers: headers, body: Array("a=1".utf8))
            Self.expectWords(response, status: 405, words, language, "405 on a page")
            #expect(!HTMLScan.text(response.text).contains(language == .en ? "can't be opened directly" : "직접 열 수 없습니다"))
        }
    }

    /// A register form over its cap says which images fit and how to get the entries back.
    @Test(arguments: Language.allCases)
    func tooLarge_onTheRegisterForm_saysWhatFits(_ language: Language) async throws {
        let words =
            switch language {
            case .en: Words(heading: "Your images are too large", cause: "each at most 300 KB", fix: "choose smaller images and select Add product again")
            case .ko: Words(heading: "이미지가 너무 커서 등록하지 않았습니다", cause: "장당 300KB 이하로 올릴 수 있습니다", fix: "더 작은 이미지를 선택한 뒤 [상품 등록]을 다시 눌러 주세요.")
            }
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            let huge = TestFile.jpeg("huge.jpg", size: ProductForms.maxCreateBodyBytes + 1)
            let headers = session.browserHeaders.merging(Self.headers(language)) { a, _ in a }
            let response = try await session.post("/products", validProductFields, files: [huge], headers: headers)
            Self.expectWords(response, status: 413, words, language, "413 on the register form")
            let h1 = HTMLScan.text(HTMLScan.block(in: response.text, from: "<h1", to: "</h1>"))
            #expect(h1 == words.heading, "the heading says what was too large")
            let back = language == .en ? "← Start again with an empty form" : "← 빈 등록 화면에서 다시 시작"
            #expect(HTMLScan.tags("a", in: response.text).contains { $0["href"] == "/products/new" }, "a way back to the form")
            #expect(HTMLScan.text(response.text).contains(back))
        }
    }

    /// A request line too long is refused before its headers are read, so its reader's language
    /// is unknown: the page says it in both.
    @Test func tooLong_saysItInBothLanguages() async throws {
        try await withDashboard(.shared) { dash in
            let response = try await dash.get("/products?q=" + String(repeating: "x", count: 9000))
            #expect(response.status == 414)
            let text = HTMLScan.text(response.text)
            for words in [
                Words(heading: nil, cause: "주소가 너무 길어 페이지를 열지 못했습니다.", fix: "검색어를 줄여서 다시 검색해 주세요."),
                Words(heading: nil, cause: "The address has more characters than the dashboard reads", fix: "search again with fewer words"),
            ] {
                #expect(text.contains(words.cause) && text.contains(words.fix), "\(text)")
            }
            #expect(response.text.contains("<section lang=\"en\">"), "the English part says it is English")
            #expect(!text.contains("414") && !text.contains("URI Too Long"))
        }
    }

    // MARK: Refused forms

    /// A form whose token does not match: nothing was done, the typed values stay, and pressing
    /// the button again works (the page comes back with a fresh token).
    @Test(arguments: Language.allCases)
    func aRefusedForm_saysNothingWasDone_andToPressAgain(_ language: Language) async throws {
        let (register, delete): (Words, Words) =
            switch language {
            case .en: (
                Words(heading: "The product was not added", cause: "opened before your browser was restarted or its cookies were cleared",
                    fix: "Your entries are kept below: add the images again, then select Add product."),
                Words(heading: nil, cause: "could not confirm it is yours", fix: "Select Delete product again."))
            case .ko: (
                Words(heading: nil, cause: "브라우저를 다시 시작했거나 쿠키가 삭제되어, 보안을 위해 등록하지 않았습니다",
                    fix: "입력한 내용은 아래에 그대로 있습니다. 이미지를 다시 추가한 뒤 [상품 등록]을 눌러 주세요."),
                Words(heading: nil, cause: "보안을 위해 삭제하지 않았습니다", fix: "[상품 삭제]를 다시 눌러 주세요."))
            }
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            session.csrfToken = String(repeating: "0", count: 32)
            let headers = session.browserHeaders.merging(Self.headers(language)) { a, _ in a }
            let refused = try await session.post("/products", validProductFields, files: [.jpeg("a.jpg")], headers: headers)
            Self.expectWords(refused, status: 403, register, language, "register refused")
            #expect(refused.text.contains("value=\"Test Kettle\""), "what was typed comes back")
            let deleted = try await session.postURLEncoded("/products/7/delete", [], headers: headers)
            Self.expectWords(deleted, status: 403, delete, language, "delete refused")
        }
    }

    /// A form or a sheet sent again with other values after its first post was done: what
    /// was not done, and where to make the new change.
    @Test(arguments: Language.allCases)
    func aFormOrASheetSentAgainWithOtherValues_saysWhatWasNotDone_andWhereToGo(_ language: Language) async throws {
        let (register, edit, sheet): (Words, Words, Words) =
            switch language {
            case .en: (
                Words(heading: "No other product was added", cause: "This form already added a product, so what you sent now was not added.",
                    fix: "To add another product, select Add product and fill in a new form."),
                Words(heading: "These changes were not saved", cause: "This form was already saved, so the changes you sent now were not.",
                    fix: "To change the product again, select Edit and make your changes on a new form."),
                Words(heading: "No other preview was made", cause: "This sheet was already sent and its preview made, so the changes you sent now are not in it.",
                    fix: "Open the preview to check and apply it. To make other changes, open the sheet again."))
            case .ko: (
                Words(heading: "상품을 더 등록하지 않았습니다", cause: "이 화면의 내용으로 이미 상품을 등록해, 방금 보낸 내용은 등록하지 않았습니다.",
                    fix: "다른 상품을 등록하려면 [상품 등록]을 눌러 새 화면에서 입력해 주세요."),
                Words(heading: "변경 내용을 저장하지 않았습니다", cause: "이 화면의 내용은 이미 저장했습니다.",
                    fix: "다시 수정하려면 [수정]을 눌러 새 화면에서 입력해 주세요."),
                Words(heading: "미리 보기를 더 만들지 않았습니다", cause: "이 시트의 내용으로 이미 미리 보기를 만들어, 방금 보낸 내용은 미리 보기에 넣지 않았습니다.",
                    fix: "미리 보기를 열어 확인한 뒤 적용해 주세요. 다른 내용을 수정하려면 시트를 다시 열어 주세요."))
            }
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            var headers = session.browserHeaders.merging(Self.headers(language)) { a, _ in a }
            let made = try await session.post("/products", validProductFields, files: [.jpeg("a.jpg")], headers: headers)
            let id = try #require(productID(fromLocation: made.header("Location")), "\(made.status)")
            let again = try await session.post("/products", replacing(validProductFields, "name", with: "Another Kettle"), files: [.jpeg("a.jpg")], headers: headers)
            Self.expectWords(again, status: 409, register, language, "register sent again")

            _ = try await session.open("/products/\(id)/edit")
            headers = session.browserHeaders.merging(Self.headers(language)) { a, _ in a }
            #expect(try await session.postURLEncoded("/products/\(id)/edit", replacing(validProductFields, "stock", with: "3"), headers: headers).status == 303)
            let editAgain = try await session.postURLEncoded("/products/\(id)/edit", replacing(validProductFields, "stock", with: "4"), headers: headers)
            Self.expectWords(editAgain, status: 409, edit, language, "edit sent again")

            let opened = try await session.open("/products/sheet")
            headers = session.browserHeaders.merging(Self.headers(language)) { a, _ in a }
            #expect(try await session.postURLEncoded("/products/sheet", SheetTesting.form(opened, ["stock.52": "5"]), headers: headers).status == 303)
            let sheetAgain = try await session.postURLEncoded("/products/sheet", SheetTesting.form(opened, ["stock.52": "6"]), headers: headers)
            Self.expectWords(sheetAgain, status: 409, sheet, language, "sheet sent again")
        }
    }

    /// An undo of an edit whose product is gone, in the recycle bin or deleted elsewhere; a
    /// restore of an item the bin no longer holds. Where nothing is left to do, the way on is
    /// the link back to the history.
    @Test(arguments: Language.allCases)
    func anUndoOrRestoreOfAProductThatIsGone_saysWhereItWent(_ language: Language) async throws {
        let (inBin, elsewhere, notInBin): (Words, Words, Words) =
            switch language {
            case .en: (
                Words(heading: "The product was deleted", cause: "was deleted, so this edit can't be undone, and nothing was changed.",
                    fix: "Restore it from the recycle bin first: it comes back with a new number, and you can edit it there."),
                Words(heading: "The product is no longer on the Open Market",
                    cause: "was deleted elsewhere, or removed from the recycle bin for good, so this edit can't be undone. Nothing was changed.", fix: "History"),
                Words(heading: "Not in the recycle bin", cause: "This product is not in the recycle bin any more: it was removed for good, or kept longer than",
                    fix: "Open the recycle bin to see what it holds."))
            case .ko: (
                Words(heading: "삭제한 상품입니다", cause: "상품은 삭제되어 이 수정을 되돌릴 수 없습니다. 아무것도 반영하지 않았습니다.",
                    fix: "먼저 휴지통에서 다시 등록해 주세요."),
                Words(heading: "오픈마켓에 없는 상품입니다", cause: "오픈마켓에도 휴지통에도 없어 되돌릴 수 없습니다. 아무것도 반영하지 않았습니다.", fix: "작업 기록"),
                Words(heading: "휴지통에 없습니다", cause: "이 상품은 휴지통에 더 이상 없습니다.", fix: "휴지통을 열어 남아 있는 상품을 확인해 주세요."))
            }
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                var flow = HistoryFlow(harness)
                func editEntry(_ id: Int) async throws -> Int {
                    try #require(HistoryHTML.entries(try await flow.history("/history?product=\(id)").text).first { $0.kind == "edit" }).id
                }
                // A button of the history or the bin, pressed by a reader of `language`.
                func press(_ page: String, _ path: String) async throws -> TestResponse {
                    _ = try await flow.session.open(page)
                    return try await flow.session.postURLEncoded(
                        path, [], headers: flow.session.browserHeaders.merging(Self.headers(language)) { a, _ in a })
                }
                let binned = try await flow.register(name: "Binned Kettle")
                _ = try await flow.edit(binned, name: "Binned Kettle", [("stock", "3")])
                let binnedEdit = try await editEntry(binned)
                #expect(try await flow.delete(binned).status == 303)
                Self.expectWords(try await press("/history", "/history/\(binnedEdit)/undo"), status: 409, inBin, language, "undo, product in the bin")

                let gone = try await flow.register(name: "Gone Kettle")
                _ = try await flow.edit(gone, name: "Gone Kettle", [("stock", "3")])
                let goneEdit = try await editEntry(gone)
                try await market.delete(gone)
                Self.expectWords(try await press("/history", "/history/\(goneEdit)/undo"), status: 409, elsewhere, language, "undo, product deleted elsewhere")

                Self.expectWords(try await press("/trash", "/trash/99999/restore"), status: 404, notInBin, language, "restore, not in the bin")
            }
        }
    }

    /// A deleted product's old address after it was restored under a new number: where it is now.
    @Test(arguments: Language.allCases)
    func aRestoredProductsOldAddress_givesItsNewNumber(_ language: Language) async throws {
        try await withDashboard { harness in
            var flow = HistoryFlow(harness)
            let old = try await flow.register(name: "Restored Kettle")
            #expect(try await flow.delete(old).status == 303)
            let deleted = try #require(HistoryHTML.entries(try await flow.history().text).first { $0.kind == "delete" })
            let restored = try await flow.restore(deleted.id)
            let new = try #require(productID(fromLocation: restored.header("Location")), "restore: \(restored.status)")
            let words =
                switch language {
                case .en: Words(heading: "This product has a new number", cause: "was deleted on", fix: "later restored from the recycle bin as product \(new). Open product \(new)")
                case .ko: Words(heading: "상품 번호가 바뀐 상품입니다", cause: "에 삭제된 뒤 휴지통에서", fix: "\(new)번 상품으로 다시 등록되었습니다. \(new)번 상품 열기")
                }
            let page = try await harness.get("/products/\(old)", headers: Self.headers(language))
            Self.expectWords(page, status: 404, words, language, "old address")
            #expect(HTMLScan.tags("a", in: page.text).contains { $0["href"] == "/products/\(new)" }, "a link to the new number")
        }
    }

    /// Apply pressed again on a preview's page after the batch was applied from it.
    @Test(arguments: Language.allCases)
    func applyPressedOnAPageDrawnBeforeTheBatchRan_saysItWasAlreadyApplied(_ language: Language) async throws {
        let words =
            switch language {
            case .en: Words(heading: "This batch was already applied", cause: "was applied after this page was opened, so nothing more was done.",
                fix: "Open it to see where it stands.")
            case .ko: Words(heading: "이미 적용한 일괄 작업입니다", cause: "적용을 시작해서 더 이상 아무것도 하지 않았습니다.", fix: "일괄 작업을 열어 상태를 확인해 주세요.")
            }
        let market = LiveShapedData.market()
        BatchTesting.stock(market)
        try await withDashboard(.liveShaped(market, vendorID: LiveShapedData.ownVendorID)) { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products?mine=1")
            let preview = try await BatchTesting.bulk(session, [("ids", "210"), ("action", "stock_set"), ("value", "9"), ("unit", "amount")])
            let batch = try #require(BatchTesting.batchID(preview))
            let page = try await session.get("/batches/\(batch)")
            #expect(try await BatchTesting.press("apply", batch, session, from: page.text).status == 303)
            #expect(await finishes { await harness.app.batchRunner.waitForRun(batch) })
            session.cookie += "; \(Language.cookieName)=\(language.rawValue)"
            let again = try await BatchTesting.press("apply", batch, session, from: page.text)
            Self.expectWords(again, status: 409, words, language, "apply again")
            #expect(market.writes.count == 1, "one PATCH, not two")
        }
    }

    /// A POST that is not a form at all (no form content type).
    @Test(arguments: Language.allCases)
    func aPostWithoutAFormType_saysNothingWasDone_andWhatToDo(_ language: Language) async throws {
        let words =
            switch language {
            case .en: Words(heading: "Nothing was done", cause: "This did not come from one of the dashboard's own pages",
                fix: "Go back, reload the page and select the button again.")
            case .ko: Words(heading: "아무것도 하지 않았습니다", cause: "대시보드 화면에서 보낸 내용이 아니어서 읽을 수 없습니다.",
                fix: "페이지를 새로 고친 뒤 버튼을 다시 눌러 주세요.")
            }
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/7/delete")
            var headers = session.browserHeaders.merging(Self.headers(language)) { a, _ in a }
            headers["Content-Type"] = "text/plain"
            let response = try await HTTPTestClient.request(harness.port, "POST", "/products/7/delete", headers: headers, body: Array("hello".utf8))
            Self.expectWords(response, status: 415, words, language, "415")
        }
    }

    /// The list's bulk form from a browser that does not say it posts from the list: the real
    /// cause and one step that works, not "try again".
    @Test(arguments: Language.allCases)
    func aBulkPreviewWithoutProofOfItsPage_namesTheCause_andAStepThatWorks(_ language: Language) async throws {
        let words =
            switch language {
            case .en: Words(heading: nil, cause: "Your browser did not say that the form came from this list",
                fix: "turn it off for this dashboard's address, then select Preview the change again.")
            case .ko: Words(heading: nil, cause: "브라우저가 이 목록에서 보냈다는 정보를 알려 주지 않아 안전을 위해 미리 보기를 만들지 않았습니다.",
                fix: "그 기능을 끈 뒤 [변경 내용 미리 보기]를 다시 눌러 주세요.")
            }
        try await withDashboard(.shared) { dash in
            let list = try await dash.get("/products")
            let form = String(HTMLScan.block(in: list.text, from: "<form id=\"bulk\"", to: "</form>"))
            let token = try #require(FormSession.hidden("csrf_token", in: form))
            let body = "csrf_token=\(token)&ids=7&action=delete&back=%2Fproducts"
            let refused = try await HTTPTestClient.request(
                dash.port, "POST", "/products/bulk", headers: Self.headers(language).merging(["Content-Type": "application/x-www-form-urlencoded"]) { a, _ in a },
                body: Array(body.utf8))
            #expect(refused.status == 303)
            let flash = try #require(refused.setCookie(FlashMessages.cookieName))
            let shown = try await dash.get("/products", headers: Self.headers(language).merging(["Cookie": flash]) { a, _ in a })
            Self.expectWords(shown, status: 200, words, language, "bulk preview refused")
        }
    }

    // MARK: The list's ignored values

    @Test(arguments: Language.allCases)
    func theListsIgnoredValues_sayWhyAndHowToFixThem(_ language: Language) async throws {
        let cases: [(query: String, words: Words)] =
            switch language {
            case .en: [
                ("sort=DROP", Words(heading: nil, cause: "The value for “Sort by” is not one of the list's choices", fix: "Choose again under Sort and filter.")),
                ("currency=KRW&min_price=abc", Words(heading: nil, cause: "Lowest sale price was not used: it is not a number.", fix: "Enter it in won, like 15,000.")),
                ("currency=USD&min_price=abc", Words(heading: nil, cause: "Lowest sale price was not used: it is not a number.", fix: "Enter it in dollars, like 12.50.")),
                ("currency=KRW&min_price=-5", Words(heading: nil, cause: "Lowest sale price was not used: it is below 0.", fix: "Enter 0 or more.")),
                ("currency=USD&min_price=1.234", Words(heading: nil, cause: "USD amounts have at most 2 decimal places.", fix: "Enter it like 12.50.")),
                ("currency=KRW&min_price=50000&max_price=1000", Words(heading: nil,
                    cause: "Highest sale price was not used: KRW 1,000 is lower than the lowest sale price, KRW 50,000.", fix: "Enter a higher amount")),
            ]
            case .ko: [
                ("sort=DROP", Words(heading: nil, cause: "정렬 값이 올바르지 않아 적용하지 않았습니다.", fix: "[정렬 및 필터]에서 다시 선택해 주세요.")),
                ("currency=KRW&min_price=abc", Words(heading: nil, cause: "최저 할인가 값은 숫자가 아니어서 적용하지 않았습니다.", fix: "15,000처럼 원 단위로 입력해 주세요.")),
                ("currency=USD&min_price=abc", Words(heading: nil, cause: "최저 할인가 값은 숫자가 아니어서 적용하지 않았습니다.", fix: "12.50처럼 달러 단위로 입력해 주세요.")),
                ("currency=KRW&min_price=-5", Words(heading: nil, cause: "최저 할인가 값이 0보다 작아 적용하지 않았습니다.", fix: "최저 할인가 값은 0 이상으로 입력해 주세요.")),
                ("currency=KRW&min_price=10.5", Words(heading: nil, cause: "최저 할인가 값에 소수점이 있어 적용하지 않았습니다.", fix: "원 단위로 소수점 없이 입력해 주세요")),
                ("min_price=10&max_price=20", Words(heading: nil, cause: "통화를 선택하지 않아 최저 할인가, 최고 할인가 값을 적용하지 않았습니다.", fix: "통화를 선택한 뒤 금액 범위를 다시 입력해 주세요.")),
                ("currency=USD&min_price=1.234", Words(heading: nil, cause: "최저 할인가 값은", fix: "소수점 둘째 자리까지 입력해 주세요.")),
                ("currency=KRW&min_price=50000&max_price=1000", Words(heading: nil,
                    cause: "최고 할인가(1,000원)가 최저 할인가(50,000원)보다 낮아 최고 할인가는 적용하지 않았습니다.", fix: "금액 범위를 확인해 주세요.")),
            ]
            }
        try await withDashboard(.sharedCatalog) { dash in
            for (query, words) in cases {
                Self.expectWords(try await dash.get("/products?" + query, headers: Self.headers(language)), status: 200, words, language, query)
            }
        }
    }

    // MARK: The market failing, slow or refusing

    @Test(arguments: Language.allCases)
    func theMarketFailingSlowOrRefusing_saysSoAndToTryAgain(_ language: Language) async throws {
        let cases: [(MarketError, Int, Words)] =
            switch language {
            case .en: [
                (.unreachable, 502, Words(heading: "The Open Market is not answering", cause: "cannot be reached right now", fix: "Try again in a moment.")),
                (.timeout, 504, Words(heading: "The Open Market is slow to answer", cause: "did not answer in time", fix: "Try again in a moment.")),
                (.rejected(status: 503, message: "down for maintenance"), 502,
                    Words(heading: "The Open Market refused to show this page", cause: "“down for maintenance” (the market's words)", fix: "Try again in a moment.")),
                (.malformedResponse("garbage"), 502,
                    Words(heading: "The Open Market's answer could not be read", cause: "something the dashboard cannot read", fix: "Try again in a few minutes.")),
                (.unauthorized, 502, Words(heading: "The Open Market did not accept your seller account",
                    cause: "did not accept the seller identifier or secret the dashboard was started with", fix: "Check them, then start the dashboard again.")),
            ]
            case .ko: [
                (.unreachable, 502, Words(heading: "오픈마켓이 응답하지 않습니다", cause: "지금은 오픈마켓에 연결할 수 없고", fix: "잠시 후 다시 시도해 주세요.")),
                (.timeout, 504, Words(heading: "오픈마켓의 응답이 늦습니다", cause: "제시간에 응답하지 않아", fix: "잠시 후 다시 시도해 주세요.")),
                (.rejected(status: 503, message: "down for maintenance"), 502,
                    Words(heading: "오픈마켓이 요청을 거절했습니다", cause: "“down for maintenance”(마켓 원문)", fix: "잠시 후 다시 시도해 주세요.")),
                (.malformedResponse("garbage"), 502,
                    Words(heading: "오픈마켓의 응답을 읽을 수 없습니다", cause: "형식이 올바르지 않아", fix: "몇 분 후 다시 시도해 주세요.")),
                (.unauthorized, 502, Words(heading: "오픈마켓이 판매자 인증 정보를 받아들이지 않았습니다",
                    cause: "판매자 식별자와 비밀번호(--identifier, --secret)를 받아들이지 않았습니다.", fix: "설정을 확인한 뒤 대시보드를 다시 실행해 주세요.")),
            ]
            }
        for (error, status, words) in cases {
            try await withDashboard(.scripted(ScriptedMarket(readFailure: error))) { dash in
                Self.expectWords(try await dash.get("/products/7", headers: Self.headers(language)), status: status, words, language, "\(error)")
            }
        }
    }

    /// A registration the market refuses or cannot take: the entries stay, and the page says
    /// what to do with them.
    @Test(arguments: Language.allCases)
    func aWriteTheMarketRefuses_keepsTheEntries_andSaysWhatToDo(_ language: Language) async throws {
        let cases: [(MarketError, Int, Words)] =
            switch language {
            case .en: [
                (.rejected(status: 400, message: "name is already taken"), 422,
                    Words(heading: "The Open Market did not accept these values", cause: "“name is already taken” (the market's words)",
                        fix: "Correct your entries below and try again.")),
                (.unreachable, 502, Words(heading: "The Open Market is not answering", cause: "could not be reached, so nothing was changed",
                    fix: "Your entries are kept below; try again in a moment.")),
                (.rejected(status: 500, message: "database is down"), 502, Words(heading: "The Open Market could not add the product",
                    cause: "The Open Market answered with an error: “database is down” (the market's words).",
                    fix: "Your entries are kept below; try again in a few minutes.")),
            ]
            case .ko: [
                (.rejected(status: 400, message: "name is already taken"), 422,
                    Words(heading: "오픈마켓이 입력 내용을 받아들이지 않았습니다", cause: "“name is already taken”(마켓 원문)", fix: "아래 입력 내용을 고친 뒤 다시 시도해 주세요.")),
                (.unreachable, 502, Words(heading: "오픈마켓이 응답하지 않습니다", cause: "오픈마켓에 연결할 수 없어 아무것도 반영하지 않았습니다.",
                    fix: "입력한 내용은 그대로 있으니 잠시 후 다시 시도해 주세요.")),
                (.rejected(status: 500, message: "database is down"), 502, Words(heading: "오픈마켓에서 상품 등록에 실패했습니다",
                    cause: "오픈마켓이 오류로 응답했습니다: “database is down”(마켓 원문).", fix: "입력한 내용은 그대로 있으니 몇 분 후 다시 시도해 주세요.")),
            ]
            }
        let market = ScriptedMarket()
        try await withDashboard(.scripted(market)) { dash in
            for (error, status, words) in cases {
                market.state.withLock { $0.createFailure = error }
                var session = FormSession(port: dash.port)
                _ = try await session.open("/products/new")
                let headers = session.browserHeaders.merging(Self.headers(language)) { a, _ in a }
                let response = try await session.post("/products", validProductFields, files: [.jpeg("a.jpg")], headers: headers)
                Self.expectWords(response, status: status, Words(heading: nil, cause: words.cause, fix: words.fix), language, "\(error)")
                #expect(HTMLScan.text(response.text).contains(words.heading ?? ""), "\(error)")
            }
        }
    }

    // MARK: An image too big, a batch row refused

    @Test(arguments: Language.allCases)
    func anImageTooBig_saysItsSize_andToMakeItSmaller(_ language: Language) async throws {
        let words =
            switch language {
            case .en: Words(heading: nil, cause: "“big.jpg” is 310 KB; each image must be at most 300 KB.", fix: "Make it smaller and add it again.")
            case .ko: Words(heading: nil, cause: "“big.jpg” 파일은 크기가 310KB입니다.", fix: "장당 300KB 이하로 줄여서 다시 추가해 주세요.")
            }
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            let headers = session.browserHeaders.merging(Self.headers(language)) { a, _ in a }
            let big = TestFile.jpeg("big.jpg", size: 310 * 1024)
            let response = try await session.post("/products", validProductFields, files: [big], headers: headers)
            Self.expectWords(response, status: 422, words, language, "image too big")
        }
    }

    /// An attached image's address after the stash let it go, or from another browser.
    @Test(arguments: Language.allCases)
    func anImageNoLongerKept_saysToAddItAgain(_ language: Language) async throws {
        let words =
            switch language {
            case .en: Words(heading: "Image not found", cause: "This attached image is no longer kept, or it was attached on another page.",
                fix: "Add the image again on the form.")
            case .ko: Words(heading: "이미지를 찾을 수 없습니다", cause: "첨부한 이미지를 더 이상 보관하고 있지 않거나 다른 화면에서 첨부한 이미지입니다.",
                fix: "등록 화면에서 이미지를 다시 추가해 주세요.")
            }
        try await withDashboard(.shared) { dash in
            var session = FormSession(port: dash.port)
            _ = try await session.open("/products/new")
            let headers = session.browserHeaders.merging(Self.headers(language)) { a, _ in a }
            let image = try await HTTPTestClient.get(dash.port, "/products/new/images/0123456789abcdef0123456789abcdef/1", headers: headers)
            Self.expectWords(image, status: 404, words, language, "stashed image gone")
        }
    }

    /// A row the preview refuses says what becomes of it; a row the market refuses says what
    /// to do.
    @Test(arguments: Language.allCases)
    func aBatchRowRefused_saysWhyAndWhatToDo(_ language: Language) async throws {
        let (unknown, refused): (Words, Words) =
            switch language {
            case .en: (
                Words(heading: nil, cause: "There is no product 99999 on the market", fix: "It is left out when you apply."),
                Words(heading: nil, cause: "The Open Market refused the change.", fix: "Check the product's values, then select Retry the failed product."))
            case .ko: (
                Words(heading: nil, cause: "오픈마켓에 이 번호의 상품이 없습니다", fix: "이 상품은 적용하지 않습니다."),
                Words(heading: nil, cause: "오픈마켓이 변경을 거절했습니다.", fix: "상품의 값을 확인한 뒤 [실패한 1건 다시 시도]를 눌러 주세요."))
            }
        let market = LiveShapedData.market()
        BatchTesting.stock(market)
        market.state.withLock { $0.refusedEdits = [211] }
        try await withDashboard(.liveShaped(market, vendorID: LiveShapedData.ownVendorID)) { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products?mine=1")
            let pageHeaders = Self.headers(language).merging(["Cookie": session.cookie]) { a, _ in a }
            let preview = try await BatchTesting.bulk(session, [("ids", "99999"), ("ids", "211"), ("action", "stock_set"), ("value", "9"), ("unit", "amount")])
            let batch = try #require(BatchTesting.batchID(preview))
            Self.expectWords(try await HTTPTestClient.get(harness.port, "/batches/\(batch)", headers: pageHeaders), status: 200, unknown, language, "preview")
            _ = try await BatchTesting.press("apply", batch, session)
            #expect(await harness.app.batchRunner.runEnds(batch), "the batch's run ends")
            Self.expectWords(try await HTTPTestClient.get(harness.port, "/batches/\(batch)", headers: pageHeaders), status: 200, refused, language, "applied")
        }
    }
}
