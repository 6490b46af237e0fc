import Foundation
import Templating
import Testing

@testable import Dashboard

/// Every fixed text of the pages as the app hands them to templates (`DashboardApp.texts`:
/// `UIText` and each page's own `PageTexts`), by key, in both languages.
enum FixedTexts {
    struct Entry: Sendable {
        var key: String
        var english: String
        var korean: String
    }

    static let entries: [Entry] = DashboardApp.texts.keys.sorted().map { key in
        Entry(key: key, english: text(key, .en), korean: text(key, .ko))
    }

    /// Texts that are only a pattern for a script to fill in, with no words of their own:
    /// "{name}({from}KB → {to}KB)" against "{name}: {from} KB → {to} KB".
    static let patterns: Set<String> = [ProductsText.shrunkFile.rawValue, ProductsText.shrinkListSeparator.rawValue]

    /// Every fixed text of `language`.
    static func all(_ language: Language) -> [String] {
        entries.map { language == .en ? $0.english : $0.korean }
    }

    private static func text(_ key: String, _ language: Language) -> String {
        guard case .object(let texts) = DashboardApp.texts[language], case .string(let text)? = texts[key] else { return "" }
        return text
    }

    /// The keys each `PageTexts` type declared in `Sources/Dashboard` has, by type name, read
    /// from the source (`case name = "key"`), so a type the app does not hand to the pages
    /// shows.
    static func declaredKeys() throws -> [String: [String]] {
        let root = DashboardHarness.checkout.appendingPathComponent("Sources/Dashboard")
        let files = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        let declaration = try NSRegularExpression(pattern: #"enum (\w+): String, PageTexts \{"#)
        let key = try NSRegularExpression(pattern: #"^    case \w+ = "(\w+)"$"#, options: .anchorsMatchLines)
        var found: [String: [String]] = [:]
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            let whole = NSRange(text.startIndex..., in: text)
            guard let match = declaration.firstMatch(in: text, range: whole), let name = Range(match.range(at: 1), in: text) else { continue }
            found[String(text[name])] = key.matches(in: text, range: whole).compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } }
        }
        return found
    }
}
