import Foundation
import Testing

/// The list of error pages comes from the code, not from memory: every function or property of
/// `Sources/Dashboard` that returns `Wording.ErrorText` (the heading and message of an error
/// page or a refusal) is found by reading the sources, and each English heading it can write
/// must be expected by a test of `Tests/DashboardTests`, or be named in `notYetFetched` with
/// what reaching it takes. A new error page fails here until a test fetches it.
@Suite struct ErrorPageListTests {
    /// Headings no test fetches yet, each with what a test must set up to reach it. A heading
    /// here that a test now expects fails too, so the list only shrinks.
    static let notYetFetched: [String: String] = [
        "The batch could not be stored": "the dashboard's database failing as a batch is stored",
        "The kept details can't be restored as they are": "a restore the market refuses for a field other than a short description",
        "This batch missed its time": "a schedule missed after its page was opened",
        "This batch changed since the page was opened": "a batch changed in another tab after its page was opened",
        "This batch was already put back": "an undo of a batch already undone",
        "The history cannot be read": "the database unreadable while the history opens",
        "The price history cannot be read": "the database unreadable while a price history opens",
        "Already being undone": "an undo pressed while the same undo runs",
        "Nothing to undo": "an entry that changed no recorded field",
        "Nothing was sent": "a write refused before sending (the dashboard stopping, a lost answer still checked)",
        "The products could not be read": "a page that needs every product while the count fails",
        "The recycle bin cannot be read": "the database unreadable while the bin opens",
    ]

    static let checkout = DashboardHarness.checkout

    /// Each `ErrorText` producer of `Sources/Dashboard` by its file and name, with the literal
    /// start (up to the first interpolation) of each English heading in its body.
    static func producers() throws -> [(name: String, headings: [String])] {
        let sources = checkout.appendingPathComponent("Sources/Dashboard")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }.sorted()
        let declaration = try Regex(#"\n    (?:(?:private|package|static) )*(?:func (\w+)\([^{]*\) -> |var (\w+): )(?:Wording\.)?ErrorText \{"#)
        let nextDeclaration = try Regex(#"\n    (?:\w+ )*(?:func|var|let|struct|enum|//)|\n\}"#)
        let heading = try Regex(#"heading: "((?:[^"\\]|\\.)*)""#)
        var found: [(String, [String])] = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: declaration) {
                let name = (match.output[1].substring ?? match.output[2].substring).map(String.init) ?? "?"
                let rest = text[match.range.upperBound...]
                let body = rest[..<(rest.firstMatch(of: nextDeclaration)?.range.lowerBound ?? rest.endIndex)]
                let english = body.matches(of: heading).compactMap { $0.output[1].substring.map(String.init) }
                    .map { String($0.prefix { $0 != "\\" }) }
                    .filter { !$0.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } }
                found.append(("\(file): \(name)", english))
            }
        }
        return found
    }

    @Test func everyErrorPageOfWording_isExpectedByATest() throws {
        let producers = try Self.producers()
        // The scan finds the error pages at all: dozens of them, in a dozen files.
        #expect(producers.count > 40, "\(producers.map(\.name))")
        #expect(producers.contains { $0.name.hasSuffix("batchNotFound") && $0.headings == ["Batch not found"] })
        let tests = Self.checkout.appendingPathComponent("Tests/DashboardTests")
        let files = try #require(FileManager.default.enumerator(atPath: tests.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") && !$0.hasSuffix("ErrorPageListTests.swift") && !$0.hasSuffix("WordingSamples.swift") }
        let testText = try files.map { try String(contentsOf: tests.appendingPathComponent($0), encoding: .utf8) }.joined(separator: "\n")
        var headings = Set<String>()
        for (name, english) in producers {
            for heading in english {
                headings.insert(heading)
                let expected = testText.contains("\"\(heading)") || testText.contains(" \(heading)")
                if Self.notYetFetched[heading] != nil {
                    #expect(!expected, "\(name): “\(heading)” is expected by a test now: take it out of notYetFetched")
                } else {
                    #expect(expected, "\(name): no test expects the page headed “\(heading)”: fetch it in ErrorPageWordsTests")
                }
            }
        }
        for heading in Self.notYetFetched.keys {
            #expect(headings.contains(heading), "notYetFetched names “\(heading)”, which no error page has")
        }
    }
}
