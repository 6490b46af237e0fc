/// Checks of Korean text the way a Korean reader would catch its mistakes: a particle that
/// does not fit the word before it (은/는, 이/가, 을/를, 과/와, 으로/로), a particle written
/// both ways ("(은)는"), a particle hung straight on an inserted name.
///
/// Whether a syllable ends in a consonant (받침) comes from its code point: Hangul syllables
/// are laid out from U+AC00 in blocks of 28 finals, the first of which is "none".
enum KoreanText {
    enum Final: Equatable {
        case vowel
        /// ㄹ: takes 로, like a vowel, and 은/을/이/과, like a consonant.
        case rieul
        case consonant
    }

    /// The final of a Hangul syllable; nil for anything else.
    static func final(of scalar: Unicode.Scalar) -> Final? {
        guard (0xAC00...0xD7A3).contains(scalar.value) else { return nil }
        switch (scalar.value - 0xAC00) % 28 {
        case 0: return .vowel
        case 8: return .rieul
        default: return .consonant
        }
    }

    /// Numbers are read out: 1 일, 2 이, 3 삼, 4 사, 5 오, 6 육, 7 칠, 8 팔, 9 구, and a final 0
    /// ends 십, 백, 천, 만 or 영.
    static func final(ofDigit digit: Unicode.Scalar) -> Final? {
        switch digit {
        case "2", "4", "5", "9": .vowel
        case "1", "7", "8": .rieul
        case "0", "3", "6": .consonant
        default: nil
        }
    }

    /// Latin words of our own texts, as Koreans read them out: KRW 케이알더블유, JPEG 제이펙.
    static let latinFinals: [String: Final] = [
        "KRW": .vowel, "USD": .vowel, "PNG": .vowel, "CSV": .vowel, "KB": .vowel, "MB": .vowel, "ID": .vowel,
        "HTTP": .vowel, "JPEG": .consonant, "N": .consonant, "URL": .rieul, "KST": .vowel, "UTC": .vowel,
    ]

    /// Particles and the finals they follow.
    static let afterConsonant: Set<String> = ["을", "은", "이", "과", "이나"]
    static let afterVowel: Set<String> = ["를", "는", "가", "와"]

    /// Words whose last syllable only looks like a particle: verb forms (있는), nouns (할인가).
    static let notParticles: Set<String> = ["있는", "없는", "않는", "맞는", "받는", "할인가", "초과"]

    /// The particles written for both finals at once: "(은)는", "을(를)".
    static let bothWays = ["(은)", "(는)", "(이)", "(가)", "(을)", "(를)", "(과)", "(와)", "(으)로"]

    /// Every particle in `text` that does not fit the word before it, as "word+particle". Only
    /// what can be decided is checked: a Hangul syllable, a digit or a known Latin word before.
    static func misfitParticles(_ text: String) -> [String] {
        var found: [String] = bothWays.filter { text.contains($0) }
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            guard final(of: scalars[index]) != nil else {
                index += 1
                continue
            }
            var end = index
            while end < scalars.count, final(of: scalars[end]) != nil { end += 1 }
            let word = String(String.UnicodeScalarView(scalars[index..<end]))
            if let problem = misfit(word, before: before(scalars, index)) { found.append(problem) }
            index = end
        }
        return found
    }

    /// The final of what stands right before `index`, when it is a digit or a known Latin word.
    private static func before(_ scalars: [Unicode.Scalar], _ index: Int) -> (text: String, final: Final)? {
        guard index > 0 else { return nil }
        let previous = scalars[index - 1]
        // "$12.50" is read "12.50달러": the particle follows 달러, a vowel.
        if final(ofDigit: previous) != nil, let sign = scalars[..<index].lastIndex(where: { final(ofDigit: $0) == nil && $0 != "," && $0 != "." }),
            scalars[sign] == "$"
        {
            return ("달러", .vowel)
        }
        if let digit = final(ofDigit: previous) {
            // "10", "100", "1000" end in 십, 백, 천: a consonant; "20" too (이십).
            return (String(previous), previous == "0" ? .consonant : digit)
        }
        var start = index
        while start > 0, ("A"..."Z").contains(scalars[start - 1]) || ("a"..."z").contains(scalars[start - 1]) { start -= 1 }
        let latin = String(String.UnicodeScalarView(scalars[start..<index])).uppercased()
        guard let final = latinFinals[latin] else { return nil }
        return (latin, final)
    }

    /// The problem with a run of Hangul syllables `word`, whose first syllable may be a
    /// particle after `outside` (a digit or Latin word right before it).
    private static func misfit(_ word: String, before outside: (text: String, final: Final)?) -> String? {
        let syllables = Array(word.unicodeScalars)
        // "나" is a particle only right after a number or a Latin word ("JPEG이나", "PNG나"):
        // after Hangul it is too often part of a word (하나, 거나).
        if word == "나", let outside { return outside.final != .vowel ? outside.text + word : nil }
        // Which particle ends the word, and what comes before it.
        for particle in ["이나", "으로", "로", "을", "은", "이", "과", "를", "는", "가", "와"] {
            let count = particle.unicodeScalars.count
            guard word.hasSuffix(particle) else { continue }
            let stem: (text: String, final: Final)
            if syllables.count > count {
                guard !notParticles.contains(word) else { return nil }
                let last = syllables[syllables.count - count - 1]
                guard let final = final(of: last) else { return nil }
                // "으로" is checked as itself, not as "로" after 으.
                if particle == "로", last == "으" { continue }
                stem = (String(String.UnicodeScalarView(syllables.dropLast(count))), final)
            } else if let outside {
                stem = outside
            } else {
                return nil
            }
            let fits: Bool
            switch particle {
            case "으로": fits = stem.final == .consonant
            case "로": fits = stem.final != .consonant
            case _ where afterConsonant.contains(particle): fits = stem.final != .vowel
            default: fits = stem.final == .vowel
            }
            return fits ? nil : stem.text + particle
        }
        return nil
    }

    /// The particles hung straight on `name` in `text`: the character after each occurrence
    /// of the name (after its closing quote, if any) is a particle. An empty name is looked for
    /// as an empty pair of quotes.
    static func particlesAfter(_ name: String, in text: String) -> [String] {
        let needle = name.isEmpty ? "“”" : name
        var found: [String] = []
        var rest = text[...]
        while let range = rest.range(of: needle) {
            var after = rest[range.upperBound...]
            if let first = after.first, closingQuotes.contains(first) { after = after.dropFirst() }
            if let first = after.first, particleStarts.contains(first) {
                found.append(String(text[range.lowerBound...].prefix(needle.count + 3)))
            }
            rest = rest[range.upperBound...]
        }
        return found
    }

    static let closingQuotes: Set<Character> = ["”", "\"", "’", "'", "」", "』"]
    static let particleStarts: Set<Character> = ["을", "를", "이", "가", "은", "는", "과", "와", "으", "로"]
}
