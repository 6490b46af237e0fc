import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The data directory: `market.json` (the whole state) and `images/` (one file per original
/// and per thumbnail). Image files are written before the state that refers to them, so a
/// crash leaves at worst an unreferenced image, which `removeUnreferencedImages` sweeps at load.
struct MarketFiles: Sendable {
    let root: String
    var statePath: String { root + "/market.json" }
    var imagesRoot: String { root + "/images" }

    /// False only in tests: every write stays atomic, but nothing waits for `fsync`.
    let syncsToDisk: Bool

    init(directory: URL, syncsToDisk: Bool = true) {
        self.syncsToDisk = syncsToDisk
        var path = directory.standardizedFileURL.path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        root = path
    }

    /// Reads the committed state, or nil when the directory holds none yet. Temporary files
    /// left by an interrupted write are removed first: they were never committed.
    func loadState() throws(StorageError) -> MarketState? {
        try AtomicFile.makeDirectory(root, sync: syncsToDisk)
        try AtomicFile.makeDirectory(imagesRoot, sync: syncsToDisk)
        removeTemporaryFiles()
        guard let bytes = try AtomicFile.read(statePath) else { return nil }
        let state: MarketState
        do {
            state = try JSONDecoder().decode(MarketState.self, from: Data(bytes))
        } catch {
            throw .corruptState(path: statePath, reason: Self.describe(error))
        }
        guard state.format == MarketState.currentFormat else {
            throw .corruptState(path: statePath, reason: "unknown format \(state.format)")
        }
        return state
    }

    func saveState(_ state: MarketState) throws(StorageError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let bytes: [UInt8]
        do {
            bytes = Array(try encoder.encode(state))
        } catch {
            throw .system("encode state: \(error)", 0)
        }
        try AtomicFile.write(bytes, to: statePath, sync: syncsToDisk)
    }

    /// Writes one upload: the original, and the thumbnail as a hard link to the same bytes
    /// (a copy where links are not supported). With `durable`, both are on disk when this
    /// returns; without, the caller must `flushFileSystem()` before committing a state that
    /// refers to them (the seed does that once for all its images).
    func writeImage(_ bytes: [UInt8], origin: String, thumbnail: String, durable: Bool) throws(StorageError) {
        let durable = durable && syncsToDisk
        let originPath = imagesRoot + "/" + origin
        let thumbnailPath = imagesRoot + "/" + thumbnail
        let folder = (originPath as NSString).deletingLastPathComponent
        try AtomicFile.makeDirectory(folder, sync: durable)
        try AtomicFile.createFile(bytes, at: originPath, sync: durable)
        if link(originPath, thumbnailPath) != 0 {
            do throws(StorageError) {
                try AtomicFile.createFile(bytes, at: thumbnailPath, sync: durable)
            } catch {
                unlink(originPath)
                throw error
            }
        }
        if durable { try AtomicFile.syncDirectory(folder) }
    }

    /// Flushes image files written without `durable`, and the folders that list them, to
    /// disk. The `fsync`s run in parallel: the file system commits them together, which is
    /// many times faster than one after another.
    func flush(images relativePaths: [String]) throws(StorageError) {
        guard syncsToDisk else { return }
        var paths = Set<String>()
        for relative in relativePaths {
            var path = imagesRoot + "/" + relative
            paths.insert(path)
            while path.count > root.count {
                path = (path as NSString).deletingLastPathComponent
                paths.insert(path)
            }
        }
        paths.insert(root)
        let all = Array(paths)
        let failure = Mutex<StorageError?>(nil)
        DispatchQueue.concurrentPerform(iterations: all.count) { index in
            let fd = open(all[index], O_RDONLY | O_CLOEXEC)
            if fd < 0 || fsync(fd) != 0 {
                let code = errno
                failure.withLock { $0 = $0 ?? .system("fsync \(all[index])", code) }
            }
            if fd >= 0 { close(fd) }
        }
        if let failure = failure.withLock({ $0 }) { throw failure }
    }

    /// The absolute path of an image file, if the relative path is one the market could have
    /// written (digits, hex and `_origin`/`_thumb` names only: no `..`, no dotfiles).
    func imageFile(_ relativePath: String) -> String? {
        guard ImageNaming.isValidRelativePath(relativePath) else { return nil }
        return imagesRoot + "/" + relativePath
    }

    /// Best effort: a file that stays behind is swept at the next load.
    func removeImages(_ relativePaths: [String]) {
        for relative in relativePaths {
            if let path = imageFile(relative) { unlink(path) }
        }
    }

    /// Deletes image files no product refers to (left by a crash between the image write and
    /// the state write, or by a delete interrupted before its cleanup).
    func removeUnreferencedImages(keeping referenced: Set<String>) {
        for relative in allImageFiles() where !referenced.contains(relative) {
            unlink(imagesRoot + "/" + relative)
        }
    }

    func allImageFiles() -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: imagesRoot) else { return [] }
        var result: [String] = []
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: imagesRoot + "/" + relative, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                result.append(relative)
            }
        }
        return result.sorted()
    }

    private func removeTemporaryFiles() {
        let folders = [root] + allImageFiles().map { (imagesRoot + "/" + $0 as NSString).deletingLastPathComponent }
        for folder in Set(folders) {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names where name.contains(AtomicFile.temporaryMarker) {
                unlink(folder + "/" + name)
            }
        }
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context):
            return "not valid JSON: \(context.debugDescription)"
        case DecodingError.keyNotFound(let key, let context):
            return "missing \(key.stringValue) at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "unexpected value at \(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }
}
