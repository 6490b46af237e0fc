import Testing
@testable import Templating

/// One case of the official Mustache spec (github.com/mustache/spec, `specs/*.json`, the
/// required modules): its template, data, partials and expected output, as facts in our own
/// table under our own short name. `deviation` says why this engine deliberately differs.
struct SpecCase: Sendable, CustomTestStringConvertible {
    var name: String
    var template: String
    var data: TemplateValue
    var expected: String
    var partials: [String: String]
    var deviation: String?

    init(_ name: String, _ template: String, _ expected: String, partials: [String: String] = [:], deviation: String? = nil) {
        self.init(name, template, [:], expected, partials: partials, deviation: deviation)
    }

    init(
        _ name: String, _ template: String, _ data: TemplateValue, _ expected: String,
        partials: [String: String] = [:], deviation: String? = nil
    ) {
        self.name = name
        self.template = template
        self.data = data
        self.expected = expected
        self.partials = partials
        self.deviation = deviation
    }

    var testDescription: String { name }

    /// The cases of one spec module, named `module/case`.
    static func module(_ module: String, _ cases: [SpecCase]) -> [SpecCase] {
        cases.map { spec in
            var named = spec
            named.name = "\(module)/\(spec.name)"
            return named
        }
    }
}
