import Testing
@testable import Templating

@Suite struct ValueTests {
    @Test func literals_buildValues() {
        let value: TemplateValue = ["s": "x", "n": 2, "d": 2.5, "b": true, "l": [nil], "o": [:]]
        #expect(value == .object([
            "s": .string("x"), "n": .number(2), "d": .number(2.5), "b": .bool(true),
            "l": .list([.null]), "o": .object([:]),
        ]))
        #expect(TemplateValue(7) == .number(7))
        #expect(value["s"] == "x")
        #expect(value["missing"] == nil)
    }

    @Test func numbers_formatTheShortestWay() {
        #expect(TemplateValue.format(85) == "85")
        #expect(TemplateValue.format(-0.0) == "0")
        #expect(TemplateValue.format(1.210) == "1.21")
        #expect(TemplateValue.format(12.5) == "12.5")
        #expect(TemplateValue.format(1_000_000) == "1000000")
    }

    @Test func truthiness() {
        let falsey: [TemplateValue] = [nil, false, "", 0, [], [:]]
        let truthy: [TemplateValue] = [true, " ", 1, -0.5, [nil], ["k": nil]]
        #expect(falsey.allSatisfy { !$0.isTruthy })
        #expect(truthy.allSatisfy { $0.isTruthy })
    }
}
