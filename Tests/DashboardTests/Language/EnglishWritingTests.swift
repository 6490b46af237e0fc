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
        [ProductsText.shrinking, .shrunk, .shrunkFile, .shrinkFailed, .shrinkUnreadable, .loading].map(\.english)
    }

    static var everything: [String] {
        WordingSamples.everything(en).map(\.text) + scriptTexts
    }

    /// A seller reads "product", "image", "address", never "row", "token" or "multipart".
    static let developerWords: [(pattern: String, why: String)] = [
        (#"\brows?\b"#, "product, line of the file"), (#"\btokens?\b"#, "the cause a person can check"),
        (#"JavaScript"#, "say what happens, not how"), (#"request method"#, "a button on one of the pages"),
        (#"multipart|urlencoded|form-data"#, "words of the page"), (#"\bbytes?\b"#, "KB, MB"), (#"\bHTTP\b|\bCSRF\b"#, "words of the page"),
        (#"\([45]\d\d\)"#, "no status code in the words"),
    ]

    /// The reason phrases of HTTP, in their title case.
    static let reasonPhrases = #"\b(Not Found|Method Not Allowed|Bad Request|Content Too Large|URI Too Long|Forbidden|Request Timeout)\b"#

    /// Terms the glossary retired (`docs/english-ui.md`, "One term per idea"), each with the one
    /// that replaced it.
    static let retiredTerms: [(pattern: String, why: String)] = [
        (#"\bpictures?\b"#, "→ image"), (#"registered again|register (it|them) again"#, "→ restore"), (#"\bOn sale\b"#, "→ Discounted"),
        (#"price paid|price to pay|amount off|bargain"#, "→ sale price, discount"), (#"\bregist(er|ers|ered|ering|rations?)\b"#, "→ add, Add product, Added"),
        (#"\bthumbnail\b"#, "→ main image"), (#"\bcents\b"#, "→ decimal places"), (#"not understood"#, "→ why, and what to do"),
        (#"had expired"#, "→ the cause a person can check"), (#"\bplease\b"#, "→ an imperative, without please"),
    ]

    /// True when one of `rules` matches `text`, whatever its case.
    static func matches(_ rules: [(pattern: String, why: String)], _ text: String) -> Bool {
        rules.contains { text.range(of: $0.pattern, options: [.regularExpression, .caseInsensitive]) != nil }
    }

    /// The rules catch what they name and leave plain English alone.
    @Test func theRules_findWhatTheyLookFor() {
        for text in ["Batch 1, row 3", "the form's security token", "when JavaScript is on", "0 bytes of pictures", "the list (404)"] {
            #expect(Self.matches(Self.developerWords, text), "\(text)")
        }
        for text in ["Register a product", "Registered", "Registered elsewhere", "only the vendor who registered it", "On sale", "Lowest price paid", "Thumbnail", "USD cents", "Please try again"] {
            #expect(Self.matches(Self.retiredTerms, text), "\(text)")
        }
        for text in ["Batch 1, product 3", "Line 3 of the file", "Discounted", "Use as main image", "Restore", "Growing", "narrow the search"] {
            #expect(!Self.matches(Self.developerWords + Self.retiredTerms, text), "\(text)")
        }
        #expect("404 Not Found".range(of: Self.reasonPhrases, options: .regularExpression) != nil)
        #expect("Page not found".range(of: Self.reasonPhrases, options: .regularExpression) == nil)
    }

    /// No developer's word, status code or reason phrase in any text.
    @Test func noDeveloperWords() {
        for text in Self.everything {
            for word in Self.developerWords {
                #expect(text.range(of: word.pattern, options: [.regularExpression, .caseInsensitive]) == nil, "“\(text)”: \(word.why)")
            }
            #expect(text.range(of: Self.reasonPhrases, options: .regularExpression) == nil, "“\(text)”: what happened, in words")
        }
    }

    /// No term the glossary retired.
    @Test func noRetiredTerms() {
        for text in Self.everything {
            for rule in Self.retiredTerms {
                #expect(text.range(of: rule.pattern, options: [.regularExpression, .caseInsensitive]) == nil, "“\(text)”: \(rule.why)")
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
        for key in FixedTexts.entries where !FixedTexts.patterns.contains(key.key) {
            let words = key.english.split(separator: " ")
            for (index, word) in words.enumerated().dropFirst() {
                // A new sentence starts with a capital.
                if let last = words[index - 1].last, ".!?".contains(last) { continue }
                var bare = word.trimmingCharacters(in: .punctuationCharacters)
                // A name's possessive is the name: "the Open Market's products".
                for possessive in ["'s", "’s"] where bare.hasSuffix(possessive) { bare = String(bare.dropLast(possessive.count)) }
                guard let first = bare.unicodeScalars.first, CharacterSet.uppercaseLetters.contains(first) else { continue }
                #expect(names.contains(bare), "\(key.key): “\(key.english)” capitalises “\(bare)”")
            }
        }
    }
}
