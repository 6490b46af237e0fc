import DashboardEngine
import Foundation
import Glibc
import Synchronization

/// The on-disk tier: one file per image, named by the SHA-256 of its URL, in one directory,
/// bounded in bytes and evicting least recently used.
///
/// The order of use lives in the files' modification times, so it survives a restart: every
/// write and read stamps the file with a strictly increasing time (file system clocks tick too
/// coarsely to order quick successive uses), and a new instance scans the directory, rebuilds
/// sizes and order from `stat`, removes leftover temporary files and evicts down to its budget.
/// Writes go to a temporary file renamed into place, so a reader never sees half a file.
/// Disk errors make the tier forget an entry, never fail a request: it is only a cache.
///
/// `bytes` counts what files really take: each is charged whole 4 KB blocks (a 10-byte file
/// still takes one) plus `entryOverhead` for its directory entry and its place in the in-memory
/// index, so many tiny images cannot outgrow the budget.
final class ImageDiskTier: Sendable {
    static let blockSize = 4096
    /// The 64-byte name in the directory and in the index, and the index's node.
    static let entryOverhead = 256

    /// What a file of `size` bytes is charged.
    static func charge(size: Int) -> Int {
        let blocks = max(1, size / blockSize + (size % blockSize == 0 ? 0 : 1))
        return blocks * blockSize + entryOverhead
    }

    let directory: String
    let capacity: Int
    private let state: Mutex<State>

    private struct State: Sendable {
        var files = LRUDictionary<String, Int>()
        var bytes = 0
        /// The last modification time handed out, in nanoseconds since the epoch.
        var lastStamp = 0
    }

    private static let temporaryPrefix = ".tmp-"

    init(directory: URL, capacity: Int) throws {
        self.directory = directory.standardizedFileURL.path
        self.capacity = max(0, capacity)
        try FileManager.default.createDirectory(atPath: self.directory, withIntermediateDirectories: true)
        self.state = Mutex(State())
        let victims = state.withLock { state in
            for file in scan() {
                state.files.setValue(Self.charge(size: file.size), forKey: file.name)
                state.bytes += Self.charge(size: file.size)
                state.lastStamp = max(state.lastStamp, file.stamp)
            }
            return evictOverBudget(&state)
        }
        remove(victims)
    }

    var count: Int { state.withLock { $0.files.count } }
    var bytes: Int { state.withLock { $0.bytes } }

    /// File names from the least to the most recently used.
    var namesByAge: [String] { state.withLock { $0.files.entriesByAge.map(\.key) } }

    /// The file's bytes, marked as just used; nil when absent or unreadable.
    func read(_ name: String) -> [UInt8]? {
        let stamp: Int? = state.withLock { state in
            guard state.files.value(forKey: name) != nil else { return nil }
            return Self.nextStamp(&state)
        }
        guard let stamp else { return nil }
        guard let data = FileManager.default.contents(atPath: path(name)) else {
            forget(name)
            return nil
        }
        Self.setModificationTime(path(name), stamp)
        return [UInt8](data)
    }

    /// Stores `bytes` under `name` (temp file, then rename) and evicts down to the budget.
    /// A file larger than the whole budget is not kept.
    func write(_ name: String, _ bytes: [UInt8]) {
        let charge = Self.charge(size: bytes.count)
        guard charge <= capacity else { return }
        let temporary = path(Self.temporaryPrefix + name + "-" + UUID().uuidString)
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else { return }
        let stamp = state.withLock { Self.nextStamp(&$0) }
        Self.setModificationTime(temporary, stamp)
        guard rename(temporary, path(name)) == 0 else {
            unlink(temporary)
            return
        }
        let victims = state.withLock { state in
            if let previous = state.files.setValue(charge, forKey: name) { state.bytes -= previous }
            state.bytes += charge
            return evictOverBudget(&state)
        }
        remove(victims)
    }

    func forget(_ name: String) {
        state.withLock { state in
            if let size = state.files.removeValue(forKey: name) { state.bytes -= size }
        }
    }

    func path(_ name: String) -> String { directory + "/" + name }

    /// Cache files are named by 64 lowercase hex digits; anything else in the folder is left alone.
    static func isCacheFileName(_ name: String) -> Bool {
        name.utf8.count == 64 && name.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    private func evictOverBudget(_ state: inout State) -> [String] {
        var victims: [String] = []
        while state.bytes > capacity, let evicted = state.files.removeLeastRecentlyUsed() {
            state.bytes -= evicted.value
            victims.append(evicted.key)
        }
        return victims
    }

    private func remove(_ names: [String]) {
        for name in names { unlink(path(name)) }
    }

    /// The cache files, oldest use first; removes temporary files a crash left behind.
    private func scan() -> [(name: String, size: Int, stamp: Int)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var files: [(name: String, size: Int, stamp: Int)] = []
        for name in names {
            if name.hasPrefix(Self.temporaryPrefix) {
                unlink(path(name))
                continue
            }
            guard Self.isCacheFileName(name) else { continue }
            var info = stat()
            guard stat(path(name), &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            let stamp = info.st_mtim.nanosecondsSince1970
            files.append((name, Int(info.st_size), stamp))
        }
        return files.sorted { ($0.stamp, $0.name) < ($1.stamp, $1.name) }
    }

    /// Now, or just after the last stamp if the clock has not moved on.
    private static func nextStamp(_ state: inout State) -> Int {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        // Saturating: a cache file dated after 2262 loads as `Int.max` (see `nanosecondsSince1970`).
        let (next, overflow) = state.lastStamp.addingReportingOverflow(1)
        state.lastStamp = max(now.nanosecondsSince1970, overflow ? .max : next)
        return state.lastStamp
    }

    private static func setModificationTime(_ path: String, _ stamp: Int) {
        let time = timespec(tv_sec: stamp / 1_000_000_000, tv_nsec: stamp % 1_000_000_000)
        var times = [time, time]
        _ = utimensat(AT_FDCWD, path, &times, 0)
    }
}
