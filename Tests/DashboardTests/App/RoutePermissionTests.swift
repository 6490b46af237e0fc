import DashboardEngine
import Foundation
import Testing

@testable import Dashboard
@testable import HTTPServer

/// What each request may do with accounts on: every route of the table has a permission; a
/// page opened without a session goes to the sign-in page; a form sent without a session or
/// by a role that may not is 403 in the reader's language, naming who can, and nothing reaches
/// the market.
@Suite("Route permissions")
struct RoutePermissionTests {
    /// Paths for the table's patterns, from what the test made.
    static func path(_ pattern: String, product: Int) -> String {
        pattern.replacingOccurrences(of: "{id}", with: String(product)).replacingOccurrences(of: "{entry}", with: "1")
    }

    static func accountsRequired(_ configuration: inout DashboardConfiguration) { configuration.accounts = .required }

    @Test func everyRouteOfTheRouter_hasItsPermissionInTheTable() async throws {
        try await withDashboard(adjust: Self.accountsRequired) { dash in
            let routed = dash.app.server.core.router.routes.map { "\($0.method.rawValue) \($0.pattern)" }
            let ruled = dash.app.routeRules.map { "\($0.method.rawValue) \($0.pattern)" }
            #expect(Set(routed) == Set(ruled))
            #expect(routed.count == ruled.count)
            let open = dash.app.routeRules.filter { $0.needs == .open }.map(\.pattern)
            #expect(Set(open) == ["/", "/static/{path...}", "/images/{key}", "/healthz", "/sign-in", "/sign-in/setup", "/sign-out"])
        }
    }

    @Test func withoutASession_everyPage_goesToSignIn_andComesBack() async throws {
        try await withDashboard(adjust: Self.accountsRequired) { dash in
            let pages = dash.app.routeRules.filter { $0.method == .get && $0.needs != .open }
            #expect(pages.count > 10)
            for rule in pages {
                let path = Self.path(rule.pattern, product: 1).replacingOccurrences(of: "{token}/{number}", with: "t/1")
                let response = try await dash.get(path)
                #expect(response.status == 303, "GET \(path)")
                #expect(response.header("Location") == "/sign-in?next=\(path)", "GET \(path)")
            }
            let query = try await dash.get("/products?q=kettle&page=2")
            #expect(query.header("Location") == "/sign-in?next=/products%3Fq%3Dkettle%26page%3D2")
            let health = try await dash.get("/healthz")
            #expect(health.status == 200)
        }
    }

    /// The check the issue names: a viewer's POST to every write route of the table (and the
    /// same POST from nobody signed in) is refused, and the market sees no request.
    @Test func aViewersPOST_toEveryWriteRoute_is403_andTheMarketSeesNothing() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market), adjust: Self.accountsRequired) { dash in
                var owner = try await dash.signedIn(.owner)
                _ = try await owner.open("/products/new")
                let made = try await owner.post("/products", validProductFields, files: [.jpeg("k.jpg")])
                let id = try #require(productID(fromLocation: made.header("Location")), "register: \(made.status)")
                let writesBefore = market.writes.count
                #expect(writesBefore > 0, "the owner's create reached the market")

                var viewer = try await dash.signedIn(.viewer)
                _ = try await viewer.open("/products/import")
                // The edit form itself is an editor's: a viewer gets the page that says who can.
                let form = try await viewer.get("/products/\(id)/edit")
                #expect(form.status == 403)
                #expect(form.text.contains("Only an editor or an owner can change products"))
                var nobody = dash.session()
                nobody.cookie = viewer.cookie
                (nobody.csrfToken, nobody.formToken) = (viewer.csrfToken, viewer.formToken)
                let writes = dash.app.routeRules.filter { $0.method == .post && $0.needs != .open && $0.needs != .read }
                #expect(writes.count >= 15)
                for rule in writes {
                    let path = Self.path(rule.pattern, product: id)
                    let fields = validProductFields + [("action", "delete"), ("product_ids", String(id)), ("batch_revision", "1")]
                    let refused = try await viewer.post(path, fields)
                    #expect(refused.status == 403, "POST \(path) as a viewer")
                    let heading = switch rule.needs {
                    case .write: "Only an editor or an owner can change products"
                    case .manageAccounts: "Only an owner can manage accounts"
                    default: "Only an owner can add or delete products"
                    }
                    #expect(refused.text.contains(heading), "POST \(path) as a viewer")
                    let anonymous = try await nobody.post(path, fields)
                    #expect(anonymous.status == 403, "POST \(path) without a session")
                    #expect(anonymous.text.contains("Sign in first"), "POST \(path) without a session")
                }
                #expect(market.writes.count == writesBefore)
            }
        }
    }

    @Test func anEditor_mayEdit_butNotDelete_andAnOwnerMay() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market), adjust: Self.accountsRequired) { dash in
                var owner = try await dash.signedIn(.owner)
                _ = try await owner.open("/products/new")
                let made = try await owner.post("/products", validProductFields, files: [.jpeg("k.jpg")])
                let id = try #require(productID(fromLocation: made.header("Location")))

                var editor = try await dash.signedIn(.editor)
                _ = try await editor.open("/products/\(id)/edit")
                let edited = try await editor.postURLEncoded("/products/\(id)/edit", replacing(validProductFields, "price", with: "13000"))
                #expect(edited.status == 303)
                #expect(try await editor.get("/products/\(id)/delete").status == 403)
                #expect(try await editor.get("/products/new").status == 403)
                let refused = try await editor.postURLEncoded("/products/\(id)/delete", [])
                #expect(refused.status == 403)
                #expect(refused.text.contains("Only an owner can add or delete products"))
                #expect(!market.writes.contains { $0.path.hasPrefix("/api/products/\(id)") && $0.method != "PATCH" })

                _ = try await owner.open("/products/\(id)/delete")
                let deleted = try await owner.postURLEncoded("/products/\(id)/delete", [])
                #expect(deleted.status == 303)
            }
        }
    }

    @Test func theRefusal_isInTheReadersLanguage() async throws {
        try await withDashboard(adjust: Self.accountsRequired) { dash in
            var viewer = try await dash.signedIn(.viewer)
            _ = try await viewer.open("/products/import")
            var headers = viewer.browserHeaders
            headers["Accept-Language"] = "ko"
            let refused = try await viewer.post("/products", validProductFields, headers: headers)
            #expect(refused.status == 403)
            #expect(refused.text.contains("상품 등록과 삭제는 소유자만 할 수 있습니다"))
            #expect(refused.text.contains("아무것도 반영하지 않았습니다"))
        }
    }

    @Test func withAccountsOff_nothingAsks() async throws {
        try await withDashboard { dash in
            #expect(!dash.app.accountsOn)
            let list = try await dash.get("/products")
            #expect(list.status == 200)
            #expect(list.setCookie("om_session") == nil)
        }
    }
}
