import DashboardEngine
import Foundation
import Testing

@testable import Dashboard

/// A browser with accounts on: sent to sign in, signed in through the form as an editor, it
/// edits a price and sees it, is shown no Delete, and signs out.
@Suite(.serialized) struct BrowserSignedInTests {
    static let password = "correct horse battery"

    @Test(BrowserTools.needed) func anEditor_signsIn_editsAPrice_seesNoDelete_andSignsOut() async throws {
        try await withBrowser(adjust: { $0.accounts = .required }) { browser in
            let driver = browser.driver
            _ = try await browser.dashboard.app.engine.accounts.add(name: "Mina", password: Self.password, role: .editor)
            let id = try await ownProduct(browser.dashboard, named: "에어팟 3")

            try await driver.navigating("the sign-in page", to: { $0.hasPrefix("/sign-in") }) {
                try await driver.navigate(to: browser.url("/products"))
            }
            try await driver.fill("#sign-in-name", "Mina")
            try await driver.fill("#sign-in-password", Self.password)
            try await driver.navigating("back on the list", to: "/products") { try await driver.clickSubmit() }
            #expect(try await driver.findAll(".site-account[data-signed-in]").count == 1)

            try await browser.open("/products/\(id)")
            #expect(try await driver.findAll("main a[href='/products/\(id)/delete']").isEmpty, "an editor is shown no Delete")
            try await driver.navigating("the edit form", to: "/products/\(id)/edit") {
                try await driver.click(try await driver.find("main .actions a[href='/products/\(id)/edit']"))
            }
            try await driver.fill("#price", "23456")
            try await driver.navigating("back on the product", to: "/products/\(id)") { try await driver.clickSubmit() }
            #expect(try await driver.flashText() != nil)
            let price = try await driver.text(try await driver.find("main .price"))
            #expect(price.contains("KRW 23,456"), "price reads \(price)")
            #expect(try await driver.findAll("main a[href='/products/\(id)/delete']").isEmpty)
            #expect(try await MarketInspector(browser.dashboard).product(id)["price"] as? Int == 23456)

            try await driver.navigating("the sign-in page after signing out", to: "/sign-in") {
                try await driver.click(try await driver.find(".site-account button[type=submit]"))
            }
            try await driver.navigating("signed out, sent to sign in again", to: { $0.hasPrefix("/sign-in") }) {
                try await driver.navigate(to: browser.url("/products/\(id)"))
            }
            #expect(try await driver.findAll("#sign-in-password").count == 1)
        }
    }
}
