import DashboardEngine
import HTTPServer
import Testing

@testable import Dashboard

/// Who sent a request: the socket's peer, unless a trusted proxy (`--trusted-proxy`) sent it;
/// `X-Forwarded-For` and `X-Forwarded-Proto` from anyone else change nothing.
struct RequestContextWhoTests {
    func who(_ proxies: [String], peer: String, _ headers: HTTPHeaders = HTTPHeaders()) -> RequestContext {
        let request = HTTPRequest(method: .get, target: "/products", headers: headers, remoteAddress: peer)
        return RequestContext(request, settings: PageSettings(timeZone: .gmt), ownVendorID: nil, who: RequestContext.Who(accounts: nil, trustedProxies: proxies))
    }

    static let forwarded: HTTPHeaders = ["X-Forwarded-For": "203.0.113.7, 10.0.0.2", "X-Forwarded-Proto": "https"]

    @Test func withNoProxy_thePeerWithoutItsPort() {
        #expect(who([], peer: "192.168.0.5:53122").clientAddress == "192.168.0.5")
        #expect(who([], peer: "[::1]:53122").clientAddress == "::1")
        let answer = who([], peer: "10.0.0.2:4000", Self.forwarded)
        #expect(answer.clientAddress == "10.0.0.2")
        #expect(!answer.cameOverHTTPS)
        #expect(!answer.accountsOn && answer.account == nil)
    }

    @Test func fromAnotherPeer_theHeadersAreIgnored() {
        let answer = who(["10.0.0.9"], peer: "10.0.0.2:4000", Self.forwarded)
        #expect(answer.clientAddress == "10.0.0.2")
        #expect(!answer.cameOverHTTPS)
    }

    @Test func fromATrustedProxy_theClientItNames_andItsScheme() {
        let answer = who(["10.0.0.1"], peer: "10.0.0.1:4000", Self.forwarded)
        // The last entry not a trusted proxy: 10.0.0.2 was added by the trusted proxy.
        #expect(answer.clientAddress == "10.0.0.2")
        #expect(answer.cameOverHTTPS)
        let chain = who(["10.0.0.1", "10.0.0.2"], peer: "10.0.0.1:4000", Self.forwarded)
        #expect(chain.clientAddress == "203.0.113.7")
        let plain = who(["::1"], peer: "[::1]:4000", ["X-Forwarded-For": "198.51.100.4", "X-Forwarded-Proto": "http"])
        #expect(plain.clientAddress == "198.51.100.4")
        #expect(!plain.cameOverHTTPS)
    }

    @Test func aTrustedProxy_withoutTheHeaders_orWithRubbish_isTheClient() {
        #expect(who(["10.0.0.1"], peer: "10.0.0.1:4000").clientAddress == "10.0.0.1")
        #expect(who(["10.0.0.1"], peer: "10.0.0.1:4000", ["X-Forwarded-For": "not an address"]).clientAddress == "10.0.0.1")
    }
}
