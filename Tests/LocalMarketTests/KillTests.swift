import Foundation
import Testing
@testable import LocalMarket
import TestSupport

/// Where `swift build` put the `local-market` executable (beside the test bundle), if it did.
enum LocalMarketExecutable {
    static let url: URL? = {
        let folder = URL(fileURLWithPath: CommandLine.arguments.first ?? "").deletingLastPathComponent()
        let candidate = folder.appendingPathComponent("local-market")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }()

    /// The tests that start it are skipped, saying why, when it was not built.
    static let isBuilt = Testing.ConditionTrait.enabled(
        if: url != nil, "needs the local-market executable beside the tests: run `swift build` first")

    /// Starts `local-market` on port 0 and returns it with the URL it printed.
    static func launch(dataDirectory: URL) async throws -> (ChildProcess, URL) {
        guard let url else { throw FixtureError("no local-market executable beside the tests") }
        let process = try ChildProcess(executable: url.path, arguments: ["--port", "0", "--data-dir", dataDirectory.path])
        let line = await process.readLine()
        guard line.hasPrefix("Listening on "), let base = URL(string: String(line.dropFirst("Listening on ".count))) else {
            throw FixtureError("local-market printed \(line)")  // deinit kills it
        }
        return (process, base)
    }
}

@Suite("SIGKILL in the middle of writes")
struct KillTests {
    @Test(LocalMarketExecutable.isBuilt, arguments: [1, 3])
    func killedMidWriteKeepsEveryAcknowledgedProduct(acknowledgedBeforeKill: Int) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lm-kill-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let (process, base) = try await LocalMarketExecutable.launch(dataDirectory: directory)
        let client = HTTPClient(base: base)
        let vendor = MarketVendor.localTeam

        @Sendable func create(_ index: Int) async throws -> Int? {
            let body = MultipartBody()
                .json("params", Products.valid().merging(["secret": vendor.secret, "name": "Written \(index)"]) { $1 })
                .files("images", [Images.jpeg(size: 100_000, seed: UInt8(index)), Images.png(seed: UInt8(index))])
            let reply = try await client.send(
                "POST", "/api/products", headers: ["identifier": vendor.identifier, "Content-Type": body.contentType], body: body.bytes)
            return reply.status == 201 ? reply.json["id"]?.int : nil
        }

        var acknowledged: [Int] = []
        for index in 0..<acknowledgedBeforeKill {
            if let id = try await create(index) { acknowledged.append(id) }
        }
        #expect(acknowledged.count == acknowledgedBeforeKill)
        // More writes in flight, then the kill lands while they are being served.
        let inFlight = (0..<4).map { index in Task { try? await create(100 + index) } }
        process.signal(SIGKILL)
        #expect(await process.waitForEnd(patience: .seconds(60)) == .signalled(SIGKILL))
        var lateAcknowledged: [Int] = []
        for task in inFlight { if let id = await task.value { lateAcknowledged.append(id) } }

        let market = try LocalMarket(dataDirectory: directory, host: "127.0.0.1", port: 0, seed: true, syncsToDisk: true)
        let state = try market.store.snapshot()
        #expect(state.products.count >= 60 + acknowledged.count + lateAcknowledged.count)
        for id in acknowledged + lateAcknowledged {
            let product = try #require(state.product(id: id))
            for image in product.images {
                let path = try #require(market.store.files.imageFile(image.originPath))
                #expect(FileManager.default.contents(atPath: path).map { StoredImageFormat(sniffing: $0) != nil } == true)
            }
        }
        // Every image referenced exists; nothing unreferenced or temporary remains.
        let referenced = Set(state.products.flatMap { $0.images.flatMap { [$0.originPath, $0.thumbnailPath] } })
        #expect(Set(market.store.files.allImageFiles()) == referenced)
        // No write was left half done: no marker of an image write in progress remains.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path + "/incoming").isEmpty)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
        #expect(names.isSubset(of: ["images", "incoming", "market.sqlite", "market.sqlite-wal", "market.sqlite-shm"]))
    }
}
