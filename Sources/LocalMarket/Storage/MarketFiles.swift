import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The data directory: `market.sqlite` (products, counters; see `MarketDatabase`), `images/`
/// (one file per original and per thumbnail) and `incoming/` (a marker per image being
/// written or about to be deleted). An image is written before the database row that names
/// it; its marker, made before the image, goes once the row is committed (or the write has
/// failed and the image is gone). A delete marks its images before it commits and removes
/// them after. So a crash leaves at worst marked, unreferenced images, which the next start
/// removes by reading only `incoming/`, never listing every image of a large catalog.
/// `market.json`, the whole-state file of a legacy data directory, is imported once and
/// renamed `market.json.imported`.
struct MarketFiles: Sendable {
    let root: String
    var databasePath: String { root + "/market.sqlite" }
    var legacyStatePath: String { root + "/market.json" }
    var importedStatePath: String { root + "/market.json.imported" }
    var imagesRoot: String { root + "/images" }
    var incomingRoot: String { root + "/incoming" }

    /// False only in tests: every write stays atomic, but nothing waits for `fsync`.
    let syncsToDisk: Bool

    init(directory: URL, syncsToDisk: Bool = true) {
        self.syncsToDisk = syncsToDisk
        var path = directory.standardizedFileURL.path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        root = path
    }

    /// Creates the folders; removes temporary files an interrupted write of a legacy
    /// `market.json` left (never committed).
    func prepare() throws(StorageError) {
        try AtomicFile.makeDirectory(root, sync: syncsToDisk)
        try AtomicFile.makeDirectory(imagesRoot, sync: syncsToDisk)
        try AtomicFile.makeDirectory(incomingRoot, sync: syncsToDisk)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        where name.contains(AtomicFile.temporaryMarker) {
            unlink(root + "/" + name)
        }
    }

    /// The legacy whole-state file, `market.json`, or nil when there is none.
    func loadLegacyState() throws(StorageError) -> MarketState? {
        guard let bytes = try AtomicFile.read(legacyStatePath) else { return nil }
        let state: MarketState
        do {
            state = try JSONDecoder().decode(MarketState.self, from: Data(bytes))
        } catch {
            throw .corruptState(path: legacyStatePath, reason: Self.describe(error))
        }
        guard state.format == MarketState.currentFormat else {
            throw .corruptState(path: legacyStatePath, reason: "unknown format \(state.format)")
        }
        return state
    }

    /// Renames `market.json` to `market.json.imported` (kept for a person to inspect or to go
    /// back to an older build), durably.
    func retireLegacyState() throws(StorageError) {
        var target = importedStatePath
        var attempt = 1
        while FileManager.default.fileExists(atPath: target) {
            attempt += 1
            target = importedStatePath + "-\(attempt)"
        }
        guard rename(legacyStatePath, target) == 0 else { throw .system("rename \(legacyStatePath)", errno) }
        if syncsToDisk { try AtomicFile.syncDirectory(root) }
    }

    /// Writes one upload: a marker in `incoming/`, the original, and the thumbnail as a hard
    /// link to the same bytes (a copy where links are not supported). With `durable`, the
    /// images are on disk when this returns; without, the caller must `flush(images:)` before
    /// committing rows that refer to them. `clearMarkers(origins:)` removes the marker after.
    func writeImage(_ bytes: [UInt8], origin: String, thumbnail: String, durable: Bool) throws(StorageError) {
        let durable = durable && syncsToDisk
        let marker = markerPath(origin)
        // Not fsynced: kill -9 keeps it (the page cache survives); a power cut may lose it and
        // leave an unreferenced image behind, which costs disk space, never data.
        try AtomicFile.createFile([], at: marker, sync: false)
        let originPath = imagesRoot + "/" + origin
        let thumbnailPath = imagesRoot + "/" + thumbnail
        let folder = (originPath as NSString).deletingLastPathComponent
        do throws(StorageError) {
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
        } catch {
            unlink(marker)
            throw error
        }
    }

    /// Marks the images a delete is about to stop referring to, before it commits. A crash
    /// between the commit and `removeImages` then leaves them marked and unreferenced, and the
    /// next start removes them as it removes an interrupted write's
    /// (`MarketInstaller.clearInterruptedWrites`); images another product still refers to are
    /// kept there, and a delete that did not commit leaves only markers, cleared the same way.
    func markForRemoval(origins: [String]) {
        for origin in origins { try? AtomicFile.createFile([], at: markerPath(origin), sync: false) }
    }

    /// The images' rows are committed (or the images removed): their markers go.
    func clearMarkers(origins: [String]) {
        for origin in origins { unlink(markerPath(origin)) }
    }

    /// Origins of image writes that a crash interrupted (markers still present).
    func interruptedWrites() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: incomingRoot)) ?? []
        return names.map { $0.replacingOccurrences(of: "~", with: "/") }
    }

    private func markerPath(_ origin: String) -> String {
        incomingRoot + "/" + origin.replacingOccurrences(of: "/", with: "~")
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

    /// Best effort: a file left behind was marked first (`writeImage`, `markForRemoval`), so
    /// the next start removes it if no product refers to it.
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
