extension StashedImage {
    /// Longest filename kept, in UTF-8 bytes (what file systems allow for one name).
    static let maxFilenameBytes = 255
    /// The least an image is charged: a tiny file still takes a disk block and an index entry.
    static let minimumCharge = 4096
    /// Bookkeeping per image beyond its name: this struct, its path and digest strings, the index.
    static let overhead = 512

    /// What the stash charges for keeping this image: its bytes (at least a disk block), its
    /// name and bookkeeping. Counting only the bytes would let tiny files with long names
    /// fill memory while the stash believes it holds almost nothing.
    var charge: Int { Self.charge(size: size, filename: filename) }

    static func charge(size: Int, filename: String) -> Int {
        max(size, minimumCharge) + filename.utf8.count + overhead
    }

    /// `name` cut to `maxFilenameBytes` UTF-8 bytes, keeping its extension (up to 16 bytes) and
    /// cutting between unicode scalars, so the result is still valid UTF-8.
    static func keptName(_ name: String) -> String {
        guard name.utf8.count > maxFilenameBytes else { return name }
        var stem = Substring(name)
        var suffix = ""
        if let dot = name.lastIndex(of: "."), (1...16).contains(name.utf8[name.utf8.index(after: dot)...].count) {
            stem = name[..<dot]
            suffix = String(name[dot...])
        }
        let budget = maxFilenameBytes - suffix.utf8.count
        var kept = String.UnicodeScalarView()
        var used = 0
        for scalar in stem.unicodeScalars {
            let width = String(scalar).utf8.count
            guard used + width <= budget else { break }
            used += width
            kept.append(scalar)
        }
        return String(kept) + suffix
    }
}
