import Foundation

/// One seeded market per test process, for tests that only read. Seeding writes and flushes
/// about 200 files, so sharing it keeps the suite fast; tests that write seed their own.
enum SeededMarket {
    static let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("local-market-tests-seeded-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)

    private static let shared: Result<MarketFixture, any Error> = {
        atexit { try? FileManager.default.removeItem(at: SeededMarket.directory) }
        return Result { try MarketFixture(seed: true, directory: directory) }
    }()

    static func fixture() throws -> MarketFixture {
        try shared.get()
    }
}
