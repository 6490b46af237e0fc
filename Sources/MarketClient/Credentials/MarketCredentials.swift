/// The vendor's `identifier` (a UUID, sent as a header) and `secret` (its password, sent in
/// write bodies).
///
/// Neither may reach a page, a log line or an error message: every textual form of this value
/// (`description`, `debugDescription`, `dump`, string interpolation, reflection) shows only
/// `<redacted>`, and it is deliberately not `Codable`.
public struct MarketCredentials: Sendable, Hashable, CustomStringConvertible,
    CustomDebugStringConvertible, CustomReflectable
{
    public let identifier: String
    public let secret: String

    public init(identifier: String, secret: String) {
        self.identifier = identifier
        self.secret = secret
    }

    public var description: String { "MarketCredentials(identifier: <redacted>, secret: <redacted>)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

    /// `text` with every occurrence of the identifier and the secret replaced by `<redacted>`:
    /// applied to anything the upstream says before it can reach a person.
    public func redact(_ text: String) -> String {
        var result = text
        // The longer value first, so one that contains the other is removed whole.
        for value in [identifier, secret].sorted(by: { $0.count > $1.count }) where !value.isEmpty {
            result = result.replacingAll(value, with: "<redacted>")
        }
        return result
    }
}

extension String {
    /// Replaces every occurrence of `target`, compared as unicode scalars with ASCII letters
    /// case-folded (a UUID may come back upper-cased; a value followed by a combining mark is
    /// still found, which a `Character` comparison would miss).
    func replacingAll(_ target: String, with replacement: String) -> String {
        func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
            ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar
        }
        let original = Array(unicodeScalars)
        let haystack = original.map(fold)
        let needle = target.unicodeScalars.map(fold)
        guard !needle.isEmpty, needle.count <= haystack.count else { return self }
        var out = String.UnicodeScalarView()
        var index = 0
        while index < haystack.count {
            if index + needle.count <= haystack.count, haystack[index..<index + needle.count].elementsEqual(needle) {
                out.append(contentsOf: replacement.unicodeScalars)
                index += needle.count
            } else {
                out.append(original[index])
                index += 1
            }
        }
        return String(out)
    }
}
