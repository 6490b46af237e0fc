import Foundation
import Testing

@testable import Dashboard

/// Every validation rule, through the real form: 422, an error summary linking to the field,
/// a message beside it, every value refilled (escaped), `no-store`.
@Suite struct FormsValidationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var field: String
        var value: String
        var message: String
        var currency = "KRW"
        var testDescription: String { "\(field)=\"\(value.prefix(20))\" (\(currency))" }
    }

    static let fieldCases: [Case] = [
        Case(field: "name", value: "", message: "Enter the product name"),
        Case(field: "name", value: "ab", message: "The name must be 3 to 100 characters; it has 2."),
        Case(field: "name", value: "   ", message: "Enter the product name"),
        Case(field: "name", value: String(repeating: "가", count: 101), message: "it has 101"),
        Case(field: "description", value: "", message: "Enter a description"),
        Case(field: "description", value: "too short", message: "The description must be 10 to 1,000 characters; it has 9."),
        Case(field: "description", value: String(repeating: "d", count: 1001), message: "it has 1001"),
        Case(field: "name", value: "Mug\u{1B}[31m red", message: "The name has an invisible control character (U+001B) at character 4. Delete it"),
        Case(field: "name", value: "Kettle\u{7F}", message: "(U+007F) at character 7."),
        Case(field: "name", value: "Caf\u{9B}e\u{1}", message: "The name has 2 invisible control characters; the first (U+009B) is at character 4."),
        Case(field: "description", value: "A kettle\u{0} that boils water.", message: "The description has an invisible control character (U+0000) at character 9."),
        Case(field: "price", value: "", message: "Enter the price."),
        Case(field: "price", value: "0", message: "The price must be more than 0."),
        Case(field: "price", value: "-5", message: "The price must be more than 0."),
        Case(field: "price", value: "abc", message: "Enter the price as a number, like 15000."),
        Case(field: "price", value: "abc", message: "Enter the price as a number, like 12.50.", currency: "USD"),
        Case(field: "price", value: "1e5", message: "Enter the price as a number, like 15000."),
        Case(field: "price", value: "12.5", message: "Enter the price in whole won, with no decimals."),
        Case(field: "price", value: "1.234", message: "Enter the price with up to 2 decimal places, like 249.99.", currency: "USD"),
        Case(field: "price", value: "10000000001", message: "The price must be KRW 10,000,000,000 or less."),
        Case(field: "price", value: "10000000001", message: "The price must be USD 10,000,000,000 or less.", currency: "USD"),
        Case(field: "discounted_price", value: "-1", message: "The discount cannot be negative."),
        Case(field: "discounted_price", value: "12001", message: "The discount cannot be more than the price."),
        Case(field: "discounted_price", value: "x", message: "Enter the discount as a number, like 1000."),
        Case(field: "stock", value: "-1", message: "The stock must be a whole number, 0 or more."),
        Case(field: "stock", value: "1.5", message: "The stock must be a whole number"),
        Case(field: "stock", value: "2147483648", message: "The stock must be 2,147,483,647 or less."),
        Case(field: "currency", value: "EUR", message: "Choose KRW or USD."),
    ]

    /// One dashboard for all cases (each case a fresh form): a dashboard per case would start
    /// dozens of markets at once on a 2-core machine.
    @Test func invalidField_is422WithSummaryMessageAndRefill() async throws {
        try await withDashboard { harness in
            for rule in Self.fieldCases {
                var session = FormSession(port: harness.port)
                _ = try await session.open("/products/new")
                var fields = replacing(validProductFields, "currency", with: rule.currency)
                fields = replacing(fields, rule.field, with: rule.value)
                let response = try await session.post("/products", fields, files: [.jpeg("a.jpg")])
                try expectInvalid(response, field: rule.field, message: rule.message, case: rule.testDescription)
                // Every other field comes back as typed.
                let html = response.text
                for (name, value) in fields where name != rule.field && name != "currency" {
                    #expect(html.contains(HTMLText.escape(value)), "refilled \(name) in \(rule.testDescription)")
                }
                #expect(html.contains("<option value=\"\(rule.currency)\" selected>") || rule.field == "currency")
            }
        }
    }

    /// The summary lists the problems in the form's order (currency before the price), and in
    /// Korean each names its field, with the won's example and limit.
    @Test func theSummary_followsTheForm_andNamesEachField() async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new?lang=ko")
            var fields = replacing(validProductFields, "currency", with: "EUR")
            fields = replacing(fields, "stock", with: "-1")
            fields = replacing(fields, "price", with: "abc")
            let refused = try await session.post("/products?lang=ko", fields, files: [.jpeg("a.jpg")])
            #expect(refused.status == 422)
            let summary = HTMLScan.block(in: refused.text, from: "class=\"error-summary\"", to: "</div>")
            #expect(HTMLScan.tags("a", in: summary).compactMap { $0["href"] } == ["#currency", "#price", "#stock"])
            #expect(HTMLScan.text(summary).contains("판매가를 15000이나 12.50처럼 숫자로 입력해 주세요."), "\(HTMLScan.text(summary))")

            var won = FormSession(port: harness.port)
            _ = try await won.open("/products/new?lang=ko")
            let krw = try await won.post("/products?lang=ko", replacing(validProductFields, "price", with: "12.5"), files: [.jpeg("a.jpg")])
            #expect(HTMLScan.text(krw.text).contains("판매가는 원 단위로, 소수점 없이 입력해 주세요."))
            let big = try await won.post("/products?lang=ko", replacing(validProductFields, "price", with: "10000000001"), files: [.jpeg("a.jpg")])
            #expect(HTMLScan.text(big.text).contains("판매가를 10,000,000,000원 이하로 입력해 주세요."))
            let word = try await won.post("/products?lang=ko", replacing(validProductFields, "price", with: "abc"), files: [.jpeg("a.jpg")])
            #expect(HTMLScan.text(word.text).contains("판매가를 15000처럼 숫자로 입력해 주세요."))
        }
    }

    static let imageCases: [(files: [TestFile], message: String)] = [
        ([], "Add 1 to 5 images"),
        ([TestFile(filename: "anim.gif", contentType: "image/gif", bytes: ImageFixtures.gif(500))], "“anim.gif” is not a JPEG or PNG image"),
        ([TestFile(filename: "fake.jpg", contentType: "image/jpeg", bytes: Array("<svg/>".utf8))], "“fake.jpg” is not a JPEG or PNG image"),
        ([.jpeg("big.jpg", size: 300 * 1024 + 1)], "each image must be at most 300 KB"),
        ((1...6).map { .jpeg("p\($0).jpg", fill: UInt8($0)) }, "A product has at most 5 images, so “p6.jpg” was not added."),
    ]

    @Test func invalidImages_are422WithAMessageBesideTheImages() async throws {
        try await withDashboard { harness in
            for rule in Self.imageCases {
                var session = FormSession(port: harness.port)
                _ = try await session.open("/products/new")
                let response = try await session.post("/products", validProductFields, files: rule.files)
                try expectInvalid(response, field: "images", message: rule.message, case: rule.message)
            }
        }
    }

    /// Several images refused: one line each beside the images, each saying what to do.
    @Test func severalRefusedImages_areListedOneALine() async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            let files = [
                TestFile(filename: "anim.gif", contentType: "image/gif", bytes: ImageFixtures.gif(500)), .jpeg("big.jpg", size: 300 * 1024 + 1),
            ]
            let response = try await session.post("/products", validProductFields, files: files)
            #expect(response.status == 422)
            let beside = HTMLScan.block(in: response.text, from: "<div id=\"images-error\"", to: "</div>")
            let lines = HTMLScan.blocks(in: beside, from: "<li>", to: "</li>").map { HTMLScan.text($0) }
            #expect(lines.count == 2, "\(beside)")
            #expect(lines.first?.hasSuffix("is not a JPEG or PNG image, so it was not added. Choose a JPEG or PNG file instead.") == true)
            #expect(lines.last?.contains("each image must be at most 300 KB") == true)
        }
    }

    @Test func imageOfExactly300KB_isAccepted() async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            let response = try await session.post("/products", validProductFields, files: [.jpeg("edge.jpg", size: 300 * 1024)])
            #expect(response.status == 303)
        }
    }

    @Test func refill_escapesWhatWasTyped() async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            var fields = replacing(validProductFields, "name", with: #"<script>alert("x")</script> & 'q'"#)
            fields = replacing(fields, "description", with: "</textarea><img src=x onerror=alert(1)>")
            fields = replacing(fields, "stock", with: "\"><b>")
            let response = try await session.post("/products", fields, files: [.jpeg("a.jpg")])
            #expect(response.status == 422)
            let html = response.text
            #expect(!html.contains("<script>alert"))
            #expect(!html.contains("</textarea><img"))
            #expect(html.contains("value=\"&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;\""))
            #expect(html.contains("&lt;/textarea&gt;&lt;img src=x onerror=alert(1)&gt;</textarea>"))
            #expect(html.contains("value=\"&quot;&gt;&lt;b&gt;\""))
        }
    }

    @Test func severalErrors_areAllListedInPageOrder() async throws {
        try await withDashboard { harness in
            var session = FormSession(port: harness.port)
            _ = try await session.open("/products/new")
            var fields = replacing(validProductFields, "stock", with: "-1")
            fields = replacing(fields, "name", with: "x")
            let response = try await session.post("/products", fields, files: [])
            #expect(response.status == 422)
            let html = response.text
            #expect(html.contains("There are 3 problems to fix"))
            let name = try #require(html.range(of: "href=\"#name\""))
            let stock = try #require(html.range(of: "href=\"#stock\""))
            let images = try #require(html.range(of: "href=\"#images\""))
            #expect(name.lowerBound < stock.lowerBound && stock.lowerBound < images.lowerBound)
        }
    }
}
