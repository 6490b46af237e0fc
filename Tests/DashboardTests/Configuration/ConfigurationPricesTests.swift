import DashboardEngine
import Foundation
import Testing

@testable import Dashboard

/// `--price-history-days` and `--reference-days`, their environment variables, their ranges,
/// and the engine settings they become.
struct ConfigurationPricesTests {
    func parse(_ arguments: [String], _ environment: [String: String] = [:]) throws(ConfigurationError) -> DashboardConfiguration {
        try DashboardConfiguration.parse(arguments: arguments, environment: environment)
    }

    @Test func defaults_are400And30() throws {
        let configuration = try parse([])
        #expect(configuration.priceHistoryDays == 400 && configuration.referenceDays == 30)
        let settings = DashboardApp.engineSettings(configuration)
        #expect(settings.priceHistoryDays == 400 && settings.referenceDays == 30)
    }

    @Test func flagsAndEnvironment_setThem_flagsWinning() throws {
        let set = try parse(["--price-history-days", "90", "--reference-days=20"])
        #expect(set.priceHistoryDays == 90 && set.referenceDays == 20)
        let settings = DashboardApp.engineSettings(set)
        #expect(settings.priceHistoryDays == 90 && settings.referenceDays == 20)
        let environment = try parse([], ["DASHBOARD_PRICE_HISTORY_DAYS": "500", "DASHBOARD_REFERENCE_DAYS": "45"])
        #expect(environment.priceHistoryDays == 500 && environment.referenceDays == 45)
        #expect(try parse(["--reference-days", "7"], ["DASHBOARD_REFERENCE_DAYS": "45"]).referenceDays == 7)
    }

    @Test func badValues_areOneClearLine() {
        let bad = [
            ["--price-history-days", "0"], ["--price-history-days", "3651"], ["--price-history-days", "x"],
            ["--reference-days", "0"], ["--reference-days", "366"], ["--reference-days", "2.5"],
            ["--reference-days", "60", "--price-history-days", "40"],
        ]
        for arguments in bad {
            #expect {
                _ = try parse(arguments)
            } throws: { error in
                guard case ConfigurationError.invalid(let line) = error else { return false }
                return line.hasPrefix("--") && line.contains(arguments[0]) && !line.contains("\n")
            }
        }
        for flag in ["--price-history-days", "--reference-days"] {
            #expect(DashboardConfiguration.usage.contains(flag))
        }
    }
}
