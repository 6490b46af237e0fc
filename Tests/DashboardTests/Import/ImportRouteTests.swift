import Foundation
import Glibc
import LocalMarket
import MarketClient
import Testing

@testable import Dashboard
import DashboardEngine

/// `/products/import` over the embedded market: the export edited in a spreadsheet and
/// imported again changes exactly the edited cells and registers the new rows with their
/// images; files that are not a CSV of ours are refused with the reason; hostile cells are
/// previewed as text. Nothing is sent before Apply.
@Suite struct ImportRouteTests {
    static let ownVendor = LocalMarket.defaultVendor.id

    /// The Korean export (Korean header names) imported back as it is: every row unchanged,
    /// nothing to apply, and the market's own columns named as ignored in Korean.
    @Test func theKoreanExportImportedBack_showsNoChange() async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/import?lang=ko")
            session.cookie += "; om_lang=ko"
            let export = try await harness.fetch("/products.csv?mine=1&lang=ko")
            let table = try ImportTesting.read(export.body)
            #expect(table.header.first == "상품 번호" && table.header.contains("판매가"))
            try #require(table.rows.count >= 3)

            let posted = try await ImportTesting.post(session, csv: export.body, path: "/products/import?lang=ko")
            #expect(posted.status == 303)
            let batch = try #require(BatchTesting.batchID(posted))
            let preview = try await session.get("/batches/\(batch)?lang=ko")
            let shown = BatchTesting.rows(preview.text)
            #expect(shown.count == table.rows.count)
            #expect(shown.allSatisfy { $0.status == "unchanged" }, "\(shown.filter { $0.status != "unchanged" }.map(\.text))")
            #expect(!preview.text.contains("/apply\""), "nothing to apply, so no apply form")
            #expect(preview.text.contains("“판매자”, “할인가”, “등록일”"))
        }
    }

    /// Names a spreadsheet would run as formulas, with apostrophes of their own, quotes,
    /// commas, a tab and a line break: the export imported back as it is changes nothing.
    @Test func namesLikeFormulas_makeTheRoundTrip_andChangeNothing() async throws {
        let names = ["'=SUM(1,1)", "''+1 double guard", "=HYPERLINK(\"http://x\",\"y\")", "-5 °C, \"cold\" pack", "@home\ttabbed", "two\nlines, one name", "'plain apostrophe"]
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                let catalog = harness.app.catalog
                await catalog.countEnded()
                for (index, name) in names.enumerated() {
                    _ = try await market.register(name: name, images: [ImageFixtures.jpeg(600, fill: UInt8(index + 1))])
                }
                // Registered behind the dashboard's back after its first count: the next count
                // (the list's "Count again") shows them.
                #expect(catalog.startCount())
                await catalog.countEnded()
                var session = FormSession(port: harness.port)
                _ = try await session.open("/products/import")
                let export = try await harness.fetch("/products.csv?mine=1")
                let table = try ImportTesting.read(export.body)
                let nameColumn = try #require(table.header.firstIndex(of: "name"))
                // Each name as the file holds it: a `'` before one a spreadsheet would run as a
                // formula (after any `'`s of its own), which the import removes again.
                let exported = [
                    "''=SUM(1,1)", "'''+1 double guard", "'=HYPERLINK(\"http://x\",\"y\")", "'-5 °C, \"cold\" pack", "'@home\ttabbed",
                    "two\nlines, one name", "'plain apostrophe",
                ]
                #expect(Set(table.rows.map { $0[nameColumn] }).isSuperset(of: exported), "\(table.rows.map { $0[nameColumn] })")

                let writes = market.writes.count
                let posted = try await ImportTesting.post(session, csv: export.body)
                #expect(posted.status == 303)
                let batch = try #require(BatchTesting.batchID(posted))
                let shown = BatchTesting.rows(try await session.get("/batches/\(batch)").text)
                #expect(shown.count == table.rows.count)
                #expect(shown.allSatisfy { $0.status == "unchanged" }, "\(shown.filter { $0.status != "unchanged" }.map(\.text))")
                #expect(market.writes.count == writes)
            }
        }
    }

    /// A name or description with a control character marks its line invalid, naming the
    /// character and where it is; the other lines are previewed, and nothing is sent.
    @Test func controlCharacters_markTheirLinesInvalid() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                let own = try await market.register(name: "Plain Teapot", images: [ImageFixtures.jpeg(600)])
                var session = FormSession(port: harness.port)
                _ = try await session.open("/products/import")
                let before = market.writes.count
                let csv = ImportTesting.write(["id", "name", "description", "price", "currency", "stock", "images"], [
                    ["\(own)", "Plain Teapot\u{1B}[1m", "", "", "", "", ""],
                    ["\(own)", "", "A teapot\u{0} that pours well.", "", "", "", ""],
                    ["", "New \u{85}cup", "A cup that holds tea, new.", "3000", "KRW", "2", "cup.jpg"],
                    ["\(own)", "", "", "", "", "9", ""],
                ])
                let posted = try await ImportTesting.post(session, csv: csv, images: [.jpeg("cup.jpg", size: 3000, fill: 7)])
                #expect(posted.status == 303)
                let batch = try #require(BatchTesting.batchID(posted))
                let rows = BatchTesting.rows(try await session.get("/batches/\(batch)?lang=en").text)
                #expect(rows.map(\.line) == [2, 3, 4, 5])
                #expect(rows.map(\.status) == ["invalid", "invalid", "invalid", "pending"], "\(rows.map(\.text))")
                #expect(rows[0].text.contains("The name has an invisible control character (U+001B) at character 13."), "\(rows[0].text)")
                #expect(rows[1].text.contains("The description has an invisible control character (U+0000) at character 9."), "\(rows[1].text)")
                #expect(rows[2].text.contains("(U+0085) at character 5"), "\(rows[2].text)")
                #expect(market.writes.count == before, "sent \(market.writes.dropFirst(before).map(\.path))")
            }
        }
    }

    /// A line's problem names its column and quotes the file's cell, in the reader's language,
    /// with an example amount in the line's currency; a line without a product number shows its
    /// line alone; a line left out says so in the preview's tense, and in the past once applied.
    @Test func aLinesProblems_nameTheColumnAndQuoteTheCell_inTheBatchsTense() async throws {
        try await withDashboard { harness in
            let own = try #require(try await harness.marketCatalogIDs(vendor: 28).first)
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/import")
            let csv = ImportTesting.write(["id", "name", "description", "price", "currency", "stock", "images"], [
                ["", "New kettle", "A kettle for the test, new.", "abc", "EUR", "2", ""],
                ["", "Tea cup set", "Four tea cups in a box.", "만원", "KRW", "2", "cup.jpg"],
                ["999999", "", "", "", "", "5", ""],
                ["\(own)", "", "", "", "", "7", ""],
            ])
            let posted = try await ImportTesting.post(session, csv: csv, images: [.jpeg("cup.jpg", size: 3000, fill: 7)])
            let batch = try #require(BatchTesting.batchID(posted))

            let english = try await session.get("/batches/\(batch)?lang=en")
            let en = BatchTesting.rows(english.text)
            #expect(en.map(\.status) == ["invalid", "invalid", "invalid", "pending"])
            #expect(en[0].text.contains("price: “abc” is not a number. Enter it like 1000 or 12.50."), "\(en[0].text)")
            #expect(en[0].text.contains("currency: “EUR” is not accepted. Use KRW or USD."), "\(en[0].text)")
            #expect(en[0].text.contains("images: the cell is empty. For a new product, list 1 to 5 image file names here, separated by semicolons (;)"))
            #expect(en[1].text.contains("price: “만원” is not a number. Enter it like 15000."), "\(en[1].text)")
            #expect(en[2].text.contains("There is no product 999999 on the market (it may have been deleted). It is left out when you apply."))
            // The meta of a line without a product number starts with the line.
            #expect(english.text.contains("<span class=\"row-meta\">Line 2 of the file"), "\(HTMLScan.blocks(in: english.text, from: "<span class=\"row-meta\">", to: "</span>").first ?? "")")

            let korean = try await session.get("/batches/\(batch)?lang=ko")
            let ko = BatchTesting.rows(korean.text)
            #expect(ko[0].text.contains("판매가 칸에 15000이나 12.50처럼 숫자만 입력해 주세요(지금: “abc”)."), "\(ko[0].text)")
            #expect(ko[0].text.contains("통화 칸에 KRW 또는 USD를 입력해 주세요(지금: “EUR”)."), "\(ko[0].text)")
            #expect(ko[0].text.contains("새 상품은 이미지 열에 파일 이름을 1~5개 적고, 그 이미지를 [새 상품의 이미지]에서 함께 선택해 주세요."))
            #expect(ko[1].text.contains("판매가 칸에 15000처럼 숫자만 입력해 주세요(지금: “만원”)."), "\(ko[1].text)")
            #expect(korean.text.contains("<span class=\"row-meta\">파일의 2번째 줄"))

            session.take(english)
            _ = try await BatchTesting.press("apply", batch, session)
            #expect(await harness.app.batchRunner.runEnds(batch))
            let applied = BatchTesting.rows(try await session.get("/batches/\(batch)?lang=en").text)
            #expect(applied[3].status == "done")
            #expect(applied[2].text.contains("There is no product 999999 on the market (it may have been deleted). It was left out."), "\(applied[2].text)")
            #expect(!applied[2].text.contains("when you apply"))
            let appliedKorean = BatchTesting.rows(try await session.get("/batches/\(batch)?lang=ko").text)
            #expect(appliedKorean[2].text.contains("이 상품은 적용하지 않았습니다."), "\(appliedKorean[2].text)")
            // The file's problems read the same after the apply.
            #expect(applied[0].text.contains("price: “abc” is not a number."))
        }
    }

    /// The import page's hints in both languages: the separator named, the limits in the order
    /// a seller checks them, the apply button quoted as labelled, a column's meaning without its
    /// name again; an unclosed quote names the double quote.
    @Test func theImportPage_saysItsLimitsAndColumnsPlainly() async throws {
        try await withDashboard(.shared) { harness in
            var session = FormSession(port: harness.port)
            let english = HTMLScan.text(try await session.open("/products/import?lang=en").text)
            #expect(english.contains("list its image file names, separated by semicolons (;)."))
            #expect(english.contains("before anything changes on the Open Market."))
            #expect(english.contains("CSV columns"))
            let korean = try await session.get("/products/import?lang=ko").text
            let text = HTMLScan.text(korean)
            #expect(text.contains("CSV 파일은 5MB, 상품 10,000개까지 올릴 수 있고, 이미지를 합친 전체 크기는 64MB까지입니다."), "\(text)")
            #expect(text.contains("미리 보기에서 [적용] 버튼을 누르기 전에는 오픈마켓에 반영하지 않습니다."))
            #expect(korean.contains("<h2>CSV 열 안내</h2>"))
            #expect(korean.contains("<code>상품 번호</code></th><td>번호가 있으면 그 상품을 수정하고"), "the meaning repeats the column's name")
            let unclosed = try await ImportTesting.post(session, csv: Array("id,name\n\"never closed,\n1,2\n".utf8), path: "/products/import?lang=ko")
            #expect(unclosed.status == 422)
            #expect(HTMLScan.text(unclosed.text).contains("2번째 줄의 큰따옴표(\")로 시작한 칸이 닫히지 않았습니다."))
        }
    }

    @Test func theExportEditedAndImported_changesExactlyTheEditedCells_andRegistersTheNewRows() async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            let form = HTMLScan.text(try await session.open("/products/import").text)
            // The help names the read-only columns as the export's header does.
            #expect(form.contains("The sale_price, vendor and added columns are for reading only"), "\(form)")
            let export = try await harness.fetch("/products.csv?mine=1")
            #expect(String(decoding: export.body.dropFirst(3), as: UTF8.self).hasPrefix("id,name,vendor,currency,price,discount,sale_price,stock,added\r\n"))
            let table = try ImportTesting.read(export.body)
            try #require(table.rows.count >= 3)
            let column = { (name: String) in try #require(table.header.firstIndex(of: name)) }
            let (idColumn, priceColumn, stockColumn) = (try column("id"), try column("price"), try column("stock"))
            var rows = table.rows.map { $0 + ["", ""] }
            let edited = (first: Int(rows[0][idColumn]) ?? 0, second: Int(rows[1][idColumn]) ?? 0)
            let oldPrice = try #require(Decimal(string: rows[0][priceColumn]))
            let untouchedStock = rows[2][stockColumn]
            rows[0][priceColumn] = "\(oldPrice + 1000)"
            rows[1][stockColumn] = "77"
            // Number formats a spreadsheet may give the untouched rows: the same values.
            for index in 2..<rows.count where !rows[index][priceColumn].contains(".") { rows[index][priceColumn] += ".0" }
            var added = [String](repeating: "", count: table.header.count) + ["A tea set imported from a spreadsheet.", "pot.jpg; cup.png"]
            added[try column("name")] = "Imported tea set"
            added[try column("currency")] = "KRW"
            added[priceColumn] = "30000"
            added[stockColumn] = "4"
            rows.append(added)
            let pot = TestFile.jpeg("pot.jpg", size: 3000, fill: 5)
            // The sheet says cup.png: a file name matches whatever its case.
            let cup = TestFile.png("CUP.PNG", size: 2500, fill: 6)

            let posted = try await ImportTesting.post(session, csv: ImportTesting.write(table.header + ["description", "images"], rows), images: [pot, cup])
            #expect(posted.status == 303)
            let batch = try #require(BatchTesting.batchID(posted))
            let preview = try await session.get("/batches/\(batch)?lang=en")
            let shown = BatchTesting.rows(preview.text)
            #expect(shown.count == rows.count)
            #expect(shown.map(\.line) == Array(2...(rows.count + 1)))
            #expect(shown[0].status == "pending" && shown[0].productID == edited.first)
            #expect(shown[0].text.contains("Price:") && !shown[0].text.contains("Stock:"))
            #expect(shown[1].status == "pending" && shown[1].text.contains("Stock:") && !shown[1].text.contains("Price:"))
            #expect(shown[2..<(shown.count - 1)].allSatisfy { $0.status == "unchanged" })
            #expect(shown.last?.status == "pending" && shown.last?.text.contains("New product") == true)
            // The market's own columns are named as ignored.
            #expect(preview.text.contains("“vendor”, “sale_price”, “added”"))
            let inspector = MarketInspector(harness)
            #expect(try await inspector.product(edited.first)["price"] as? Double == NSDecimalNumber(decimal: oldPrice).doubleValue)

            session.take(preview)
            _ = try await BatchTesting.press("apply", batch, session)
            #expect(await harness.app.batchRunner.runEnds(batch))
            let done = BatchTesting.rows(try await session.get("/batches/\(batch)").text)
            #expect(done[0].status == "done" && done[1].status == "done" && done.last?.status == "done")
            #expect(try await inspector.product(edited.first)["price"] as? Double == NSDecimalNumber(decimal: oldPrice + 1000).doubleValue)
            #expect(try await inspector.product(edited.second)["stock"] as? Int == 77)
            let third = try #require(Int(rows[2][idColumn]))
            #expect(try await inspector.product(third)["stock"] as? Int == Int(untouchedStock))
            let created = try #require(done.last?.productID)
            #expect(try await inspector.product(created)["name"] as? String == "Imported tea set")
            #expect(try await inspector.imageBytes(created) == [pot.bytes, cup.bytes])
        }
    }

    @Test(arguments: [
        ("utf16", [0xFF, 0xFE] + Array("i\0d\0,\0n\0a\0m\0e\0\n\0".utf8), "UTF-16"),
        ("binary", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48], "not text"),
        ("workbook", [0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0x41, count: 60), "workbook"),
        ("unknown-header", Array("colour,size\nred,2\n".utf8), "None of the names on the first line is a column the import reads"),
        // "상품명,가격" in CP949, as Excel saves a plain "CSV" on a Korean machine.
        ("cp949", [0xBB, 0xF3, 0xC7, 0xB0, 0xB8, 0xED, 0x2C, 0xB0, 0xA1, 0xB0, 0xDD, 0x0A], "choose Save As, then “CSV UTF-8 (Comma delimited)”"),
        ("garbage", Array("\"never closed,\n1,2\n".utf8), "never closed"),
        ("wide", Array(((0..<10_000).map { "c\($0)" }.joined(separator: ",") + "\n").utf8), "more than 100 columns"),
        ("huge-cell", Array(("name\n" + String(repeating: "x", count: 1024 * 1024) + "\n").utf8), "longer than"),
    ] as [(String, [UInt8], String)])
    func whatIsNotACSVOfOurs_is422WithTheReason_andMakesNoBatch(label: String, bytes: [UInt8], reason: String) async throws {
        try await withDashboard(.shared) { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/import")
            let before = try harness.app.engine.batchStore.recent(limit: 1000).count
            let answer = try await ImportTesting.post(session, csv: bytes, path: "/products/import?lang=en")
            #expect(answer.status == 422, "\(label)")
            #expect(answer.text.contains(reason), "\(label): \(HTMLScan.text(answer.text).prefix(300))")
            #expect(try harness.app.engine.batchStore.recent(limit: 1000).count == before)
            // The form again, ready for another file.
            #expect(HTMLScan.tags("input", in: answer.text).contains { $0["name"] == "csv" && $0["type"] == "file" })
        }
    }

    @Test func tooManyRows_andACSVOver5MB_are413_withTheLimitInWords() async throws {
        try await withDashboard(.shared) { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/import")
            let rows = Array(("id,stock\n" + (1...10_001).map { "\($0),1" }.joined(separator: "\n")).utf8)
            let many = try await ImportTesting.post(session, csv: rows, path: "/products/import?lang=ko")
            #expect(many.status == 413)
            #expect(many.text.contains("10,000"))
            let big = Array("name\n".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 5 * 1024 * 1024 + 10)
            let large = try await ImportTesting.post(session, csv: big, path: "/products/import?lang=en")
            #expect(large.status == 413)
            #expect(large.text.contains("larger than 5 MB"))
        }
    }

    /// Over the route's 64 MB the server answers before reading the body, in the reader's
    /// language, with the limit.
    /// The page names both limits and both ways on (a smaller CSV file, fewer images).
    @Test(arguments: Language.allCases)
    func aRequestOver64MB_is413BeforeItIsRead(_ language: Language) async throws {
        try await withDashboard(.shared) { harness in
            let head = "POST /products/import HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Language: \(language.rawValue)\r\n"
                + "Content-Type: \(BrowserFormBody.contentType)\r\nContent-Length: \(65 * 1024 * 1024)\r\nConnection: close\r\n\r\n"
            let port = harness.port
            let answer = await withCheckedContinuation { (done: CheckedContinuation<[UInt8], Never>) in
                // Blocking socket calls, on a thread of their own.
                Thread.detachNewThread {
                    var bytes: [UInt8] = []
                    if let fd = try? LoopbackSocket.connect(port: port, receiveTimeoutSeconds: Int(Patience.hangGuard.components.seconds)) {
                        if (try? LoopbackSocket.sendAll(fd, Array(head.utf8))) != nil {
                            var buffer = [UInt8](repeating: 0, count: 65536)
                            while true {
                                let count = recv(fd, &buffer, buffer.count, 0)
                                if count <= 0 { break }
                                bytes += buffer[0..<count]
                            }
                        }
                        close(fd)
                    }
                    done.resume(returning: bytes)
                }
            }
            let text = String(decoding: answer, as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 413"))
            let words = HTMLScan.text(text)
            switch language {
            case .en:
                #expect(words.contains("The import is too large"))
                #expect(words.contains("An import takes at most 5 MB for the CSV file and 64 MB in all, with its images, so nothing was read."), "\(words)")
                #expect(words.contains("Use a smaller CSV file (import it in parts), or choose fewer images at a time, then try again."))
            case .ko:
                #expect(words.contains("가져오기는 CSV 파일 5MB, 이미지를 합쳐 전체 64MB까지 올릴 수 있어 아무것도 읽지 않았습니다."), "\(words)")
                #expect(words.contains("CSV 파일을 나누어 작게 만들거나 이미지를 나누어 올린 뒤 다시 시도해 주세요."))
            }
        }
    }

    @Test func hostileCells_arePreviewedAsText() async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/import")
            let csv = "name;description;price;currency;images\r\n"
                + "=HYPERLINK(\"http://evil.example\");<script>alert(1)</script> described enough;1000;KRW;<img src=x onerror=alert(1)>.jpg\n"
                + "\"<b>bold</b>\";\"line one\rline two is long enough\";'=1+1;KRW;x.jpg\r\n"
            let posted = try await ImportTesting.post(session, csv: Array(csv.utf8))
            let batch = try #require(BatchTesting.batchID(posted))
            let page = try await session.get("/batches/\(batch)?lang=en")
            #expect(!page.text.contains("<script>alert"))
            #expect(!page.text.contains("<img src=x"))
            #expect(!page.text.contains("<b>bold"))
            #expect(page.text.contains("&lt;img src=x onerror=alert(1)&gt;.jpg"))
            #expect(BatchTesting.rows(page.text).map(\.status) == ["invalid", "invalid"])
        }
    }

    @Test func aPostWithoutTheFormsToken_is403_andReadsNothing() async throws {
        try await withDashboard { harness in
            let batches = { try harness.app.engine.batchStore.recent().count }
            let csv = Array("id,stock\n1,2\n".utf8)
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/import")
            let before = try batches()

            var forged = session
            forged.csrfToken = SecureToken.make()
            #expect(try await ImportTesting.post(forged, csv: csv).status == 403)
            let foreign = try await session.post(
                "/products/import", [], files: [TestFile(field: "csv", filename: "a.csv", contentType: "text/csv", bytes: csv)],
                headers: ["Cookie": session.cookie, "Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"])
            #expect(foreign.status == 403)
            #expect(try batches() == before, "a refused post made a batch")

            // The same file with the form's own token is read, into a batch the count sees.
            let accepted = try await ImportTesting.post(session, csv: csv)
            #expect(accepted.status == 303)
            #expect(try batches() == before + 1)
        }
    }
}
