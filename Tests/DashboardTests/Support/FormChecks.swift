import Foundation
import Testing

/// The common checks of a form refused for one field.
func expectInvalid(
    _ response: TestResponse, field: String, message: String, case label: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    #expect(response.status == 422, "\(label)", sourceLocation: sourceLocation)
    #expect(response.header("Cache-Control") == "no-store", sourceLocation: sourceLocation)
    let html = response.text
    let summary = try #require(html.range(of: "class=\"error-summary\" role=\"alert\""), sourceLocation: sourceLocation)
    let form = try #require(html.range(of: "<form method=\"post\""), sourceLocation: sourceLocation)
    #expect(summary.lowerBound < form.lowerBound, "the summary is above the form", sourceLocation: sourceLocation)
    #expect(html.contains("<a href=\"#\(field)\">"), "the summary links to #\(field)", sourceLocation: sourceLocation)
    #expect(html.contains("id=\"\(field)-error\""), "a message beside \(field)", sourceLocation: sourceLocation)
    #expect(html.contains(HTMLText.escape(message)), "message: \(message) \(label)", sourceLocation: sourceLocation)
    #expect(html.contains("id=\"\(field)\""), sourceLocation: sourceLocation)
    #expect(html.contains(" \(field)-error\"") || html.contains("aria-describedby=\"\(field)-error\""),
        "aria-describedby names the message", sourceLocation: sourceLocation)
}

/// The template engine's escaping, for expected strings.
enum HTMLText {
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// The edit form's fields for `ScriptedMarket.product`, with a price.
func editFields(price: String, name: String = "Scripted Teapot", thumbnail: String = "1") -> [(String, String)] {
    [
        ("name", name), ("description", "A teapot the tests script."), ("price", price),
        ("discounted_price", "500"), ("stock", "3"), ("currency", "KRW"), ("thumbnail_id", thumbnail),
    ]
}
