extension AccessLog {
    /// One request's line, `ADDRESS METHOD PATH STATUS BYTESB MILLISECONDSms`, written straight
    /// into `line` as bytes. The path only: a query string may carry search text a person typed.
    ///
    /// This runs on the event loop once per request, so the line is put together in one
    /// temporary buffer (on the stack for any usual line), each string's UTF-8 copied in one
    /// piece and each number written digit by digit, and appended to `line` in one copy:
    /// appended piece by piece, each of the seven appends checked and grew the array.
    static func format(
        into line: inout [UInt8], remote: String, method: HTTPMethod, target: String, status: HTTPStatus, bytes: Int,
        milliseconds: Int
    ) {
        var remote = remote
        var name = method.rawValue
        var target = target
        remote.withUTF8 { remote in
            name.withUTF8 { name in
                target.withUTF8 { target in
                    let path = UnsafeBufferPointer(rebasing: target[..<(target.firstIndex(of: UInt8(ascii: "?")) ?? target.endIndex)])
                    // Two spaces, then " STATUS BYTESB MILLISECONDSms": three numbers of at most
                    // 20 digits and 7 other bytes.
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: remote.count + name.count + path.count + 69) { out in
                        var end = 0
                        func put(_ piece: UnsafeBufferPointer<UInt8>) {
                            for byte in piece {
                                out[end] = byte
                                end += 1
                            }
                        }
                        func put(_ byte: UInt8) {
                            out[end] = byte
                            end += 1
                        }
                        func putDecimal(_ value: Int) {
                            var rest = UInt(max(0, value))  // negative values, which do not occur, as 0
                            var digits = 1
                            var scan = rest
                            while scan >= 10 {
                                scan /= 10
                                digits += 1
                            }
                            end += digits
                            var at = end
                            repeat {
                                at -= 1
                                out[at] = UInt8(truncatingIfNeeded: rest % 10) &+ UInt8(ascii: "0")
                                rest /= 10
                            } while rest > 0
                        }
                        put(remote)
                        put(0x20)
                        put(name)
                        put(0x20)
                        put(path)
                        put(0x20)
                        putDecimal(status.rawValue)
                        put(0x20)
                        putDecimal(bytes)
                        put(UInt8(ascii: "B"))
                        put(0x20)
                        putDecimal(milliseconds)
                        put(UInt8(ascii: "m"))
                        put(UInt8(ascii: "s"))
                        line.append(contentsOf: UnsafeBufferPointer(rebasing: out[..<end]))
                    }
                }
            }
        }
    }
}
