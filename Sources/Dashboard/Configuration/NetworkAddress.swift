import Glibc

/// An IPv4 or IPv6 address literal, read with `inet_pton` and written back in its one
/// canonical form (`inet_ntop`), so that `::1`, `0:0:0:0:0:0:0:1` and `[::1]` compare equal.
/// Host names are not addresses: nothing here looks a name up.
struct NetworkAddress: Sendable, Equatable, CustomStringConvertible {
    /// The canonical text, without brackets (`127.0.0.1`, `::1`).
    let description: String
    let isLoopback: Bool

    /// Reads `text`, with or without the brackets an IPv6 literal has in a URL; nil for
    /// anything that is not an address literal.
    init?(_ text: String) {
        var literal = Substring(text)
        if literal.hasPrefix("["), literal.hasSuffix("]") { literal = literal.dropFirst().dropLast() }
        var four = in_addr()
        var six = in6_addr()
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        if inet_pton(AF_INET, String(literal), &four) == 1 {
            _ = inet_ntop(AF_INET, &four, &buffer, socklen_t(buffer.count))
            // 127.0.0.0/8: the first byte in network order.
            isLoopback = UInt32(bigEndian: four.s_addr) >> 24 == 127
        } else if inet_pton(AF_INET6, String(literal), &six) == 1 {
            _ = inet_ntop(AF_INET6, &six, &buffer, socklen_t(buffer.count))
            let bytes = withUnsafeBytes(of: six) { Array($0) }
            isLoopback = bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1
        } else {
            return nil
        }
        description = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The address part of a socket's peer as the server writes it (`127.0.0.1:53122`,
    /// `[::1]:53122`): the port is dropped, so that one client is one address.
    static func peer(_ remoteAddress: String) -> String {
        if remoteAddress.hasPrefix("["), let end = remoteAddress.firstIndex(of: "]") {
            return String(remoteAddress[remoteAddress.index(after: remoteAddress.startIndex)..<end])
        }
        if let colon = remoteAddress.lastIndex(of: ":"), remoteAddress.firstIndex(of: ":") == colon {
            return String(remoteAddress[..<colon])
        }
        return remoteAddress
    }
}
