import Foundation
import Testing

@testable import Dashboard

/// The sentence-case rule of `docs/english-ui.md` over the texts `Wording`'s functions write,
/// with every sample name and number (`WordingSamples`): after a text's first word, and after
/// the end of a sentence, a capital starts only a name ("Open Market", "KRW", a month, a
/// zone), a button quoted by its label (“Add product”), or the sample name put in.
@Suite struct EnglishSentenceCaseTests {
    /// The words that keep their capital anywhere: names of the product, the market and other
    /// programs, currencies, formats and code points, places and zones, months and days as a
    /// date is written, "A to Z", "I", and the labels of buttons, fields and pages a text names
    /// without quotes ("select Show only KRW products", "page 1 of All products").
    static let names: Set<String> = [
        "Open", "Market", "KRW", "USD", "EUR", "CSV", "JPEG", "PNG", "UTF-8", "UTF-16", "Unicode", "Excel", "KB", "MB", "N", "A", "Z", "I",
        "Seoul", "New", "York", "EU", "Korea", "KST", "UTC", "GMT", "LMT", "EST", "EDT",
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
        "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun",
        "My", "All", "Products", "Add", "Preview", "Sort", "Apply", "Delete", "Save", "As", "Restore", "Undo", "Schedule", "Edit",
        "Discounted", "Show", "Back", "Retry", "Refresh", "Images", "Description", "Price", "Stock", "Everyone",
    ]

    /// The words of `text` after its first that start with a capital and are none of `names`
    /// or `also`, start no sentence, and are not inside quotation marks. A sentence starts
    /// after ".", "!" or "?", after a quoted name's colon (“Mug”: The stock …) and after a
    /// dash between a title's parts (Batch 1 – Sheet edits). A possessive is read without its
    /// "'s"; a word with "_", "=" or "+" is a setting or a code point, not prose.
    static func miscapitalised(_ text: String, also: Set<String> = []) -> [String] {
        var found: [String] = []
        var quoted = false
        var sentenceStarts = true
        for word in text.split(whereSeparator: \.isWhitespace) {
            let opensQuote = word.hasPrefix("“") || word.hasPrefix("\"") || word.hasPrefix("‘")
            if opensQuote { quoted = true }
            var bare = word.trimmingCharacters(in: .punctuationCharacters.union(.symbols))
            if bare.hasSuffix("'s") || bare.hasSuffix("’s") { bare = String(bare.dropLast(2)) }
            let code = bare.contains("_") || bare.contains("=") || bare.contains("+")
            if !quoted, !sentenceStarts, !code, let first = bare.unicodeScalars.first, CharacterSet.uppercaseLetters.contains(first),
                !names.contains(bare), !also.contains(bare)
            {
                found.append(bare)
            }
            if word.contains("”") || word.hasSuffix("’") || (word.count > 1 && word.hasSuffix("\"")) {
                quoted = false
            }
            let trimmed = word.trimmingCharacters(in: CharacterSet(charactersIn: "”\"’)"))
            sentenceStarts = (trimmed.last.map { ".!?".contains($0) } ?? false) || word.hasSuffix("”:") || word == "–"
        }
        return found
    }

    /// The checker finds a title-cased label and leaves a sentence case one, names, quoted
    /// buttons and sentences' starts alone.
    @Test func theCheck_findsTitleCase_andLeavesSentenceCaseAlone() {
        #expect(Self.miscapitalised("Add Product") == ["Product"])
        #expect(Self.miscapitalised("The Open Market Is down") == ["Is"])
        #expect(Self.miscapitalised("Prices in KRW. Try again in a moment").isEmpty)
        #expect(Self.miscapitalised("Press “Apply changes” to send them").isEmpty)
        #expect(Self.miscapitalised("Sat 28 Nov, 09:00 KST").isEmpty)
        #expect(Self.miscapitalised("Mug was deleted", also: ["Mug"]).isEmpty)
        #expect(Self.miscapitalised("A product has at most 5 images, so The image was not added.") == ["The"])
        #expect(Self.miscapitalised("“Mug”: The stock must be a whole number. Batch 1 – Sheet edits").isEmpty)
        #expect(Self.miscapitalised("The Open Market's answer, with OPENMARKET_VENDOR_ID=N (U+001B)").isEmpty)
    }

    /// Every text `Wording` writes, in English, with every sample name and number.
    @Test func sentenceCase_inTheTextsWordingWrites() {
        let en = Wording(.en)
        var seen = Set<String>()
        for (text, name) in WordingSamples.everything(en) where seen.insert(text).inserted {
            let also = Set(name.split(separator: " ").map(String.init))
            let found = Self.miscapitalised(text, also: also)
            #expect(found.isEmpty, "“\(text)” capitalises \(found.map { "“\($0)”" }.joined(separator: ", "))")
        }
    }
}
