import Testing

extension TestResponse {
    /// Every header line but `Date` (which moves with the clock), in order, as `Name: value`.
    var linesButDate: [String] {
        headers.filter { $0.name.lowercased() != "date" }.map { "\($0.name): \($0.value)" }
    }
}

/// Expects `actual` to be `expected`'s answer: the same status, header lines (all but `Date`)
/// and body bytes. The bodies are compared whole but reported by size, not byte by byte.
func expectSameAnswer(
    _ actual: TestResponse, _ expected: TestResponse, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(actual.status == expected.status, "\(what)", sourceLocation: sourceLocation)
    #expect(actual.linesButDate == expected.linesButDate, "\(what)", sourceLocation: sourceLocation)
    let same = actual.body == expected.body
    #expect(same, "\(what): \(actual.body.count) bytes, \(expected.body.count) expected", sourceLocation: sourceLocation)
}
