import DashboardEngine
import Foundation
import Testing

@testable import Dashboard

/// The pages show only the buttons the reader's role may use, with accounts on: a viewer sees
/// no edit, delete, new product or bulk form; an editor edits and changes in bulk but neither
/// deletes nor registers; an owner sees them all, as everyone does with accounts off.
@Suite("Buttons per role")
struct RoleButtonsTests {
    struct Seen: Equatable {
        var edit: Bool
        var delete: Bool
        var newProduct: Bool
        var bulkForm: Bool
        var bulkDelete: Bool
    }

    static func seen(_ session: FormSession, product id: Int) async throws -> Seen {
        let product = try await session.get("/products/\(id)").text
        let list = try await session.get("/products?mine=1").text
        return Seen(
            edit: product.contains("href=\"/products/\(id)/edit\""), delete: product.contains("href=\"/products/\(id)/delete\""),
            newProduct: list.contains("href=\"/products/new\""), bulkForm: list.contains("action=\"/products/bulk\""),
            bulkDelete: list.contains("<option value=\"delete\""))
    }

    @Test func eachRole_seesItsButtons_onTheProductPageAndTheList() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market), adjust: { $0.accounts = .required }) { dash in
                let id = try await market.register(name: "Plain Teapot", images: [ImageFixtures.jpeg(600)])
                let viewer = try await dash.signedIn(.viewer)
                let editor = try await dash.signedIn(.editor)
                let owner = try await dash.signedIn(.owner)
                #expect(try await Self.seen(viewer, product: id) == Seen(edit: false, delete: false, newProduct: false, bulkForm: false, bulkDelete: false))
                #expect(try await Self.seen(editor, product: id) == Seen(edit: true, delete: false, newProduct: false, bulkForm: true, bulkDelete: false))
                #expect(try await Self.seen(owner, product: id) == Seen(edit: true, delete: true, newProduct: true, bulkForm: true, bulkDelete: true))
                // The viewer's list again, after the others filled the list's memo.
                #expect(try await Self.seen(viewer, product: id).bulkForm == false)
            }
        }
    }

    @Test func withAccountsOff_everyButtonShows() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { dash in
                let id = try await market.register(name: "Plain Teapot", images: [ImageFixtures.jpeg(600)])
                #expect(try await Self.seen(dash.session(), product: id) == Seen(edit: true, delete: true, newProduct: true, bulkForm: true, bulkDelete: true))
            }
        }
    }
}
