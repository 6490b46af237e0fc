import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Durable file creation with plain POSIX calls: a new file written and `fsync`ed, the folder
/// `fsync`ed so the new entry survives a power cut. (The market's records live in SQLite; this
/// is for image files.)
enum AtomicFile {
    /// Marks the temporary files a legacy `market.json` was written through
    /// (`<name>.tmp-<random>`); `MarketFiles.prepare` removes any a crash left.
    static let temporaryMarker = ".tmp-"

    /// Creates a new file (never overwriting one) with `bytes`, flushed to disk when `sync`.
    /// On failure nothing is left behind.
    static func createFile(_ bytes: [UInt8], at path: String, sync: Bool) throws(StorageError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .system("create \(path)", errno) }
        do throws(StorageError) {
            try writeAll(fd, bytes, path: path)
            if sync && fsync(fd) != 0 { throw StorageError.system("fsync \(path)", errno) }
        } catch {
            close(fd)
            unlink(path)
            throw error
        }
        guard close(fd) == 0 else {
            let code = errno
            unlink(path)
            throw .system("close \(path)", code)
        }
    }

    /// Makes entries created, renamed or removed in a folder durable.
    static func syncDirectory(_ directory: String) throws(StorageError) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw .system("open \(directory)", errno) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw .system("fsync \(directory)", errno) }
    }

    /// Creates a folder and its missing parents, syncing each parent that gained an entry.
    static func makeDirectory(_ path: String, sync: Bool = true) throws(StorageError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .notADirectory(path) }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty && parent != path { try makeDirectory(parent, sync: sync) }
        if mkdir(path, 0o755) != 0 && errno != EEXIST { throw .system("mkdir \(path)", errno) }
        if sync && !parent.isEmpty { try syncDirectory(parent) }
    }

    static func read(_ path: String) throws(StorageError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw .system("open \(path)", errno)
        }
        defer { close(fd) }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .system("read \(path)", errno)
            }
            if count == 0 { return result }
            result.append(contentsOf: buffer[0..<count])
        }
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(StorageError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                Glibc.write(fd, $0.baseAddress.map { $0 + offset }, bytes.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw .system("write \(path)", errno)
            }
            offset += written
        }
    }
}

/// What can go wrong with the data directory, in words a person can act on.
public enum StorageError: Error, Equatable, CustomStringConvertible {
    case system(String, Int32)
    case notADirectory(String)
    /// The state file exists but cannot be read as a market; nothing was changed.
    case corruptState(path: String, reason: String)
    /// The seed data shipped with the module could not be read.
    case seedUnavailable(String)
    /// The database refused to open, migrate or take the catalog (SQLite's message).
    case database(String)

    public var description: String {
        switch self {
        case let .system(operation, code):
            "\(operation): \(String(cString: strerror(code)))"
        case let .notADirectory(path):
            "\(path) exists and is not a directory"
        case let .corruptState(path, reason):
            "the market data file \(path) is damaged (\(reason)); move it away to start from the seed data"
        case let .seedUnavailable(reason):
            "the seed data cannot be read: \(reason)"
        case let .database(reason):
            "the market database cannot be used: \(reason)"
        }
    }
}
