import Foundation
import Testing
import LocalMarket

@Suite("local-market command line")
struct CommandLineTests {
    @Test func defaultsAndFlags() throws {
        let defaults = try MarketCommandLine.parse(arguments: [], environment: ["HOME": "/home/me"])
        #expect(defaults.host == "127.0.0.1")
        #expect(defaults.port == 8081)
        #expect(defaults.dataDirectory.path == "/home/me/.local/share/open-market-dashboard/local-market")

        let set = try MarketCommandLine.parse(
            arguments: ["--host", "0.0.0.0", "--port=0", "--data-dir", "/tmp/m"], environment: [:])
        #expect(set.host == "0.0.0.0")
        #expect(set.port == 0)
        #expect(set.dataDirectory.path == "/tmp/m")
        #expect(defaults.catalog == .samples)
        let generated = try MarketCommandLine.parse(arguments: ["--seed-count", "100000"], environment: [:])
        #expect(generated.catalog == .generated(count: 100_000))

        let xdg = try MarketCommandLine.parse(arguments: [], environment: ["XDG_DATA_HOME": "/data"])
        #expect(xdg.dataDirectory.path == "/data/open-market-dashboard/local-market")
    }

    @Test("bad flags are one clear line", arguments: [
        (["--port", "http"], "--port must be a number from 0 to 65535, got \"http\""),
        (["--port", "70000"], "--port must be a number from 0 to 65535, got \"70000\""),
        (["--port"], "--port needs a value"),
        (["--data-dir", "--port", "1"], "--data-dir needs a value"),
        (["--verbose"], "unknown option --verbose (see --help)"),
        (["--seed-count", "many"], "--seed-count must be a number from 0 to 10000000, got \"many\""),
    ])
    func badFlags(arguments: [String], message: String) {
        #expect(throws: MarketCommandLine.Problem.invalid(message)) {
            try MarketCommandLine.parse(arguments: arguments, environment: [:])
        }
    }

    @Test func helpIsRequested() {
        #expect(throws: MarketCommandLine.Problem.helpRequested) {
            try MarketCommandLine.parse(arguments: ["--help"], environment: [:])
        }
        #expect(MarketCommandLine.usage.contains(LocalMarket.defaultVendor.identifier))
    }
}
