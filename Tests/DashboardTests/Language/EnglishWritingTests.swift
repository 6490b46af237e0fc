import Foundation
import Testing

@testable import Dashboard

/// The English texts read like a product a seller uses (`docs/english-ui.md`): no developer's
/// words, no HTTP words or status codes, one term per idea, sentence case. Every text is
/// checked with every sample name and number (`WordingSamples`).
@Suite struct EnglishWritingTests {
    static let en = Wording(.en)

    /// The data attributes that carry the browser scripts' messages, as a page has them.
    static var scriptTexts: [String] {
        [UIText.shrinking, .shrunk, .shrunkFile, .shrinkFailed, .shrinkUnreadable, .loading].map(\.english)
    }

    static var everything: [String] {
        WordingSamples.everything(en).map(\.text) + scriptTexts
    }

    /// A seller reads "product", "image", "address", never "row", "token" or "multipart".
    @Test func noDeveloperWords() {
        let words: [(pattern: String, instead: String)] = [
            (#"\brows?\b"#, "product, line of the file"), (#"\btokens?\b"#, "the cause a person can check"),
            (#"JavaScript"#, "say what happens, not how"), (#"request method"#, "a button on one of the pages"),
            (#"multipart|urlencoded|form-data"#, "words of the page"), (#"\bbytes?\b"#, "KB, MB"), (#"\bHTTP\b|\bCSRF\b"#, "words of the page"),
            (#"\([45]\d\d\)"#, "no status code in the words"),
        ]
        // The reason phrases of HTTP, in their title case.
        let reasons = #"\b(Not Found|Method Not Allowed|Bad Request|Content Too Large|URI Too Long|Forbidden|Request Timeout)\b"#
        for text in Self.everything {
            for word in words {
                #expect(text.range(of: word.pattern, options: [.regularExpression, .caseInsensitive]) == nil, "“\(text)”: \(word.instead)")
            }
            #expect(text.range(of: reasons, options: .regularExpression) == nil, "“\(text)”: what happened, in words")
        }
    }

    /// Terms the glossary retired (`docs/english-ui.md`, "One term per idea"), each with the one
    /// that replaced it.
    @Test func noRetiredTerms() {
        let retired: [(pattern: String, term: String)] = [
            (#"\bpictures?\b"#, "image"), (#"registered again|register (it|them) again"#, "restore"), (#"\bOn sale\b"#, "Discounted"),
            (#"price paid|price to pay|amount off|bargain"#, "sale price, discount"), (#"Register (a )?product|Registrations"#, "Add product"),
            (#"\bthumbnail\b"#, "main image"), (#"\bcents\b"#, "decimal places"), (#"not understood"#, "why, and what to do"),
            (#"had expired"#, "the cause a person can check"), (#"\bplease\b"#, "an imperative, without please"),
        ]
        for text in Self.everything {
            for rule in retired {
                #expect(text.range(of: rule.pattern, options: [.regularExpression, .caseInsensitive]) == nil, "“\(text)”: → \(rule.term)")
            }
        }
    }

    /// Headings, buttons and labels are sentence case: after the first word, a capital starts
    /// only a name ("Open Market", "KRW", "CSV") or a button quoted by its label.
    @Test func sentenceCase_inTheFixedTexts() {
        let names: Set<String> = [
            "Open", "Market", "KRW", "USD", "CSV", "JPEG", "PNG", "UTF-8", "I", "My", "Add", "Preview", "Sort", "Apply", "Delete", "Save",
            "Restore", "Undo", "Schedule", "Edit", "Products", "Discounted", "KB", "MB", "N",
        ]
        for key in UIText.allCases where !WordingTests.patterns.contains(key) {
            let words = key.english.split(separator: " ")
            for (index, word) in words.enumerated().dropFirst() {
                // A new sentence starts with a capital.
                if let last = words[index - 1].last, ".!?".contains(last) { continue }
                let bare = word.trimmingCharacters(in: .punctuationCharacters)
                guard let first = bare.unicodeScalars.first, CharacterSet.uppercaseLetters.contains(first) else { continue }
                #expect(names.contains(bare), "\(key.rawValue): “\(key.english)” capitalises “\(bare)”")
            }
        }
    }
}
