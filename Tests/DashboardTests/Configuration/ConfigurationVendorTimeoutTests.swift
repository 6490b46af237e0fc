import Foundation
import Testing

@testable import Dashboard

/// `--vendor-id`, `--read-timeout`, `--write-timeout` and their environment variables: values
/// as documented, bad ones refused with one line that names the option and the value.
struct ConfigurationVendorTimeoutTests {
    func parse(_ arguments: [String], _ environment: [String: String] = [:]) throws(ConfigurationError) -> DashboardConfiguration {
        try DashboardConfiguration.parse(arguments: arguments, environment: environment)
    }

    @Test func defaults_areEightAndThirtySeconds_andNoVendor() throws {
        let configuration = try parse([])
        #expect(configuration.readTimeout == .seconds(8))
        #expect(configuration.writeTimeout == .seconds(30))
        #expect(configuration.vendorID == nil)
    }

    @Test func flagsAndEnvironment_setThem_flagsWinning() throws {
        let fromEnvironment = try parse([], [
            "OPENMARKET_VENDOR_ID": "61", "OPENMARKET_READ_TIMEOUT": "2.5", "OPENMARKET_WRITE_TIMEOUT": "45",
        ])
        #expect(fromEnvironment.vendorID == 61)
        #expect(fromEnvironment.readTimeout == .milliseconds(2500))
        #expect(fromEnvironment.writeTimeout == .seconds(45))
        let fromFlags = try parse(["--vendor-id", "15", "--read-timeout=4", "--write-timeout", "60"], ["OPENMARKET_VENDOR_ID": "61"])
        #expect(fromFlags.vendorID == 15)
        #expect(fromFlags.readTimeout == .seconds(4))
        #expect(fromFlags.catalog.waitLimit == .seconds(4), "the CSV waits for a first count as long as a read may take")
        #expect(fromFlags.writeTimeout == .seconds(60))
    }

    @Test(arguments: [
        (["--vendor-id", "abc"], "--vendor-id must be a whole number above 0"),
        (["--vendor-id", "0"], "--vendor-id must be a whole number above 0"),
        (["--vendor-id", "-3"], "--vendor-id must be a whole number above 0"),
        (["--read-timeout", "soon"], "--read-timeout must be a number of seconds from 0.1 to 600"),
        (["--read-timeout", "0"], "--read-timeout must be a number of seconds from 0.1 to 600"),
        (["--write-timeout", "-1"], "--write-timeout must be a number of seconds from 0.1 to 600"),
        (["--write-timeout", "601"], "--write-timeout must be a number of seconds from 0.1 to 600"),
        (["--write-timeout", "nan"], "--write-timeout must be a number of seconds from 0.1 to 600"),
    ])
    func badValues_areOneClearLine(arguments: [String], message: String) {
        #expect {
            try parse(arguments)
        } throws: { error in
            guard case ConfigurationError.invalid(let text) = error else { return false }
            return text.hasPrefix(message) && text.contains("\"\(arguments[1])\"") && !text.contains("\n")
        }
    }

    @Test func theHelpListsTheNewOptions() {
        let usage = DashboardConfiguration.usage
        for text in ["--vendor-id", "OPENMARKET_VENDOR_ID", "--read-timeout", "OPENMARKET_READ_TIMEOUT", "--write-timeout", "OPENMARKET_WRITE_TIMEOUT"] {
            #expect(usage.contains(text))
        }
    }
}
