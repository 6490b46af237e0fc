import Foundation
import Testing

@testable import Dashboard

/// Every POST needs the form's CSRF token (matching the browser's cookie) and must not come from
/// another site; refused requests change nothing.
@Suite struct FormsCSRFTests {
    enum Tamper: String, CaseIterable, Sendable {
        case missingToken, wrongToken, missingCookie
    }

    @Test(arguments: Tamper.allCases)
    func badToken_is403_createsNothing_andKeepsWhatWasTyped(_ tamper: Tamper) async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            let before = try await MarketInspector(harness).totalCount()
            var fields = [("form_token", session.formToken)] + validProductFields
            var headers = session.browserHeaders
            switch tamper {
            case .missingToken: break
            case .wrongToken: fields.insert(("csrf_token", String(repeating: "a", count: 32)), at: 0)
            case .missingCookie:
                fields.insert(("csrf_token", session.csrfToken), at: 0)
                headers["Cookie"] = nil
            }
            let response = try await session.post("/products", fields, files: [.jpeg("a.jpg")], headers: headers, tokens: false)
            #expect(response.status == 403)
            #expect(HTMLScan.text(response.text).contains("The product was not added"))
            #expect(HTMLScan.text(response.text).contains("Your entries are kept below: add the images again, then select Add product."))
            #expect(response.text.contains("value=\"Test Kettle\""))
            #expect(try await MarketInspector(harness).totalCount() == before)
        }
    }

    static let crossSiteHeaders: [[String: String]] = [
        ["Origin": "http://evil.example"],
        ["Origin": "null"],
        ["Origin": "http://127.0.0.1:1"],
        ["Sec-Fetch-Site": "cross-site"],
        ["Sec-Fetch-Site": "same-site"],
        ["Origin": "http://evil.example", "Sec-Fetch-Site": "same-origin"],
    ]

    @Test(arguments: 0..<crossSiteHeaders.count)
    func crossSitePost_is403_evenWithValidTokens(_ index: Int) async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            let before = try await MarketInspector(harness).totalCount()
            var headers = ["Cookie": session.cookie]
            for (name, value) in Self.crossSiteHeaders[index] { headers[name] = value }
            let response = try await session.post("/products", validProductFields, files: [.jpeg("a.jpg")], headers: headers)
            #expect(response.status == 403)
            #expect(HTMLScan.text(response.text).contains("was sent from another website"))
            #expect(try await MarketInspector(harness).totalCount() == before)
        }
    }

    @Test func nonBrowserClient_withoutOriginHeaders_isAcceptedWithValidTokens() async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            let response = try await session.post("/products", validProductFields, files: [.jpeg("a.jpg")], headers: ["Cookie": session.cookie])
            #expect(response.status == 303)
        }
    }

    @Test func sameOriginFetchWithoutOrigin_isAccepted() async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            let headers = ["Cookie": session.cookie, "Sec-Fetch-Site": "same-origin"]
            let response = try await session.post("/products", validProductFields, files: [.jpeg("a.jpg")], headers: headers)
            #expect(response.status == 303)
        }
    }

    @Test func editAndDelete_refuseCrossSiteAndBadTokens() async throws {
        let market = ScriptedMarket(products: [ScriptedMarket.product(id: 7)])
        try await withDashboard(.scripted(market)) { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/7/edit")
            var crossSite = session.browserHeaders
            crossSite["Origin"] = "http://evil.example"
            let edit = try await session.postURLEncoded("/products/7/edit", [("name", "Hijacked"), ("price", "1")], headers: crossSite)
            #expect(edit.status == 403)
            let delete = try await session.postURLEncoded("/products/7/delete", [], headers: crossSite)
            #expect(delete.status == 403)

            var stale = session
            stale.csrfToken = String(repeating: "0", count: 32)
            let staleDelete = try await stale.postURLEncoded("/products/7/delete", [])
            #expect(staleDelete.status == 403)
            #expect(HTMLScan.text(staleDelete.text).contains("The product was not deleted"))
            #expect(HTMLScan.text(staleDelete.text).contains("Select Delete product again."))
            let staleEdit = try await stale.postURLEncoded("/products/7/edit", editFields(price: "1"))
            #expect(staleEdit.status == 403)
            #expect(staleEdit.text.contains("value=\"1\""), "the typed price comes back")
            #expect(HTMLScan.text(staleEdit.text).contains("Your changes are kept below: select Save changes again."))
            market.state.withLock { state in
                #expect(state.edits.isEmpty && state.deletes.isEmpty)
            }
        }
    }
}
