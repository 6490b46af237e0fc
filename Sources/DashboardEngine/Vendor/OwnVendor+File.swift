import Foundation

/// The learned vendor id on disk: `own-vendor.json` in the data directory,
/// `{"account":"<sha256 of upstream and identifier>","vendor_id":28}`, replaced atomically
/// (temporary file, fsync, rename, fsync of the folder) so a crash leaves the old or the new
/// file, never half of one.
extension OwnVendor {
    static let fileName = "own-vendor.json"

    private struct Record: Codable {
        var account: String
        var vendorID: Int

        enum CodingKeys: String, CodingKey {
            case account
            case vendorID = "vendor_id"
        }
    }

    /// The hash that ties a kept id to one upstream and identifier.
    static func account(market: URL, identifier: String) -> String {
        var base = market.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        return SHA256.hex((base + "\n" + identifier).utf8)
    }

    /// The kept id, if the file exists, is readable and belongs to `account`.
    static func load(_ file: URL, account: String) -> Int? {
        guard let data = FileManager.default.contents(atPath: file.path),
            let record = try? JSONDecoder().decode(Record.self, from: data),
            record.account == account, record.vendorID > 0
        else { return nil }
        return record.vendorID
    }

    static func save(_ vendorID: Int, account: String, to file: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(Record(account: account, vendorID: vendorID)) + Data("\n".utf8)
        let folder = file.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(fileName).\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown)
        }
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try handle.write(contentsOf: data)
            try handle.synchronize()
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        guard rename(temporary.path, file.path) == 0 else {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        let directory = open(folder.path, O_RDONLY)
        if directory >= 0 {
            _ = fsync(directory)
            close(directory)
        }
    }
}
