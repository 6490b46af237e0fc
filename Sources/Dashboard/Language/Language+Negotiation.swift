/// RFC 9110 §12.5.4: `Accept-Language` is a list of language ranges, each with an optional
/// weight `q` from 0 to 1 (default 1); `q=0` means "not acceptable". A range matches a
/// language when it equals its tag or is a prefix of it ending at a `-`, and a region of
/// ours matches its language (`ko-KR` → `ko`); `*` matches any.
extension Language {
    /// The acceptable language with the highest weight (the first listed on a tie); nil when
    /// the header names none of ours, or says nothing that can be read.
    static func negotiate(_ headers: [String]) -> Language? {
        var best: (language: Language, weight: Int)?
        for header in headers {
            for item in header.split(separator: ",", omittingEmptySubsequences: true) {
                guard let (range, weight) = parse(item), weight > 0 else { continue }
                guard let language = match(range) else { continue }
                if weight > (best?.weight ?? 0) { best = (language, weight) }
            }
        }
        return best?.language
    }

    /// One `range;q=0.8` item: the lowercased range and the weight in thousandths.
    static func parse(_ item: Substring) -> (range: Substring, weight: Int)? {
        let parts = item.split(separator: ";", omittingEmptySubsequences: false)
        guard let first = parts.first else { return nil }
        let range = first.trimmingOptionalWhitespace()
        guard !range.isEmpty, range.utf8.count <= 64,
            range.utf8.allSatisfy({ isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "*") })
        else { return nil }
        var weight = 1000
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingOptionalWhitespace().lowercased() == "q" else { continue }
            guard let read = qvalue(pair[1].trimmingOptionalWhitespace()) else { return nil }
            weight = read
        }
        return (Substring(range.lowercased()), weight)
    }

    /// `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )`, in thousandths.
    static func qvalue(_ text: Substring) -> Int? {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        var value = Int(first - UInt8(ascii: "0")) * 1000
        guard bytes.count > 1 else { return value }
        guard bytes[1] == UInt8(ascii: "."), bytes.count <= 5 else { return nil }
        var scale = 100
        for digit in bytes.dropFirst(2) {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value += Int(digit - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return value <= 1000 ? value : nil
    }

    /// Ours that `range` names: `ko`, `ko-KR`, `ko-Kore-KR` → Korean; `*` → English (the default).
    static func match(_ range: Substring) -> Language? {
        if range == "*" { return .en }
        let primary = range.split(separator: "-", maxSplits: 1).first ?? range
        return Language(rawValue: String(primary))
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
