import Foundation
import Testing

@testable import Dashboard

/// Control characters in a name or a description, through the register and edit forms over
/// the market that records every request: refused with 422 in the reader's language, naming
/// the character and where it is, with what was typed kept, and nothing sent. Tab and line
/// breaks stay allowed.
@Suite struct FormsControlCharacterTests {
    /// The value of the form's input or textarea `field` as the page holds it.
    static func typed(_ field: String, in html: String) -> String? {
        if let input = HTMLScan.tags("input", in: html).first(where: { $0["name"] == field }) { return input["value"] }
        let area = HTMLScan.block(in: html, from: "<textarea", to: "</textarea>")
        guard HTMLScan.tags("textarea", in: area).first?["name"] == field, let start = area.firstIndex(of: ">") else { return nil }
        return HTMLScan.unescape(area[area.index(after: start)...].dropLast("</textarea>".count))
    }

    @Test func theRegisterForm_refusesThem_keepsWhatWasTyped_andSendsNothing() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                var session = FormSession(port: harness.port)
                _ = try await session.open("/products/new")
                let before = market.writes.count
                let name = "Mug\u{1B}[31m red"
                let description = "A mug for tea\u{0}, with a handle."
                var fields = replacing(validProductFields, "name", with: name)
                fields = replacing(fields, "description", with: description)
                let refused = try await session.post("/products", fields, files: [.jpeg("a.jpg")])
                try expectInvalid(refused, field: "name", message: "The name has an invisible control character (U+001B) at character 4.")
                try expectInvalid(refused, field: "description", message: "The description has an invisible control character (U+0000) at character 14.")
                #expect(Self.typed("name", in: refused.text) == name)
                #expect(Self.typed("description", in: refused.text) == description)

                let korean = try await session.post(
                    "/products", fields, files: [.jpeg("a.jpg")], headers: session.browserHeaders.merging(["Accept-Language": "ko"]) { $1 })
                #expect(korean.status == 422)
                #expect(HTMLScan.text(korean.text).contains("상품명의 4번째 글자에 보이지 않는 제어 문자가 있습니다(U+001B)."))
                #expect(market.writes.count == before, "sent \(market.writes.dropFirst(before).map(\.path))")

                // Tabs and line breaks are text: the product is added with them.
                let kept = "Column one\tcolumn two\r\nA second line of the description."
                let added = try await session.post(
                    "/products", replacing(validProductFields, "description", with: kept), files: [.jpeg("a.jpg")])
                #expect(added.status == 303)
                let id = try #require(productID(fromLocation: added.header("Location")))
                #expect(try await market.product(id)["description"] as? String == "Column one\tcolumn two\nA second line of the description.")
            }
        }
    }

    @Test func theEditForm_refusesThem_andSendsNothing() async throws {
        try await withRecordingMarket { market in
            try await withDashboard(.recording(market)) { harness in
                let id = try await market.register(name: "Plain Kettle", images: [ImageFixtures.jpeg(600)])
                var session = FormSession(port: harness.port)
                _ = try await session.open("/products/\(id)/edit")
                let before = market.writes.count
                let fields = replacing(validProductFields, "name", with: "Plain Kettle\u{7F}")
                let refused = try await session.postURLEncoded("/products/\(id)/edit", fields)
                try expectInvalid(refused, field: "name", message: "The name has an invisible control character (U+007F) at character 13.")
                #expect(Self.typed("name", in: refused.text) == "Plain Kettle\u{7F}")
                #expect(market.writes.count == before, "sent \(market.writes.dropFirst(before).map(\.path))")
                #expect(try await market.product(id)["name"] as? String == "Plain Kettle")
            }
        }
    }
}
