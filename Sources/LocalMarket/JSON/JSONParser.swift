/// A strict RFC 8259 parser over bytes: one value, optional whitespace around it, nothing else.
struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    static let maxDepth = 64

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        // A UTF-8 byte order mark is tolerated, as Jackson does.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw fail("unexpected data after the JSON value") }
        return value
    }

    private func fail(_ reason: String) -> JSONParseError {
        JSONParseError(offset: index, reason: reason)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            index += 1
        }
    }

    private mutating func expect(_ literal: String) throws(JSONParseError) {
        for byte in literal.utf8 {
            guard current == byte else { throw fail("invalid literal") }
            index += 1
        }
    }

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard let byte = current else { throw fail("unexpected end of input") }
        switch byte {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw fail("unexpected character")
        }
    }

    private mutating func enter() throws(JSONParseError) {
        depth += 1
        if depth > Self.maxDepth { throw fail("nesting too deep") }
        index += 1
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw fail("expected a member name") }
            let key = try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw fail("expected ':'") }
            index += 1
            skipWhitespace()
            members.append((key, try parseValue()))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "}"): index += 1; return .object(members)
            default: throw fail("expected ',' or '}'")
            }
        }
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var elements: [JSONValue] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): index += 1
            case UInt8(ascii: "]"): index += 1; return .array(elements)
            default: throw fail("expected ',' or ']'")
            }
        }
    }

    private mutating func parseNumber() throws(JSONParseError) -> String {
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else {
            guard skipDigits() else { throw fail("invalid number") }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard skipDigits() else { throw fail("invalid number") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() else { throw fail("invalid number") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// Skips one or more digits; false when there were none.
    private mutating func skipDigits() -> Bool {
        let start = index
        while let byte = current, byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") { index += 1 }
        return index > start
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        index += 1  // the opening quote
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flushRun(_ parser: JSONParser, upTo end: Int) throws(JSONParseError) {
            guard runStart < end else { return }
            guard let text = String(validating: parser.bytes[runStart..<end], as: UTF8.self) else {
                throw parser.fail("invalid UTF-8 in a string")
            }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while true {
            guard let byte = current else { throw fail("unterminated string") }
            switch byte {
            case UInt8(ascii: "\""):
                try flushRun(self, upTo: index)
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                try flushRun(self, upTo: index)
                index += 1
                scalars.append(try parseEscape())
                runStart = index
            case 0x00..<0x20:
                throw fail("control character in a string")
            default:
                index += 1
            }
        }
    }

    private mutating func parseEscape() throws(JSONParseError) -> Unicode.Scalar {
        guard let byte = current else { throw fail("unterminated escape") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try parseHex4()
            if (0xD800..<0xDC00).contains(unit) {
                guard current == UInt8(ascii: "\\") else { throw fail("unpaired surrogate") }
                index += 1
                guard current == UInt8(ascii: "u") else { throw fail("unpaired surrogate") }
                index += 1
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else { throw fail("unpaired surrogate") }
                let value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                guard let scalar = Unicode.Scalar(value) else { throw fail("invalid escape") }
                return scalar
            }
            guard let scalar = Unicode.Scalar(unit) else { throw fail("unpaired surrogate") }
            return scalar
        default:
            throw fail("invalid escape")
        }
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw fail("unterminated escape") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("invalid \\u escape")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
