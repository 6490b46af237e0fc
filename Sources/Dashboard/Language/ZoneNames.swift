import Foundation
import Synchronization

/// The names a zone's own data gives its local times ("EST" and "EDT" for New York, "KST",
/// "GMT" and "BST" for London), read from the zone's TZif file (RFC 8536) in the system's zone
/// folder, the file the C library reads. Foundation on Linux names most zones only by their
/// offset ("GMT-5"), so the names come from the file.
///
/// Only the names come from here: the offset of an instant stays Foundation's, and a name is
/// given only when the file's local time for that instant has the same offset, so a name never
/// contradicts the time it stands beside.
struct ZoneNames: Sendable, Equatable {
    /// One local time type of the file (`ttinfo`): its offset east of UTC and its name.
    struct Kind: Sendable, Equatable {
        var offset: Int
        var name: String
    }

    /// The instants (seconds since 1970) at which the local time type changes, ascending.
    var transitions: [Int64]
    /// The type each transition starts, an index into `kinds`.
    var kindAfter: [Int]
    var kinds: [Kind]
    /// The footer's rule for instants after the last transition: the standard time and, when
    /// the zone keeps summer time, the summer time.
    var standard: Kind?
    var daylight: Kind?

    /// The name the zone's data gives the local time at `seconds` when its offset is `offset`;
    /// nil when the data has another offset there, or only a number for a name ("+09", "-03").
    func name(at seconds: Int64, offset: Int) -> String? {
        let kind: Kind?
        if standard != nil, transitions.last.map({ seconds >= $0 }) ?? true {
            kind = [daylight, standard].compactMap { $0 }.first { $0.offset == offset }
        } else if let first = transitions.first, seconds >= first {
            kind = kinds[kindAfter[Self.lastIndex(in: transitions, notAfter: seconds)]]
        } else {
            // Before the first transition (or with none): the file's first type.
            kind = kinds.first
        }
        guard let kind, kind.offset == offset, Self.isWord(kind.name) else { return nil }
        return kind.name
    }

    /// A name readers know as one: 2 to 6 ASCII letters ("EST", "ChST", "AKDT"). The data
    /// writes zones without such a name as numbers ("+09", "-0330").
    static func isWord(_ name: String) -> Bool {
        (2...6).contains(name.utf8.count) && name.utf8.allSatisfy { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
    }

    /// The index of the last element of `sorted` that is at most `value` (one exists).
    private static func lastIndex(in sorted: [Int64], notAfter value: Int64) -> Int {
        var low = 0, high = sorted.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if sorted[middle] <= value { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

// MARK: - Reading the files

extension ZoneNames {
    /// The folder of the zone files: `TZDIR`, as the C library reads it, else the usual one.
    static let folder: String = {
        if let folder = ProcessInfo.processInfo.environment["TZDIR"], !folder.isEmpty { return folder }
        return "/usr/share/zoneinfo"
    }()

    /// Zone files are a few KB; anything much larger is not one.
    static let maxFileBytes = 256 * 1024

    /// What each zone's file gave, by folder and zone name (nil: no usable file), read once.
    private static let cache = Mutex<[String: ZoneNames?]>([:])

    /// The names of the zone `identifier` from its file in `folder`; nil when there is no
    /// such file or it cannot be read. Read once per zone, then kept.
    static func forZone(_ identifier: String, in folder: String = ZoneNames.folder) -> ZoneNames? {
        let key = folder + "\u{0}" + identifier
        if let known = cache.withLock({ $0[key] }) { return known }
        let read = path(identifier, in: folder).flatMap(contents).flatMap(parse)
        cache.withLock { $0[key] = read }
        return read
    }

    /// The file of a zone name such as `America/New_York` in `folder`; nil for a name that
    /// could lead out of the folder (`../x`, `/etc/passwd`, `.hidden`) or holds other
    /// characters. A name with no file (`GMT+0900`, Foundation's offset-only zones) gives a
    /// path that simply does not exist.
    static func path(_ identifier: String, in folder: String) -> String? {
        let allowed = identifier.utf8.allSatisfy {
            (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || "_-+/.".utf8.contains($0)
        }
        let parts = identifier.split(separator: "/", omittingEmptySubsequences: false)
        guard allowed, !identifier.isEmpty, !parts.contains(where: { $0.isEmpty || $0.hasPrefix(".") }) else { return nil }
        return folder + "/" + identifier
    }

    private static func contents(_ path: String) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maxFileBytes + 1), data.count <= maxFileBytes else { return nil }
        return [UInt8](data)
    }

    /// Reads a TZif file (RFC 8536): the 64-bit data of version 2 and later, else version 1's
    /// 32-bit data, and the footer's rule for times after the last transition. Nil for
    /// anything that is not such a file or whose counts do not fit its size.
    static func parse(_ bytes: [UInt8]) -> ZoneNames? {
        var reader = Reader(bytes: bytes)
        guard let first = reader.header() else { return nil }
        guard first.version >= 2 else { return reader.block(first, timeBytes: 4) }
        guard reader.skip(first.blockBytes(timeBytes: 4)), let second = reader.header(), var names = reader.block(second, timeBytes: 8)
        else { return nil }
        if let footer = reader.footer() { (names.standard, names.daylight) = Self.rule(footer) }
        return names
    }

    /// The standard and summer times a POSIX TZ string names (`EST5EDT,M3.2.0,M11.1.0`,
    /// `<+09>-9`, `IST-1GMT0,M10.5.0,M3.5.0/1`), with their offsets east of UTC. A TZ offset
    /// counts west, and summer time is an hour ahead unless it says otherwise.
    static func rule(_ text: String) -> (Kind?, Kind?) {
        var rest = Substring(text)
        guard let standardName = designation(&rest), let standardWest = posixOffset(&rest) else { return (nil, nil) }
        let standard = Kind(offset: -standardWest, name: standardName)
        guard let daylightName = designation(&rest) else { return (standard, nil) }
        let daylightWest = posixOffset(&rest) ?? standardWest - 3600
        return (standard, Kind(offset: -daylightWest, name: daylightName))
    }

    /// `EST` or `<+09>`.
    private static func designation(_ text: inout Substring) -> String? {
        if text.first == "<" {
            guard let end = text.firstIndex(of: ">") else { return nil }
            let name = text[text.index(after: text.startIndex)..<end]
            text = text[text.index(after: end)...]
            return name.isEmpty ? nil : String(name)
        }
        let name = text.prefix { $0.isASCII && $0.isLetter }
        guard name.count >= 3 else { return nil }
        text = text.dropFirst(name.count)
        return String(name)
    }

    /// `5`, `-9`, `+3:30`, `10:00:00`: seconds, positive west of Greenwich.
    private static func posixOffset(_ text: inout Substring) -> Int? {
        var sign = 1
        if text.first == "+" || text.first == "-" {
            sign = text.first == "-" ? -1 : 1
            text = text.dropFirst()
        }
        var seconds = 0
        for (index, unit) in [3600, 60, 1].enumerated() {
            if index > 0 {
                guard text.first == ":" else { break }
                text = text.dropFirst()
            }
            let digits = text.prefix { $0.isASCII && $0.isNumber }
            guard (1...3).contains(digits.count), let value = Int(digits) else { return nil }
            seconds += value * unit
            text = text.dropFirst(digits.count)
        }
        return sign * seconds
    }

    /// A cursor over the file's bytes; every read checks the size first.
    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        struct Header {
            var version: Int
            var isUTCCount, isStandardCount, leapCount, timeCount, typeCount, charCount: Int

            func blockBytes(timeBytes: Int) -> Int {
                timeCount * timeBytes + timeCount + typeCount * 6 + charCount + leapCount * (timeBytes + 4) + isStandardCount + isUTCCount
            }
        }

        mutating func skip(_ count: Int) -> Bool {
            guard count >= 0, bytes.count - position >= count else { return false }
            position += count
            return true
        }

        /// "TZif", the version, 15 bytes unused, six counts.
        mutating func header() -> Header? {
            guard bytes.count - position >= 44, Array(bytes[position..<position + 4]) == Array("TZif".utf8) else { return nil }
            let versionByte = bytes[position + 4]
            let version = versionByte == 0 ? 1 : Int(versionByte) - 0x30
            var counts: [Int] = []
            for index in 0..<6 { counts.append(Int(integer(at: position + 20 + index * 4, size: 4, signed: false))) }
            position += 44
            // Counts past what a file of the allowed size can hold are not a zone file.
            guard version >= 1, counts.allSatisfy({ $0 <= ZoneNames.maxFileBytes }), counts[4] >= 1 else { return nil }
            return Header(
                version: version, isUTCCount: counts[0], isStandardCount: counts[1], leapCount: counts[2], timeCount: counts[3],
                typeCount: counts[4], charCount: counts[5])
        }

        /// The transitions, their types, the types and their names; the rest of the block
        /// (leap seconds, standard and UT indicators) is skipped.
        mutating func block(_ header: Header, timeBytes: Int) -> ZoneNames? {
            let start = position
            guard skip(header.blockBytes(timeBytes: timeBytes)) else { return nil }
            var at = start
            var transitions: [Int64] = []
            for _ in 0..<header.timeCount {
                transitions.append(integer(at: at, size: timeBytes, signed: true))
                at += timeBytes
            }
            var kindAfter: [Int] = []
            for _ in 0..<header.timeCount {
                let kind = Int(bytes[at])
                guard kind < header.typeCount else { return nil }
                kindAfter.append(kind)
                at += 1
            }
            let namesStart = at + header.typeCount * 6
            let names = bytes[namesStart..<namesStart + header.charCount]
            var kinds: [Kind] = []
            for _ in 0..<header.typeCount {
                let offset = Int(integer(at: at, size: 4, signed: true))
                let nameIndex = Int(bytes[at + 5])
                guard nameIndex < header.charCount else { return nil }
                let name = names[(namesStart + nameIndex)...].prefix { $0 != 0 }
                kinds.append(Kind(offset: offset, name: String(decoding: name, as: UTF8.self)))
                at += 6
            }
            guard zip(transitions, transitions.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
            return ZoneNames(transitions: transitions, kindAfter: kindAfter, kinds: kinds)
        }

        /// The footer of version 2 and later: a TZ string between two newlines.
        mutating func footer() -> String? {
            guard position < bytes.count, bytes[position] == 0x0A else { return nil }
            let rest = bytes[(position + 1)...]
            guard let end = rest.firstIndex(of: 0x0A), end > position + 1 else { return nil }
            return String(decoding: bytes[(position + 1)..<end], as: UTF8.self)
        }

        /// A big-endian integer of 4 or 8 bytes at `index` (already checked to be inside).
        private func integer(at index: Int, size: Int, signed: Bool) -> Int64 {
            var value: UInt64 = 0
            for byte in bytes[index..<index + size] { value = value << 8 | UInt64(byte) }
            guard signed else { return Int64(value) }
            return size == 4 ? Int64(Int32(bitPattern: UInt32(truncatingIfNeeded: value))) : Int64(bitPattern: value)
        }
    }
}
