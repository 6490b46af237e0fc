import Glibc
import Locks

/// What the static handler knows about one file, keyed by its path under the root. A class:
/// a cache hit hands out one reference instead of copying ten fields.
final class StaticFile: Sendable {
    /// The path as requested (root + "/" + relative path): what each request `stat`s.
    let candidate: String
    /// The real path, every symlink resolved.
    let path: String
    let device: UInt64
    let inode: UInt64
    let size: Int
    /// For telling versions apart (saturated after 2262, see `nanosecondsSince1970`).
    let modifiedNanoseconds: Int
    /// For `Last-Modified` and `If-Modified-Since`: whole seconds, any date.
    let modifiedSeconds: Int
    let contentType: String
    let etag: String
    let lastModified: String
    /// The contents, for files small enough to keep in memory.
    let bytes: [UInt8]?
    /// The response headers, built once per version of the file.
    let headers: HTTPHeaders

    init(
        candidate: String, path: String, device: UInt64, inode: UInt64, size: Int, modifiedNanoseconds: Int,
        modifiedSeconds: Int, contentType: String, etag: String, lastModified: String, bytes: [UInt8]?, headers: HTTPHeaders
    ) {
        self.candidate = candidate
        self.path = path
        self.device = device
        self.inode = inode
        self.size = size
        self.modifiedNanoseconds = modifiedNanoseconds
        self.modifiedSeconds = modifiedSeconds
        self.contentType = contentType
        self.etag = etag
        self.lastModified = lastModified
        self.bytes = bytes
        self.headers = headers
    }
}

/// Remembers resolved, validated files. Each request costs one `stat` of the candidate path;
/// the expensive part (realpath, the inside-the-root check, reading) runs again whenever the
/// file's identity, size or modification time changes, so an edited or re-pointed file is
/// never served stale.
final class StaticFileCache: Sendable {
    private let entries = ReadWriteLock<[String: StaticFile]>([:])
    /// Bounds the memory tier: at most this many files are remembered.
    private let maxEntries = 512

    /// The file at `relativePath` (already checked) under `root`.
    func file(relativePath: String, root: String, cacheControl: String) throws(HTTPError) -> StaticFile {
        let known = entries.read { $0[relativePath] }
        // A known file's candidate path is the same string this would build; reuse it.
        let candidate = known?.candidate ?? root + "/" + relativePath
        var info = stat()
        // `withCString` lends a native string's own NUL-terminated bytes; passing the String
        // to `stat` directly would copy it into a temporary array on every request.
        guard candidate.withCString({ stat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw HTTPError(.notFound, "There is no such file.")
        }
        let modified = info.st_mtim.nanosecondsSince1970
        if let known, known.inode == UInt64(info.st_ino), known.device == UInt64(info.st_dev),
            known.size == Int(info.st_size), known.modifiedNanoseconds == modified
        {
            return known
        }
        let file = try load(candidate, relativePath: relativePath, root: root, cacheControl: cacheControl)
        entries.write {
            if $0.count >= maxEntries { $0.removeAll(keepingCapacity: true) }
            $0[relativePath] = file
        }
        return file
    }

    /// The canonical absolute path with every symlink resolved, or nil if it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private func load(_ candidate: String, relativePath: String, root: String, cacheControl: String) throws(HTTPError) -> StaticFile {
        guard let real = Self.realPath(candidate) else { throw HTTPError(.notFound, "There is no such file.") }
        // Symlinks included: whatever the path names must really live inside the root.
        guard real.hasPrefix(root + "/") else { throw HTTPError(.notFound, "There is no such file.") }

        let fd = open(real, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw HTTPError(.notFound, "There is no such file.") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw HTTPError(.notFound, "There is no such file.")
        }
        let size = Int(info.st_size)
        let modified = info.st_mtim.nanosecondsSince1970
        var bytes: [UInt8]?
        if size <= StaticFileHandler.memoryLimit {
            var contents = [UInt8](repeating: 0, count: size)
            let read = contents.withUnsafeMutableBytes { pread(fd, $0.baseAddress, size, 0) }
            guard read == size else { throw HTTPError(.notFound, "There is no such file.") }
            bytes = contents
        }
        let ext = relativePath.split(separator: ".").last.map(String.init) ?? ""
        let contentType = StaticFileHandler.contentType(forExtension: relativePath.contains(".") ? ext : "")
        let etag = "\"\(String(UInt64(info.st_ino), radix: 16))-\(String(size, radix: 16))-\(String(modified, radix: 16))\""
        let lastModified = HTTPDate.format(secondsSince1970: Int(info.st_mtim.tv_sec))
        return StaticFile(
            candidate: candidate, path: real, device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: size,
            modifiedNanoseconds: modified, modifiedSeconds: Int(info.st_mtim.tv_sec), contentType: contentType, etag: etag, lastModified: lastModified,
            bytes: bytes,
            headers: HTTPHeaders([
                ("Content-Type", contentType), ("ETag", etag), ("Last-Modified", lastModified), ("Cache-Control", cacheControl),
            ]).prepared())
    }
}
