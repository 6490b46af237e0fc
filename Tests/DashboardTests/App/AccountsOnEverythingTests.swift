import DashboardEngine
import Foundation
import Testing

@testable import Dashboard

/// Everything else works with accounts on: signed in as an owner, and as an editor where the
/// role allows, the sheet (open, preview, apply), the CSV export, an import (preview, apply),
/// the image proxy and a Korean page give what they give with accounts off, on the same seed.
///
/// The image proxy (`/images/{key}`) is open, as the route table says: it serves copies of
/// the market's product pictures, which the market shows to anyone, under keys only a page
/// names; the sign-in page and the error pages may show them; and a picture's bytes change
/// nothing. It answers the same with a session and without.
@Suite("Accounts on: the rest works")
struct AccountsOnEverythingTests {
    /// What a person gets on one walk through the pages, to compare with accounts on and off.
    struct Walk: Equatable {
        var sheet: Int
        var sheetPreview: Int
        var sheetApplied: Int
        var price: Int?
        var csvStatus: Int
        var csvType: String?
        var csvHeader: String
        var csvLines: Int
        var importForm: Int
        var importPreview: Int
        var importApplied: Int
        var stock: Int?
        var image: Int
        var imageType: String?
        var imageWithoutSession: Int
        var koreanLanguage: String?
        var koreanHeading: String
        var koreanKept: String?
    }

    static func walk(_ dash: DashboardHarness, as session: FormSession) async throws -> Walk {
        var session = session
        // The sheet: the first own product's price, previewed and applied.
        let sheet = try await session.open("/products/sheet?mine=1")
        let id = try #require(SheetTesting.rows(sheet.text).first?.id, "the sheet lists an own product")
        let preview = try await SheetTesting.post(session, SheetTesting.form(sheet, ["price.\(id)": "11000"]), query: "?mine=1")
        let sheetBatch = try #require(BatchTesting.batchID(preview), "sheet: \(preview.status) \(preview.text.prefix(300))")
        let sheetApplied = try await BatchTesting.press("apply", sheetBatch, session)
        #expect(await dash.app.batchRunner.runEnds(sheetBatch))
        let price = try await dash.marketProduct(id)["price"] as? Int

        // The CSV export of my products.
        let csv = try await session.get("/products.csv?mine=1")
        let lines = csv.text.split(separator: "\n", omittingEmptySubsequences: true)

        // An import that changes a stock: its form, its preview, applied.
        let importForm = try await session.open("/products/import")
        let posted = try await ImportTesting.post(session, csv: ImportTesting.write(["id", "stock"], [[String(id), "9"]]))
        let importBatch = try #require(BatchTesting.batchID(posted), "import: \(posted.status) \(posted.text.prefix(300))")
        let importApplied = try await BatchTesting.press("apply", importBatch, session)
        #expect(await dash.app.batchRunner.runEnds(importBatch))
        let stock = try await dash.marketProduct(id)["stock"] as? Int

        // A picture of the product's page, through the image proxy, with the session and without.
        let product = try await session.get("/products/\(id)")
        let src = try #require(HTMLScan.tags("img", in: product.text).compactMap { $0["src"] }.first { $0.hasPrefix("/images/") })
        let image = try await session.get(src)
        let anonymous = try await dash.get(src)

        // Korean, asked for once and kept by the cookie the dashboard sets.
        let korean = try await session.get("/products?lang=ko")
        var kept = session
        if let language = korean.setCookie("om_lang") { kept.cookie = [kept.cookie, language].filter { !$0.isEmpty }.joined(separator: "; ") }
        let history = try await kept.get("/history")

        return Walk(
            sheet: sheet.status, sheetPreview: preview.status, sheetApplied: sheetApplied.status, price: price,
            csvStatus: csv.status, csvType: csv.header("Content-Type"), csvHeader: lines.first.map(String.init) ?? "", csvLines: lines.count,
            importForm: importForm.status, importPreview: posted.status, importApplied: importApplied.status, stock: stock,
            image: image.status, imageType: image.header("Content-Type"), imageWithoutSession: anonymous.status,
            koreanLanguage: korean.header("Content-Language"),
            koreanHeading: HTMLScan.text(HTMLScan.block(in: korean.text, from: "<h1>", to: "</h1>")),
            koreanKept: history.header("Content-Language"))
    }

    static func accountsOff() async throws -> Walk {
        try await withDashboard { dash in try await walk(dash, as: dash.session()) }
    }

    @Test func anOwner_getsWhatAccountsOffGives() async throws {
        let off = try await Self.accountsOff()
        #expect(off.sheetApplied == 303 && off.price == 11000 && off.stock == 9 && off.image == 200 && off.koreanKept == "ko", "\(off)")
        let owner = try await withDashboard(adjust: { $0.accounts = .required }) { dash in
            try await Self.walk(dash, as: try await dash.signedIn(.owner))
        }
        #expect(owner == off)
    }

    @Test func anEditor_getsWhatAccountsOffGives() async throws {
        let off = try await Self.accountsOff()
        let editor = try await withDashboard(adjust: { $0.accounts = .required }) { dash in
            try await Self.walk(dash, as: try await dash.signedIn(.editor))
        }
        #expect(editor == off)
    }

    /// With accounts on, nobody signed in gets the sign-in page for the export, the sheet and
    /// the import, in Korean when asked, and the pictures still.
    @Test func nobodySignedIn_isSentToSignIn_inTheirLanguage() async throws {
        try await withDashboard(adjust: { $0.accounts = .required }) { dash in
            for path in ["/products.csv", "/products/sheet", "/products/import"] {
                let answer = try await dash.get(path)
                #expect(answer.status == 303, "\(path)")
                #expect(answer.header("Location")?.hasPrefix("/sign-in?next=") == true, "\(path)")
            }
            let signIn = try await dash.get("/sign-in?lang=ko")
            #expect(signIn.status == 200)
            #expect(signIn.header("Content-Language") == "ko")
        }
    }
}
