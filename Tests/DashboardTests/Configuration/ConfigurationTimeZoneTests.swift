import Foundation
import Testing

@testable import Dashboard

/// `--time-zone` and `DASHBOARD_TIME_ZONE`: IANA names only, the flag winning, the machine's
/// zone by default, and anything else refused with one line that names the option and the value.
struct ConfigurationTimeZoneTests {
    func parse(_ arguments: [String], _ environment: [String: String] = [:]) throws(ConfigurationError) -> DashboardConfiguration {
        try DashboardConfiguration.parse(arguments: arguments, environment: environment)
    }

    @Test func theFlag_setsTheZone() throws {
        #expect(try parse(["--time-zone", "Asia/Seoul"]).timeZone.identifier == "Asia/Seoul")
        #expect(try parse(["--time-zone=America/New_York"]).timeZone.identifier == "America/New_York")
        #expect(try parse(["--time-zone", "Asia/Kolkata"]).timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: 0)) == 19_800)
    }

    @Test func theEnvironment_setsTheZone_andTheFlagWins() throws {
        #expect(try parse([], ["DASHBOARD_TIME_ZONE": "Europe/London"]).timeZone.identifier == "Europe/London")
        #expect(try parse(["--time-zone", "Asia/Seoul"], ["DASHBOARD_TIME_ZONE": "Europe/London"]).timeZone.identifier == "Asia/Seoul")
        // An empty variable counts as unset, as for every option.
        #expect(try parse([], ["DASHBOARD_TIME_ZONE": ""]).timeZone == TimeZone.current)
    }

    /// Where the machine's zone is UTC now, a default of UTC would pass as well, so the test
    /// runs only where the machine's clock is offset from UTC, and is skipped elsewhere.
    @Test(.enabled(if: TimeZone.current.secondsFromGMT() != 0, "the machine's zone is at UTC now, which a default of UTC gives too"))
    func theDefault_isTheMachinesZone() throws {
        #expect(try parse([]).timeZone == TimeZone.current)
    }

    @Test func utcAndEtcNames_areAccepted() throws {
        #expect(try parse(["--time-zone", "UTC"]).timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: 0)) == 0)
        #expect(try parse(["--time-zone", "Etc/UTC"]).timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: 0)) == 0)
        #expect(try parse(["--time-zone", "Etc/GMT-9"]).timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: 0)) == 32_400)
    }

    /// Unknown names, abbreviations (which Foundation maps to a zone for some, such as PST
    /// and IST, and not for others, such as KST), offsets and a lower-cased name.
    @Test(arguments: [
        ["--time-zone", "KST"], ["--time-zone", "PST"], ["--time-zone", "IST"], ["--time-zone", "EST"],
        ["--time-zone", "GMT+9"], ["--time-zone", "UTC+9"], ["--time-zone", "+09:00"],
        ["--time-zone", "Asia/Seol"], ["--time-zone", "asia/seoul"], ["--time-zone", "Asia/Seoul "], ["--time-zone", "Mars/Olympus"],
    ])
    func badNames_areOneClearLine(arguments: [String]) {
        #expect {
            try parse(arguments)
        } throws: { error in
            guard case ConfigurationError.invalid(let text) = error else { return false }
            return text.hasPrefix("--time-zone must be an IANA time zone name such as Asia/Seoul")
                && text.contains("\"\(arguments[1])\"") && text.contains("KST") && !text.contains("\n")
        }
    }

    @Test func aBadEnvironmentValue_isRefusedToo() {
        #expect(throws: ConfigurationError.self) { try parse([], ["DASHBOARD_TIME_ZONE": "KST"]) }
    }

    @Test func anEmptyFlag_asksForAName() {
        for arguments in [["--time-zone", ""], ["--time-zone="]] {
            #expect(throws: ConfigurationError.invalid("--time-zone needs an IANA time zone name, such as Asia/Seoul, America/New_York or UTC")) {
                try parse(arguments)
            }
        }
        #expect(throws: ConfigurationError.invalid("--time-zone needs a value (see --help)")) { try parse(["--time-zone"]) }
    }

    @Test func theHelpListsIt() {
        #expect(DashboardConfiguration.usage.contains("--time-zone VALUE"))
        #expect(DashboardConfiguration.usage.contains("DASHBOARD_TIME_ZONE"))
    }
}
