import DashboardEngine
import Foundation
import Synchronization

/// Images uploaded with a form, kept server-side under the form's token until the product is
/// registered, so a failed submit (validation or upstream) never makes a person pick them again.
///
/// - Keyed by the form token *and* the browser's CSRF cookie (the owner): another browser that
///   learns a form token sees nothing.
/// - On disk under `directory` (0700; files 0600, named by random ids, never by client names),
///   at most `maxImagesPerForm` a form.
/// - Bounded by what it really holds: each image is charged `StashedImage.charge` (at least
///   4 KB, plus its name and bookkeeping) and each form `formOverhead`, up to `maxTotalBytes`;
///   at most `maxForms` forms in all and `maxFormsPerOwner` per browser.
/// - Making room: a browser over its own cap loses its own least recently used form. Other
///   browsers' forms are dropped (least recently used first) only once untouched for
///   `minimumAge`: a person who is still fixing a form never loses its images to someone
///   else's uploads. When nothing may be dropped, the new image is refused (`busy`) and the
///   form says to try again later; a flood can delay new stashing, never take what is kept.
/// - A form untouched for `lifetime` expires. The directory is emptied on start (the index
///   lives in memory) and expired forms are swept at most once every `sweepInterval`.
final class ImageStash: Sendable {
    let directory: URL
    let maxImagesPerForm: Int
    let maxTotalBytes: Int
    let maxForms: Int
    let maxFormsPerOwner: Int
    let minimumAge: Duration
    let lifetime: Duration
    let sweepInterval: Duration
    private let now: @Sendable () -> ContinuousClock.Instant

    /// Charged per form: its key (owner and token), folder name and index entry.
    static let formOverhead = 512

    private struct Form {
        var owner: String
        var folder: String
        var images: [StashedImage] = []
        var nextNumber = 1
        var touched: ContinuousClock.Instant
        var charge: Int { images.reduce(ImageStash.formOverhead) { $0 + $1.charge } }
    }

    private struct State {
        var forms: [String: Form] = [:]
        var lastSweep: ContinuousClock.Instant
        var charge: Int { forms.values.reduce(0) { $0 + $1.charge } }
    }

    enum AddResult: Error, Sendable, Equatable {
        case added(StashedImage)
        /// The same bytes are already stashed for this form (a resubmitted file).
        case duplicate
        /// The form already holds `maxImagesPerForm` images.
        case full
        /// No room without dropping another browser's recent form: try again later.
        case busy
        /// The disk failed.
        case unavailable
    }

    private let state: Mutex<State>

    init(
        directory: URL, maxImagesPerForm: Int = 5, maxTotalBytes: Int = 64 * 1024 * 1024,
        maxForms: Int = 256, maxFormsPerOwner: Int = 8, minimumAge: Duration = .seconds(300),
        lifetime: Duration = .seconds(3600), sweepInterval: Duration = .seconds(60),
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) throws {
        self.directory = directory
        self.maxImagesPerForm = maxImagesPerForm
        self.maxTotalBytes = maxTotalBytes
        self.maxForms = max(1, maxForms)
        self.maxFormsPerOwner = max(1, maxFormsPerOwner)
        self.minimumAge = minimumAge
        self.lifetime = lifetime
        self.sweepInterval = sweepInterval
        self.now = now
        state = Mutex(State(lastSweep: now()))
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    static func key(owner: String, token: String) -> String { owner + "/" + token }

    /// The form's images in upload order (empty when it has none or expired).
    func images(owner: String, token: String) -> [StashedImage] {
        sweepIfDue()
        let now = now()
        return state.withLock { state in
            let key = Self.key(owner: owner, token: token)
            guard var form = state.forms[key] else { return [] }
            form.touched = now
            state.forms[key] = form
            return form.images
        }
    }

    /// Stores one image's bytes for the form (already checked: a whole JPEG or PNG within the
    /// size cap). A name over 255 bytes is cut, keeping its extension.
    func add(owner: String, token: String, filename: String, format: ImageFormat, bytes: [UInt8]) -> AddResult {
        sweepIfDue()
        let key = Self.key(owner: owner, token: token)
        let digest = SHA256.hex(bytes)
        let name = StashedImage.keptName(filename)
        // Decide cheaply before writing; the same checks run again under the lock afterwards.
        let precheck = state.withLock { state -> Result<String, AddResult> in
            guard let form = state.forms[key] else { return .success(SecureToken.make()) }
            if form.images.contains(where: { $0.digest == digest }) { return .failure(.duplicate) }
            if form.images.count >= maxImagesPerForm { return .failure(.full) }
            return .success(form.folder)
        }
        let folder: String
        switch precheck {
        case .success(let found): folder = found
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
        let now = now()
        var evicted: [Form] = []
        let result = state.withLock { state -> AddResult in
            var form = state.forms[key] ?? Form(owner: owner, folder: folder, touched: now)
            if form.images.contains(where: { $0.digest == digest }) { return .duplicate }
            if form.images.count >= maxImagesPerForm { return .full }
            let image = StashedImage(
                number: form.nextNumber, filename: name, format: format, size: bytes.count, digest: digest, path: path)
            let isNew = state.forms[key] == nil
            guard let dropped = makeRoom(in: &state, for: key, owner: owner, adding: image.charge + (isNew ? Self.formOverhead : 0), now: now) else {
                return .busy
            }
            evicted = dropped
            form.nextNumber += 1
            form.images.append(image)
            form.touched = now
            state.forms[key] = form
            return .added(image)
        }
        if case .added = result {} else {
            try? FileManager.default.removeItem(atPath: path)
            if folder != state.withLock({ $0.forms[key]?.folder }) { try? FileManager.default.removeItem(at: folderURL) }
        }
        evicted.forEach(removeFiles)
        return result
    }

    /// Drops forms so that `charge` more fits (and, for a new form, one more form): first the
    /// owner's own least recently used forms past its cap, then other forms untouched for
    /// `minimumAge`. Nil, with nothing dropped, when that is not enough.
    private func makeRoom(in state: inout State, for key: String, owner: String, adding charge: Int, now: ContinuousClock.Instant) -> [Form]? {
        var forms = state.forms
        var dropped: [Form] = []
        func dropOldest(where eligible: (String, Form) -> Bool) -> Bool {
            guard let victim = forms.filter({ $0.key != key && eligible($0.key, $0.value) })
                .min(by: { $0.value.touched < $1.value.touched })
            else { return false }
            dropped.append(victim.value)
            forms[victim.key] = nil
            return true
        }
        let isNew = forms[key] == nil
        if isNew {
            while forms.values.filter({ $0.owner == owner }).count >= maxFormsPerOwner {
                guard dropOldest(where: { $1.owner == owner }) else { return nil }
            }
        }
        let old: (String, Form) -> Bool = { now - $1.touched >= self.minimumAge }
        while isNew && forms.count >= maxForms {
            guard dropOldest(where: old) else { return nil }
        }
        var total = forms.values.reduce(0) { $0 + $1.charge }
        while total + charge > maxTotalBytes {
            let before = dropped.count
            guard dropOldest(where: old) else { return nil }
            total -= dropped[before].charge
        }
        state.forms = forms
        return dropped
    }

    /// Removes the images with these numbers from the form.
    func remove(owner: String, token: String, numbers: Set<Int>) {
        guard !numbers.isEmpty else { return }
        let now = now()
        let removed = state.withLock { state -> [StashedImage] in
            let key = Self.key(owner: owner, token: token)
            guard var form = state.forms[key] else { return [] }
            let removed = form.images.filter { numbers.contains($0.number) }
            form.images.removeAll { numbers.contains($0.number) }
            form.touched = now
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

    /// What all forms together are charged (images, names, bookkeeping).
    var totalBytes: Int { state.withLock { $0.charge } }

    /// Forms held right now.
    var formCount: Int { state.withLock { $0.forms.count } }

    /// Drops forms untouched for longer than `lifetime`.
    func sweep(now: ContinuousClock.Instant? = nil) {
        let now = now ?? self.now()
        let expired = state.withLock { state -> [Form] in
            state.lastSweep = now
            let old = state.forms.filter { now - $0.value.touched > lifetime }
            for key in old.keys { state.forms[key] = nil }
            return Array(old.values)
        }
        expired.forEach(removeFiles)
    }

    private func sweepIfDue() {
        let now = now()
        if state.withLock({ now - $0.lastSweep >= sweepInterval }) { sweep(now: now) }
    }

    /// Each image by its own path (two first uploads racing may have used two folders), then the folder.
    private func removeFiles(_ form: Form) {
        for image in form.images { try? FileManager.default.removeItem(atPath: image.path) }
        try? FileManager.default.removeItem(at: directory.appendingPathComponent(form.folder, isDirectory: true))
    }
}
