import Foundation
import Glibc

/// Which redirects an image fetch may follow: an image URL the market named may redirect (a CDN
/// does), but never off to a place the market did not name.
///
/// A hop is followed only when
/// - it keeps to an origin (scheme, host and port) of an image URL the market itself returned
///   (`ImageURLRegistry.knowsOrigin`): no https → http downgrade, no other host, no other
///   port on the same host; and
/// - it does not name a loopback, link-local, private or otherwise local address (or
///   `localhost`) unless the market itself is on one: a market on the internet has no business
///   sending the dashboard to 127.0.0.1 or 169.254.169.254. Our own tests and the embedded
///   market run on 127.0.0.1, where the origin rule is the one that holds.
/// Host names are not resolved here: the origin rule already limits hops to hosts the market
/// named, and the first request goes to such a URL anyway.
/// `ImageDownloader` also stops after two hops.
struct ImageRedirectRule: Sendable {
    let registry: ImageURLRegistry
    let marketIsLocal: Bool

    init(registry: ImageURLRegistry, marketURL: URL) {
        self.registry = registry
        self.marketIsLocal = marketURL.host.map(Self.isLocalAddress) ?? false
    }

    func allows(_ target: URL) -> Bool {
        guard registry.knowsOrigin(of: target), let host = target.host else { return false }
        return marketIsLocal || !Self.isLocalAddress(host)
    }

    /// `localhost` (and `*.localhost`), or an IPv4 / IPv6 literal in a loopback, private,
    /// link-local, shared (CGNAT), unspecified or unique-local range.
    static func isLocalAddress(_ host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name.hasSuffix(".") { name.removeLast() }
        if name == "localhost" || name.hasSuffix(".localhost") { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, name, &v4) == 1 {
            return isLocal(ipv4: withUnsafeBytes(of: v4.s_addr) { Array($0) })
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, name, &v6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            return isLocal(ipv4: Array(bytes[12..<16]))  // ::ffff:a.b.c.d
        }
        if bytes[0..<15].allSatisfy({ $0 == 0 }) { return bytes[15] <= 1 }  // :: and ::1
        return (bytes[0] & 0xFE) == 0xFC  // fc00::/7, unique local
            || (bytes[0] == 0xFE && (bytes[1] & 0xC0) == 0x80)  // fe80::/10, link-local
    }

    /// Network-order bytes of an IPv4 address.
    private static func isLocal(ipv4 a: [UInt8]) -> Bool {
        switch (a[0], a[1]) {
        case (0, _), (10, _), (127, _): true
        case (169, 254), (192, 168): true
        case (172, 16...31): true
        case (100, 64...127): true  // shared address space (RFC 6598)
        default: false
        }
    }
}
