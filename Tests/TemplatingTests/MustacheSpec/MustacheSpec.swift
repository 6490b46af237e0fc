import Testing
@testable import Templating

/// The official Mustache spec's required modules, every case a parameterised test. Our table
/// holds all 136 cases of the six modules as of spec v1.4 (comments 12, delimiters 14,
/// interpolation 42, inverted 22, partials 12, sections 34); "partials/missing" is the one
/// documented deviation: a missing partial stops start-up here (`file:line:column`), where the
/// spec renders it empty, because a typo in a partial's name should not ship a blank region.
@Suite("MustacheSpec")
struct MustacheSpec {
    static let all = comments + delimiters + interpolation + inverted + partials + sections

    @Test(arguments: all.filter { $0.deviation == nil })
    func rendersAsTheSpecSays(_ spec: SpecCase) throws {
        #expect(try render(spec.template, spec.data, partials: spec.partials) == spec.expected)
    }

    /// Where we chose otherwise, the difference is loud: loading fails with a clear error,
    /// never output that silently differs from the spec's.
    @Test(arguments: all.filter { $0.deviation != nil })
    func documentedDeviation_failsLoudly(_ spec: SpecCase) {
        let error = loadError(spec.partials.merging(["main": spec.template]) { $1 })
        #expect(error?.reason == .missingPartial("text"), "\(spec.deviation ?? "")")
    }

    @Test func table_hasEveryModuleWithUniqueNames() {
        let names = Self.all.map(\.name)
        #expect(names.count == 136)
        #expect(Set(names).count == names.count)
        let modules = Dictionary(grouping: names) { String($0.prefix { $0 != "/" }) }.mapValues(\.count)
        #expect(modules == ["comments": 12, "delimiters": 14, "interpolation": 42, "inverted": 22, "partials": 12, "sections": 34])
        #expect(Self.all.filter { $0.deviation != nil }.map(\.name) == ["partials/missing"])
    }
}
