/// The values a route's `{name}` segments captured, percent-decoded, by name.
///
/// Most routes capture one value (an id, an image key) and a few two, so the pairs sit in a
/// small array, looked up by comparing names: a match makes no dictionary and hashes nothing,
/// and one without parameters allocates nothing. One reference wide, as a dictionary is, so
/// a `Router.Match` copies as cheaply. Setting a name again replaces its value, and setting
/// nil removes it, as with a dictionary.
public struct PathParameters: Sendable, Equatable, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    struct Pair: Sendable {
        let name: String
        var value: String
    }

    /// In the order they were first set.
    private var pairs: [Pair] = []

    public init() {}

    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { self[name] = value }
    }

    public init(_ dictionary: [String: String]) {
        for (name, value) in dictionary { self[name] = value }
    }

    public var isEmpty: Bool { pairs.isEmpty }
    public var count: Int { pairs.count }

    public subscript(name: String) -> String? {
        get {
            for i in pairs.indices where pairs[i].name == name { return pairs[i].value }
            return nil
        }
        set {
            if let i = pairs.firstIndex(where: { $0.name == name }) {
                if let newValue { pairs[i].value = newValue } else { pairs.remove(at: i) }
            } else if let newValue {
                pairs.append(Pair(name: name, value: newValue))
            }
        }
    }

    /// The same values as a dictionary.
    public var dictionary: [String: String] {
        var dictionary: [String: String] = [:]
        for pair in pairs { dictionary[pair.name] = pair.value }
        return dictionary
    }

    public var description: String { dictionary.description }

    /// The same names with the same values, in any order.
    public static func == (lhs: PathParameters, rhs: PathParameters) -> Bool {
        lhs.dictionary == rhs.dictionary
    }
}
