import Foundation

/// The English sentences a version of the dashboard stored for batch notes, row problems and
/// warnings (`{"field":"price","en":"…","ko":"…"}`), each with the code it stands for:
/// `batches-2` (`BatchNoteMigration`) reads them back into `BatchNote.Code`s.
///
/// This is the English wording of the version that stored sentences (its `Wording.message`,
/// `imageRefused`, `batchProblem`, `batchWarning` and `importNote`), copied as it was. It must
/// never change: it reads what that version wrote, whatever today's wording says. `{name}`
/// marks where a value was put into the sentence.
enum LegacyBatchText {
    /// The codes `english` says, in order; nil when some part of it is no sentence of the table.
    /// A field's sentences were joined with a space when it had more than one, so a text no
    /// sentence matches whole is tried as a sentence and the rest after each ". ".
    static func codes(_ english: String) -> [BatchNote.Code]? {
        if let code = code(english) { return [code] }
        var cut = english.startIndex
        while let stop = english[cut...].range(of: ". ") {
            cut = stop.upperBound
            guard let first = code(String(english[..<stop.lowerBound]) + ".") else { continue }
            if let rest = codes(String(english[stop.upperBound...])) { return [first] + rest }
        }
        return nil
    }

    /// The code of one sentence of the table, or nil.
    static func code(_ sentence: String) -> BatchNote.Code? {
        for entry in table {
            for values in entry.pattern.matches(sentence) {
                if let code = entry.make(Values(values)) { return code }
            }
        }
        return nil
    }

    // MARK: The table

    private static let table: [Entry] = fieldProblems + imageRefusals + rowProblems + warnings + importNotes

    /// `Wording.message` (a field's value breaks the API's rules).
    private static let fieldProblems: [Entry] = [
        Entry("Enter the product name (3 to 100 characters).") { _ in .field(.nameMissing) },
        Entry("The name must be 3 to 100 characters; it has {count}.") { $0.integer("count").map { .field(.nameLength($0)) } },
        Entry("Enter a description (10 to 1000 characters).") { _ in .field(.descriptionMissing) },
        Entry("The description must be 10 to 1000 characters; it has {count}.") {
            $0.integer("count").map { .field(.descriptionLength($0)) }
        },
        Entry("Choose KRW or USD.") { _ in .field(.currency) },
        Entry("Enter the price.") { _ in .field(.priceMissing) },
        Entry("The price must be more than 0.") { _ in .field(.priceNotPositive) },
        Entry("The price must be at most 10,000,000,000.") { _ in .field(.priceTooHigh) },
        Entry("The discount cannot be negative.") { _ in .field(.discountNegative) },
        Entry("The discount cannot be more than the price.") { _ in .field(.discountOverPrice) },
        Entry("The price cannot be less than the discount ({discount}); lower the discount too.") {
            $0.decimal("discount").map { .field(.priceUnderDiscount($0)) }
        },
        Entry("The stock must be at most 2,147,483,647.") { _ in .field(.stockTooHigh) },
        Entry("The stock cannot be negative.") { _ in .field(.stockNegative) },
        Entry("The stock must be a whole number, 0 or more.") { _ in .field(.stockNotWhole) },
        Entry("Enter a number, like 1000 or 12.50.") { _ in .field(.notANumber) },
        Entry("KRW amounts are whole numbers (no decimals).") { _ in .field(.krwWhole) },
        Entry("USD amounts have at most 2 decimals (cents).") { _ in .field(.usdCents) },
        Entry("Add 1 to 5 images (JPEG or PNG, each at most 300 KB).") { _ in .field(.imagesMissing) },
        Entry("An attached image expired; please add it again.") { _ in .field(.imageExpired) },
        Entry("Choose one of the product's images as its thumbnail.") { _ in .field(.thumbnailChoice) },
    ]

    /// `Wording.imageRefused`: `{image}` was `“name”`, or “The image” for a file without a name.
    private static let imageRefusals: [Entry] = [
        image("{image} is not a JPEG or PNG image, so it was not added.") { _ in .notJPEGOrPNG },
        image(
            "{image} is {size}; each image must be at most {limit}. "
                + "Make it smaller (with JavaScript on, this page does that for you) and add it again."
        ) { values in
            guard values.bytes("limit") != nil, let size = values.bytes("size") else { return nil }
            return .tooLarge(bytes: size)
        },
        image("{image} is not a whole {format} picture (it is cut short or damaged), so it was not added.") {
            $0.text("format").map { .damaged(format: $0) }
        },
        image("A product has at most 5 images, so {image} was not added. Remove one to add another.") { _ in .tooMany },
        image("The server is keeping too many unfinished forms right now, so {image} was not kept. Please add it again in a few minutes.") {
            _ in .busy
        },
        image("{image} could not be kept on the server right now; please add it again.") { _ in .unavailable },
    ].flatMap { $0 }

    /// `Wording.batchProblem`.
    private static let rowProblems: [Entry] = [
        Entry("There is no product {id} on the market (it may have been deleted).") { $0.integer("id").map { .row(.notFound(id: $0)) } },
        Entry("This is another vendor's product: only your own products can be changed here.") { _ in .row(.notOwn) },
        Entry("The id “{text}” is not a product number; leave it empty to register a new product.") {
            $0.text("text").map { .row(.badID($0)) }
        },
        Entry("A product has at most 5 images; this row names {count}.") { $0.integer("count").map { .row(.tooManyImages($0)) } },
        Entry("“{name}” is not among the uploaded images; add it with the images.") {
            $0.text("name").map { .row(.imageNotUploaded($0)) }
        },
    ]

    /// `Wording.batchWarning`.
    private static let warnings: [Entry] = [
        Entry("The price goes {direction} by {percent}%, more than half.") { values in
            guard let percent = values.integer("percent"), let direction = values.text("direction"), ["up", "down"].contains(direction)
            else { return nil }
            return .warning(.priceJump(percent: percent, up: direction == "up"))
        },
        Entry("The discount is {percent}% of the price.") { $0.integer("percent").map { .warning(.deepDiscount(percent: $0)) } },
        Entry("Another product of yours has this name.") { _ in .warning(.duplicateName) },
        Entry("Row {line} of the file gives a product this name too.") { $0.integer("line").map { .warning(.duplicateInFile(line: $0)) } },
    ]

    /// `Wording.importNote`: `{names}` was each column's name in quotes, joined with ", ".
    private static let importNotes: [Entry] = [
        Entry("Ignored: {names}, which the market works out itself.") { $0.names("names").map { .columns(.computed($0)) } },
        Entry("Ignored: {names}, which this import does not know.") { $0.names("names").map { .columns(.unrecognised($0)) } },
        Entry("Ignored: {names}, a column named twice (the first one was read).") { $0.names("names").map { .columns(.repeated($0)) } },
    ]

    /// A refusal's two sentences: with the file's name in quotes, and with “The image”.
    private static func image(_ sentence: String, _ refusal: @escaping @Sendable (Values) -> ImageProblem?) -> [Entry] {
        [
            Entry(sentence.replacingOccurrences(of: "{image}", with: "“{image}”")) { values in
                guard let name = values.text("image").map(unquoted), let refusal = refusal(values) else { return nil }
                return .field(.imageRefused(name: name, refusal))
            },
            Entry(sentence.replacingOccurrences(of: "{image}", with: "The image")) { values in
                refusal(values).map { .field(.imageRefused(name: nil, $0)) }
            },
        ]
    }

    /// An import quoted an image's name before the refusal quoted it again (`““a.png””`): the
    /// name is the inner one.
    private static func unquoted(_ name: String) -> String {
        guard name.count > 2, name.hasPrefix("“"), name.hasSuffix("”") else { return name }
        return String(name.dropFirst().dropLast())
    }

    // MARK: Matching

    /// A sentence of the table and the code it makes from its values (nil when a value does
    /// not read as it must: the sentence is then not this one).
    private struct Entry: Sendable {
        let pattern: Pattern
        let make: @Sendable (Values) -> BatchNote.Code?

        init(_ sentence: String, _ make: @escaping @Sendable (Values) -> BatchNote.Code?) {
            pattern = Pattern(sentence)
            self.make = make
        }
    }

    /// The values a sentence held, by name, as text.
    struct Values: Sendable {
        let texts: [String: String]

        init(_ texts: [String: String]) { self.texts = texts }

        func text(_ name: String) -> String? { texts[name] }

        /// A whole number written as `Int.description` writes it.
        func integer(_ name: String) -> Int? {
            text(name).flatMap { text in Int(text).flatMap { String($0) == text ? $0 : nil } }
        }

        /// An amount written as `Decimal.description` writes it (`10000`, `12.5`).
        func decimal(_ name: String) -> Decimal? {
            text(name).flatMap { text in
                Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")).flatMap { "\($0)" == text ? $0 : nil }
            }
        }

        /// A size as `Wording.bytes` wrote it in English (`120 bytes`, `310 KB`, `1.5 MB`), in
        /// bytes: the middle of the sizes that read so, which `Wording.bytes` words the same.
        func bytes(_ name: String) -> Int? {
            guard let parts = text(name)?.split(separator: " "), parts.count == 2 else { return nil }
            let units: [Substring: Double] = ["bytes": 1, "KB": 1024, "MB": 1024 * 1024, "GB": 1024 * 1024 * 1024]
            guard let unit = units[parts[1]], parts[0].allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
                let number = Double(parts[0])
            else { return nil }
            return Int((number * unit).rounded())
        }

        /// Names each in quotes, joined with ", ": `“vendor”, “bargain_price”`.
        func names(_ name: String) -> [String]? {
            guard let text = text(name), text.count > 2, text.hasPrefix("“"), text.hasSuffix("”") else { return nil }
            return text.dropFirst().dropLast().components(separatedBy: "”, “")
        }
    }

    /// A sentence with `{name}` where values were put: literal text and named gaps, in order.
    struct Pattern: Sendable {
        enum Piece: Sendable, Equatable {
            case text(String)
            case value(String)
        }

        let pieces: [Piece]

        init(_ sentence: String) {
            var pieces: [Piece] = []
            var rest = Substring(sentence)
            while let open = rest.range(of: "{"), let close = rest[open.upperBound...].range(of: "}") {
                if open.lowerBound > rest.startIndex { pieces.append(.text(String(rest[..<open.lowerBound]))) }
                pieces.append(.value(String(rest[open.upperBound..<close.lowerBound])))
                rest = rest[close.upperBound...]
            }
            if !rest.isEmpty { pieces.append(.text(String(rest))) }
            self.pieces = pieces
        }

        /// Every way `sentence` reads as this pattern, each value non-empty: a value may hold
        /// the text that follows it (a file named `a” is b.png`), so each place that text
        /// occurs is tried.
        func matches(_ sentence: String) -> [[String: String]] {
            var found: [[String: String]] = []
            match(Substring(sentence), from: 0, values: [:], into: &found)
            return found
        }

        private func match(_ rest: Substring, from index: Int, values: [String: String], into found: inout [[String: String]]) {
            guard index < pieces.count else {
                if rest.isEmpty { found.append(values) }
                return
            }
            switch pieces[index] {
            case .text(let text):
                guard rest.hasPrefix(text) else { return }
                match(rest.dropFirst(text.count), from: index + 1, values: values, into: &found)
            case .value(let name):
                guard index + 1 < pieces.count else {
                    if !rest.isEmpty { found.append(values.merging([name: String(rest)]) { $1 }) }
                    return
                }
                // Two values side by side do not occur in the table: a value ends where the
                // text after it starts.
                guard case .text(let next) = pieces[index + 1] else { return }
                var start = rest.startIndex
                while start < rest.endIndex, let place = rest[start...].range(of: next) {
                    if place.lowerBound > rest.startIndex {
                        let value = String(rest[..<place.lowerBound])
                        match(rest[place.lowerBound...], from: index + 1, values: values.merging([name: value]) { $1 }, into: &found)
                    }
                    start = rest.index(after: place.lowerBound)
                }
            }
        }
    }
}
