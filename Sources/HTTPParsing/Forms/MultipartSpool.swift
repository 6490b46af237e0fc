#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Temp files for large file parts: a private directory (0700, from `mkdtemp`) holding files
/// created exclusively with mode 0600, written and read with plain system calls.
enum MultipartSpool {
    /// Makes `parent` and its missing ancestors (0700), then a fresh private directory inside it.
    static func makeDirectory(in parent: String) throws(MultipartError) -> String {
        var path = parent.hasPrefix("/") ? "" : "."
        for component in parent.split(separator: "/") {
            path += "/\(component)"
            if mkdir(path, 0o700) != 0, errno != EEXIST { throw failure("mkdir", path) }
        }
        var template = Array("\(parent)/multipart-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) } != nil
        }
        guard made else { throw failure("mkdtemp", parent) }
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Creates `path` (it must not exist) with `bytes`.
    static func create(_ path: String, with bytes: [UInt8]) throws(MultipartError) {
        try writeFile(bytes, to: path, flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW)
    }

    static func append(_ bytes: [UInt8], to path: String) throws(MultipartError) {
        try writeFile(bytes, to: path, flags: O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW)
    }

    static func readFile(_ path: String) throws(MultipartError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { throw failure("open", path) }
        defer { close(fd) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw failure("read", path) }
            if n == 0 { return result }
            result.append(contentsOf: chunk[0..<n])
        }
    }

    /// Removes the files, then the directory; missing ones are fine.
    static func remove(files: [String], directory: String) {
        for file in files { unlink(file) }
        rmdir(directory)
    }

    private static func writeFile(_ bytes: [UInt8], to path: String, flags: Int32) throws(MultipartError) {
        let fd = open(path, flags, 0o600)
        guard fd >= 0 else { throw failure("open", path) }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw in
                write(fd, raw.baseAddress.map { $0 + offset }, raw.count - offset)
            }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { throw failure("write", path) }
            offset += n
        }
    }

    private static func failure(_ call: String, _ path: String) -> MultipartError {
        .spoolFailed("\(call) \(path): \(String(cString: strerror(errno)))")
    }
}
