extension AccessLog {
    /// One request's line, `ADDRESS METHOD PATH STATUS BYTESB MILLISECONDSms`, written straight
    /// into `line` as bytes. The path only: a query string may carry search text a person typed.
    static func format(
        into line: inout [UInt8], remote: String, method: HTTPMethod, target: String, status: HTTPStatus, bytes: Int,
        milliseconds: Int
    ) {
        line.append(contentsOf: remote.utf8)
        line.append(0x20)
        line.append(contentsOf: method.rawValue.utf8)
        line.append(0x20)
        if let query = target.utf8.firstIndex(of: UInt8(ascii: "?")) {
            line.append(contentsOf: target.utf8[..<query])
        } else {
            line.append(contentsOf: target.utf8)
        }
        line.append(0x20)
        appendDecimal(status.rawValue, to: &line)
        line.append(0x20)
        appendDecimal(bytes, to: &line)
        line.append(UInt8(ascii: "B"))
        line.append(0x20)
        appendDecimal(milliseconds, to: &line)
        line.append(contentsOf: "ms".utf8)
    }

    /// `value` in decimal digits (negative values, which do not occur, as 0).
    static func appendDecimal(_ value: Int, to line: inout [UInt8]) {
        var rest = max(0, value)
        let start = line.count
        repeat {
            line.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        line[start...].reverse()
    }
}
