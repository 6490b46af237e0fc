import Foundation
import Testing

@testable import DashboardEngine

/// Where the own vendor id comes from, and how a learned one is kept.
struct OwnVendorTests {
    let upstream = URL(string: "https://openmarket.example")!
    let identifier = "5fd6b4a8-4aa2-11ed-a200-354a4a3a9a5e"

    func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("own-vendor-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    @Test func theFlagWins_thenTheEmbeddedMarket_thenWhatWasLearned() throws {
        try withFolder { folder in
            #expect(OwnVendor.resolve(configured: 7, embedded: 28, dataDirectory: folder, market: upstream, identifier: identifier).current
                == .init(id: 7, source: .flag))
            #expect(OwnVendor.resolve(configured: nil, embedded: 28, dataDirectory: folder, market: upstream, identifier: identifier).current
                == .init(id: 28, source: .embedded))
            let fresh = OwnVendor.resolve(configured: nil, embedded: nil, dataDirectory: folder, market: upstream, identifier: identifier)
            #expect(fresh.current == .init(id: nil, source: .notLearned))
            #expect(fresh.owns(61) == nil)
            #expect(fresh.learn(fromCreated: 61) == nil)
            #expect(fresh.current == .init(id: 61, source: .learned))
            #expect(fresh.owns(61) == true && fresh.owns(15) == false)
            let again = OwnVendor.resolve(configured: nil, embedded: nil, dataDirectory: folder, market: upstream, identifier: identifier)
            #expect(again.current == .init(id: 61, source: .learned))
        }
    }

    @Test func aLearnedIdIsNeverReplaced_andAContradictionIsReported() throws {
        try withFolder { folder in
            let vendor = OwnVendor.resolve(configured: nil, embedded: nil, dataDirectory: folder, market: upstream, identifier: identifier)
            vendor.learn(fromCreated: 61)
            let warning = try #require(vendor.learn(fromCreated: 15))
            #expect(warning.contains("vendor_id 15") && warning.contains("61"))
            #expect(!warning.contains(identifier))
            #expect(vendor.current == .init(id: 61, source: .learned))
            let flagged = OwnVendor(id: 7, source: .flag)
            #expect(flagged.learn(fromCreated: 61)?.contains("check --vendor-id") == true)
            #expect(flagged.current == .init(id: 7, source: .flag))
        }
    }

    @Test func aKeptIdBelongsToOneUpstreamAndIdentifier_andAnUnreadableFileIsIgnored() throws {
        try withFolder { folder in
            OwnVendor.resolve(configured: nil, embedded: nil, dataDirectory: folder, market: upstream, identifier: identifier)
                .learn(fromCreated: 61)
            let otherIdentifier = OwnVendor.resolve(
                configured: nil, embedded: nil, dataDirectory: folder, market: upstream, identifier: "another")
            #expect(otherIdentifier.id == nil)
            let otherMarket = OwnVendor.resolve(
                configured: nil, embedded: nil, dataDirectory: folder, market: URL(string: "http://127.0.0.1:8081")!, identifier: identifier)
            #expect(otherMarket.id == nil)
            let file = folder.appendingPathComponent(OwnVendor.fileName)
            let kept = try String(contentsOf: file, encoding: .utf8)
            #expect(kept.contains("\"vendor_id\":61") && !kept.contains(identifier))
            // No temporary files left beside it.
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [OwnVendor.fileName])

            try Data("{not json".utf8).write(to: file)
            let unreadable = OwnVendor.resolve(configured: nil, embedded: nil, dataDirectory: folder, market: upstream, identifier: identifier)
            #expect(unreadable.current == .init(id: nil, source: .notLearned))
        }
    }
}
