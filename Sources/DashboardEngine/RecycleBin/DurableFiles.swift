import Foundation
import Glibc

/// Files that must survive kill -9 and a power cut once written: written whole, `fsync`ed,
/// and their folder `fsync`ed so the new name is on disk too (`sync: false` skips the
/// `fsync`s, for tests). The recycle bin keeps product images this way.
enum DurableFiles {
    struct FileError: Error, CustomStringConvertible {
        var description: String
    }

    /// Writes a new file at `path` (replacing none) with `bytes`; on failure nothing is left.
    static func create(_ bytes: [UInt8], at path: String, sync: Bool) throws(FileError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure("create", path) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress.map { $0 + offset }, bytes.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                let error = failure("write", path)
                close(fd)
                unlink(path)
                throw error
            }
            offset += written
        }
        if sync && fsync(fd) != 0 {
            let error = failure("fsync", path)
            close(fd)
            unlink(path)
            throw error
        }
        guard close(fd) == 0 else {
            let error = failure("close", path)
            unlink(path)
            throw error
        }
    }

    /// Creates the folder `path` (its parent must exist) and makes its name durable.
    static func makeFolder(_ path: String, sync: Bool) throws(FileError) {
        guard mkdir(path, 0o755) == 0 || errno == EEXIST else { throw failure("mkdir", path) }
        if sync { try syncFolder((path as NSString).deletingLastPathComponent) }
    }

    /// Makes the entries created or removed in folder `path` durable.
    static func syncFolder(_ path: String) throws(FileError) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw failure("open", path) }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw failure("fsync", path) }
    }

    private static func failure(_ operation: String, _ path: String) -> FileError {
        FileError(description: "\(operation) \(path): \(String(cString: strerror(errno)))")
    }
}
