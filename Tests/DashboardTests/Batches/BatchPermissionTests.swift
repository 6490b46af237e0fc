import DashboardEngine
import Foundation
import Testing

@testable import Dashboard

/// What a batch holds decides who may carry it out, with accounts on: a bulk delete is an
/// owner's, and a preview that registers products (an import's new lines) is made by an
/// editor but applied, retried or scheduled by an owner only; its page says so in place of
/// the Apply button.
@Suite("Batch permissions")
struct BatchPermissionTests {
    static func accountsRequired(_ configuration: inout DashboardConfiguration) { configuration.accounts = .required }

    static let newCup = ImportTesting.write(
        ["id", "name", "description", "price", "currency", "stock", "images"],
        [["", "New tea cup", "A cup that holds tea, new.", "3000", "KRW", "2", "cup.jpg"]])

    @Test func anEditorsBulkDelete_is403_andNoPreviewIsMade() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market), adjust: Self.accountsRequired) { dash in
                let own = try await market.register(name: "Plain Teapot", images: [ImageFixtures.jpeg(600)])
                var editor = try await dash.signedIn(.editor)
                _ = try await editor.open("/products?mine=1")
                let before = try dash.app.engine.batchStore.recent().count
                let refused = try await BatchTesting.bulk(editor, [("ids", String(own)), ("action", "delete")])
                #expect(refused.status == 403)
                #expect(refused.text.contains("Only an owner can add or delete products"))
                #expect(try dash.app.engine.batchStore.recent().count == before)

                // A price change from the same form is an editor's.
                let preview = try await BatchTesting.bulk(editor, [("ids", String(own)), ("action", "price_set"), ("value", "5000"), ("unit", "amount")])
                #expect(preview.status == 303, "\(preview.text.prefix(300))")
            }
        }
    }

    @Test func anImportThatAdds_isPreviewedForAnEditor_butAppliedByAnOwnerOnly() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market), adjust: Self.accountsRequired) { dash in
                var editor = try await dash.signedIn(.editor)
                _ = try await editor.open("/products/import")
                let posted = try await ImportTesting.post(editor, csv: Self.newCup, images: [.jpeg("cup.jpg", size: 3000, fill: 7)])
                #expect(posted.status == 303)
                let batch = try #require(BatchTesting.batchID(posted))

                let page = try await editor.get("/batches/\(batch)?lang=en")
                #expect(page.text.contains("data-owner-only"))
                #expect(page.text.contains("only an owner can apply it"))
                #expect(!page.text.contains("action=\"/batches/\(batch)/apply\""))
                #expect(!page.text.contains("action=\"/batches/\(batch)/schedule\""))
                let writes = market.writes.count
                for button in ["apply", "retry", "schedule"] {
                    let refused = try await BatchTesting.press(button, batch, editor, fields: [("starts_at", "2030-01-01T10:00")])
                    #expect(refused.status == 403, "\(button)")
                    #expect(refused.text.contains("Only an owner can add or delete products"), "\(button)")
                }
                #expect(market.writes.count == writes)

                let owner = try await dash.signedIn(.owner)
                let ownersPage = try await owner.get("/batches/\(batch)?lang=en")
                #expect(!ownersPage.text.contains("data-owner-only"))
                #expect(ownersPage.text.contains("action=\"/batches/\(batch)/apply\""))
            }
        }
    }

    @Test func withAccountsOff_thePreviewKeepsItsApplyButton() async throws {
        try await withDashboard { dash in
            var session = dash.session()
            _ = try await session.open("/products/import")
            let posted = try await ImportTesting.post(session, csv: Self.newCup, images: [.jpeg("cup.jpg", size: 3000, fill: 7)])
            let batch = try #require(BatchTesting.batchID(posted))
            let page = try await session.get("/batches/\(batch)")
            #expect(page.text.contains("action=\"/batches/\(batch)/apply\""))
            #expect(!page.text.contains("data-owner-only"))
        }
    }
}
