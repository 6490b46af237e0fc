import Foundation
import Testing

@testable import Dashboard

/// `--accounts`, `--trusted-proxy`, `--public-name` and their environment variables, and which
/// `--host` counts as this machine only.
struct ConfigurationAccountsTests {
    func parse(_ arguments: [String], _ environment: [String: String] = [:]) throws(ConfigurationError) -> DashboardConfiguration {
        try DashboardConfiguration.parse(arguments: arguments, environment: environment)
    }

    @Test func defaults_areAuto_noProxy_noPublicName() throws {
        let configuration = try parse([])
        #expect(configuration.accounts == .auto)
        #expect(configuration.trustedProxies.isEmpty)
        #expect(configuration.publicNames.isEmpty)
    }

    @Test func flagsAndEnvironment_setThem_flagsWinning() throws {
        #expect(try parse([], ["DASHBOARD_ACCOUNTS": "required"]).accounts == .required)
        #expect(try parse(["--accounts", "auto"], ["DASHBOARD_ACCOUNTS": "required"]).accounts == .auto)
        #expect(try parse(["--accounts=REQUIRED"]).accounts == .required)
    }

    @Test func repeatedFlags_andCommaLists_addUp_inCanonicalForm() throws {
        let configuration = try parse(
            ["--trusted-proxy", "10.0.0.2", "--trusted-proxy=0:0:0:0:0:0:0:1", "--public-name", "Shop.Example.com", "--public-name", "::1"],
            ["DASHBOARD_TRUSTED_PROXIES": "127.0.0.1, 10.0.0.2", "DASHBOARD_PUBLIC_NAMES": "dashboard.lan"])
        #expect(configuration.trustedProxies == ["127.0.0.1", "10.0.0.2", "::1"])
        #expect(configuration.publicNames == ["dashboard.lan", "shop.example.com", "[::1]"])
    }

    @Test(arguments: [
        (["--accounts", "yes"], "--accounts must be auto or required"),
        (["--trusted-proxy", "proxy.lan"], "--trusted-proxy must be the proxy's IP address"),
        (["--trusted-proxy", ""], "--trusted-proxy must be the proxy's IP address"),
        (["--trusted-proxy", "10.0.0.0/8"], "--trusted-proxy must be the proxy's IP address"),
        (["--public-name", "https://shop.example.com"], "--public-name must be a host name"),
        (["--public-name", "shop.example.com:443"], "--public-name must be a host name"),
        (["--public-name", ""], "--public-name must be a host name"),
    ])
    func badValues_areOneClearLine(arguments: [String], message: String) {
        #expect {
            try parse(arguments)
        } throws: { error in
            guard case ConfigurationError.invalid(let text) = error else { return false }
            return text.hasPrefix(message) && !text.contains("\n")
        }
    }

    @Test(arguments: [
        ("127.0.0.1", true), ("127.8.9.10", true), ("localhost", true), ("LocalHost", true), ("::1", true), ("[::1]", true),
        ("0.0.0.0", false), ("::", false), ("192.168.0.10", false), ("10.0.0.1", false), ("fe80::1", false), ("shop.lan", false),
    ])
    func loopback_is127_localhost_andColonColon1(host: String, loopback: Bool) throws {
        #expect(try parse(["--host", host]).listensOnLoopbackOnly == loopback)
    }

    @Test func theHelpListsTheNewOptions() {
        let usage = DashboardConfiguration.usage
        for text in ["--accounts", "DASHBOARD_ACCOUNTS", "--trusted-proxy", "DASHBOARD_TRUSTED_PROXIES", "--public-name", "DASHBOARD_PUBLIC_NAMES"] {
            #expect(usage.contains(text))
        }
    }
}
