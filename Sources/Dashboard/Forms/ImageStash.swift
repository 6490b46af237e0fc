import Foundation
import Synchronization

/// Images uploaded with a form, kept server-side under the form's token until the product is
/// registered, so a failed submit (validation or upstream) never makes a person pick them again.
///
/// - Keyed by the form token *and* the browser's CSRF cookie: another browser that learns a
///   form token sees nothing.
/// - On disk under `directory` (0700; files 0600, named by random ids, never by client names),
///   at most `maxImagesPerForm` a form and `maxTotalBytes` in all (least recently used forms are
///   dropped first); a form untouched for `lifetime` expires.
/// - The directory is emptied on start (the index lives in memory) and expired forms are swept
///   at most once every `sweepInterval`, whenever the stash is used.
final class ImageStash: Sendable {
    let directory: URL
    let maxImagesPerForm: Int
    let maxTotalBytes: Int
    let lifetime: Duration
    let sweepInterval: Duration

    private struct Form {
        var folder: String
        var images: [StashedImage] = []
        var nextNumber = 1
        var touched: ContinuousClock.Instant
        var bytes: Int { images.reduce(0) { $0 + $1.size } }
    }

    private struct State {
        var forms: [String: Form] = [:]
        var lastSweep: ContinuousClock.Instant
    }

    enum AddResult: Error, Sendable, Equatable {
        case added(StashedImage)
        /// The same bytes are already stashed for this form (a resubmitted file).
        case duplicate
        /// The form already holds `maxImagesPerForm` images.
        case full
        /// The stash as a whole is full even after dropping other forms, or the disk failed.
        case unavailable
    }

    private let state: Mutex<State>

    init(
        directory: URL, maxImagesPerForm: Int = 5, maxTotalBytes: Int = 64 * 1024 * 1024,
        lifetime: Duration = .seconds(3600), sweepInterval: Duration = .seconds(60)
    ) throws {
        self.directory = directory
        self.maxImagesPerForm = maxImagesPerForm
        self.maxTotalBytes = maxTotalBytes
        self.lifetime = lifetime
        self.sweepInterval = sweepInterval
        state = Mutex(State(lastSweep: .now))
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    static func key(owner: String, token: String) -> String { owner + "/" + token }

    /// The form's images in upload order (empty when it has none or expired).
    func images(owner: String, token: String) -> [StashedImage] {
        sweepIfDue()
        return state.withLock { state in
            let key = Self.key(owner: owner, token: token)
            guard var form = state.forms[key] else { return [] }
            form.touched = .now
            state.forms[key] = form
            return form.images
        }
    }

    /// Stores one image's bytes for the form (already checked: JPEG or PNG, within the size cap).
    func add(owner: String, token: String, filename: String, format: ImageFormat, bytes: [UInt8]) -> AddResult {
        sweepIfDue()
        let key = Self.key(owner: owner, token: token)
        let digest = SHA256.hex(bytes)
        // Decide cheaply before writing; the same checks run again when the image is registered.
        let precheck = state.withLock { state -> Result<String, AddResult> in
            guard let form = state.forms[key] else { return .success(SecureToken.make()) }
            if form.images.contains(where: { $0.digest == digest }) { return .failure(.duplicate) }
            if form.images.count >= maxImagesPerForm { return .failure(.full) }
            return .success(form.folder)
        }
        let folder: String
        switch precheck {
        case .success(let name): folder = name
        case .failure(let result): return result
        }
        let folderURL = directory.appendingPathComponent(folder, isDirectory: true)
        let path = folderURL.appendingPathComponent(SecureToken.make()).path
        do {
            try FileManager.default.createDirectory(
                at: folderURL, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            guard FileManager.default.createFile(
                atPath: path, contents: Data(bytes), attributes: [.posixPermissions: 0o600])
            else { return .unavailable }
        } catch {
            return .unavailable
        }
        var evicted: [Form] = []
        let result = state.withLock { state -> AddResult in
            var form = state.forms[key] ?? Form(folder: folder, touched: .now)
            if form.images.contains(where: { $0.digest == digest }) { return .duplicate }
            if form.images.count >= maxImagesPerForm { return .full }
            // Make room by dropping the least recently used other forms.
            var total = state.forms.values.reduce(0) { $0 + $1.bytes }
            while total + bytes.count > maxTotalBytes,
                let victim = state.forms.filter({ $0.key != key }).min(by: { $0.value.touched < $1.value.touched })
            {
                total -= victim.value.bytes
                evicted.append(victim.value)
                state.forms[victim.key] = nil
            }
            if total + bytes.count > maxTotalBytes { return .unavailable }
            let image = StashedImage(
                number: form.nextNumber, filename: filename, format: format, size: bytes.count, digest: digest, path: path)
            form.nextNumber += 1
            form.images.append(image)
            form.touched = .now
            state.forms[key] = form
            return .added(image)
        }
        if case .added = result {} else { try? FileManager.default.removeItem(atPath: path) }
        evicted.forEach(removeFiles)
        return result
    }

    /// Removes the images with these numbers from the form.
    func remove(owner: String, token: String, numbers: Set<Int>) {
        guard !numbers.isEmpty else { return }
        let removed = state.withLock { state -> [StashedImage] in
            let key = Self.key(owner: owner, token: token)
            guard var form = state.forms[key] else { return [] }
            let removed = form.images.filter { numbers.contains($0.number) }
            form.images.removeAll { numbers.contains($0.number) }
            form.touched = .now
            state.forms[key] = form
            return removed
        }
        for image in removed { try? FileManager.default.removeItem(atPath: image.path) }
    }

    /// Forgets the form and deletes its files (after the product was registered).
    func discard(owner: String, token: String) {
        let form = state.withLock { $0.forms.removeValue(forKey: Self.key(owner: owner, token: token)) }
        form.map(removeFiles)
    }

    /// One stashed image's bytes, or nil when the form, the number or the file is gone.
    func image(owner: String, token: String, number: Int) -> (image: StashedImage, bytes: [UInt8])? {
        let found = state.withLock { state in
            state.forms[Self.key(owner: owner, token: token)]?.images.first { $0.number == number }
        }
        guard let found, let data = FileManager.default.contents(atPath: found.path) else { return nil }
        return (found, Array(data))
    }

    /// Bytes held in all forms together.
    var totalBytes: Int {
        state.withLock { $0.forms.values.reduce(0) { $0 + $1.bytes } }
    }

    /// Drops forms untouched for longer than `lifetime`.
    func sweep(now: ContinuousClock.Instant = .now) {
        let expired = state.withLock { state -> [Form] in
            state.lastSweep = now
            let old = state.forms.filter { now - $0.value.touched > lifetime }
            for key in old.keys { state.forms[key] = nil }
            return Array(old.values)
        }
        expired.forEach(removeFiles)
    }

    private func sweepIfDue() {
        let now = ContinuousClock.now
        if state.withLock({ now - $0.lastSweep >= sweepInterval }) { sweep(now: now) }
    }

    /// Each image by its own path (two first uploads racing may have used two folders), then the folder.
    private func removeFiles(_ form: Form) {
        for image in form.images { try? FileManager.default.removeItem(atPath: image.path) }
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(form.folder, isDirectory: true))
    }
}
