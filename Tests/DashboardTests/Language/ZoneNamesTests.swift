import Foundation
import Testing

@testable import Dashboard

/// The zone names read from the zone files (`ZoneNames`) and the labels pages show
/// (`LocalTime.zoneLabel`): the same on any machine, whatever its own zone, since they come
/// from the configured zone's file.
@Suite struct ZoneNamesTests {
    static func zone(_ identifier: String) throws -> TimeZone {
        try #require(TimeZone(identifier: identifier))
    }

    static func at(_ text: String) throws -> Date {
        try #require(ISO8601DateFormatter().date(from: text))
    }

    static var hasZoneFiles: Bool {
        FileManager.default.fileExists(atPath: ZoneNames.folder + "/America/New_York")
    }

    @Test(.enabled(if: hasZoneFiles, "no zone files in TZDIR or /usr/share/zoneinfo"))
    func newYork_isESTInWinter_andEDTInSummer() throws {
        let newYork = try Self.zone("America/New_York")
        #expect(LocalTime.zoneLabel(newYork, at: try Self.at("2026-01-15T12:00:00Z")) == "EST")
        #expect(LocalTime.zoneLabel(newYork, at: try Self.at("2026-07-15T12:00:00Z")) == "EDT")
        // The hour either side of the spring change, and years past the file's last
        // transition, which its footer's rule covers.
        #expect(LocalTime.zoneLabel(newYork, at: try Self.at("2026-03-08T06:59:00Z")) == "EST")
        #expect(LocalTime.zoneLabel(newYork, at: try Self.at("2026-03-08T07:00:00Z")) == "EDT")
        #expect(LocalTime.zoneLabel(newYork, at: try Self.at("2047-01-15T12:00:00Z")) == "EST")
        #expect(LocalTime.zoneLabel(newYork, at: try Self.at("2047-07-15T12:00:00Z")) == "EDT")
        let winter = try Self.at("2026-11-28T12:17:00Z")
        #expect(LocalTime.clockWithZone(winter, zone: newYork) == "07:17 EST")
        #expect(LocalTime.timestamp(winter, zone: newYork, Wording(.ko)) == "2026. 11. 28. 07:17 EST")
    }

    /// A British seller reads GMT in winter and BST in summer, as British clocks and
    /// timetables name them; UTC itself stays "UTC".
    @Test(.enabled(if: hasZoneFiles, "no zone files in TZDIR or /usr/share/zoneinfo"))
    func london_isGMTAndBST_andUTCStaysUTC() throws {
        let london = try Self.zone("Europe/London")
        #expect(LocalTime.zoneLabel(london, at: try Self.at("2026-01-15T12:00:00Z")) == "GMT")
        #expect(LocalTime.zoneLabel(london, at: try Self.at("2026-07-15T12:00:00Z")) == "BST")
        for utc in ["UTC", "Etc/UTC", "GMT", "Etc/GMT"] {
            #expect(LocalTime.zoneLabel(try Self.zone(utc), at: try Self.at("2026-07-15T12:00:00Z")) == "UTC", "\(utc)")
        }
        #expect(LocalTime.zoneLabel(try #require(TimeZone(secondsFromGMT: 0)), at: try Self.at("2026-07-15T12:00:00Z")) == "UTC")
    }

    @Test(.enabled(if: hasZoneFiles, "no zone files in TZDIR or /usr/share/zoneinfo"))
    func namedZones_andZonesWithOnlyAnOffset() throws {
        let date = try Self.at("2026-11-28T12:00:00Z")
        #expect(LocalTime.zoneLabel(try Self.zone("Asia/Seoul"), at: date) == "KST")
        #expect(ZoneNames.forZone("Asia/Seoul")?.name(at: 1_795_000_000, offset: 9 * 3600) == "KST", "the file names Seoul too")
        #expect(LocalTime.zoneLabel(try Self.zone("Asia/Kolkata"), at: date) == "IST")
        #expect(LocalTime.zoneLabel(try Self.zone("Europe/Berlin"), at: date) == "CET")
        // The data names these zones by numbers ("-03", "+04"): the offset, as UTC names it.
        #expect(LocalTime.zoneLabel(try Self.zone("America/Sao_Paulo"), at: date) == "UTC-3")
        #expect(LocalTime.zoneLabel(try Self.zone("Asia/Dubai"), at: date) == "UTC+4")
        #expect(LocalTime.zoneLabel(try Self.zone("Etc/GMT+3"), at: date) == "UTC-3")
        #expect(LocalTime.zoneLabel(try Self.zone("Asia/Kathmandu"), at: date) == "UTC+5:45")
    }

    /// No file (a zone Foundation makes from an offset, or a folder without the zone): the
    /// offset. A file that is not a zone file, or a name leading out of the folder: no names.
    @Test func aMissingOrBrokenFile_givesTheOffset() throws {
        let date = try Self.at("2026-11-28T12:00:00Z")
        #expect(LocalTime.zoneLabel(try #require(TimeZone(secondsFromGMT: -5 * 3600)), at: date) == "UTC-5")
        #expect(LocalTime.zoneLabel(try #require(TimeZone(secondsFromGMT: 5 * 3600 + 1800)), at: date) == "UTC+5:30")
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("America"), withIntermediateDirectories: true)
        #expect(ZoneNames.forZone("America/New_York", in: folder.url.path) == nil)
        try Data("TZif2 but not really".utf8).write(to: folder.url.appendingPathComponent("America/Broken"))
        #expect(ZoneNames.forZone("America/Broken", in: folder.url.path) == nil)
        for name in ["../etc/passwd", "/etc/passwd", "America/../../x", ".hidden", "America//New_York", "", "Asia/Seoul\u{0}"] {
            #expect(ZoneNames.path(name, in: folder.url.path) == nil, "\(name)")
        }
        #expect(ZoneNames.path("America/Argentina/Buenos_Aires", in: "/z") == "/z/America/Argentina/Buenos_Aires")
    }

    /// A zone file read whole gives its names; a copy cut short anywhere, or with a byte
    /// changed, is refused or read as far as it makes sense, and never traps.
    @Test(.enabled(if: hasZoneFiles, "no zone files in TZDIR or /usr/share/zoneinfo"))
    func aFileCutShort_isRefused_neverATrap() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: ZoneNames.folder + "/Europe/London")))
        let whole = try #require(ZoneNames.parse(bytes))
        #expect(whole.standard?.name == "GMT" && whole.daylight == ZoneNames.Kind(offset: 3600, name: "BST"))
        for length in stride(from: 0, to: bytes.count - 30, by: 7) {
            _ = ZoneNames.parse(Array(bytes.prefix(length)))
        }
        var generator = SplitMix64(seed: 42)
        for _ in 0..<200 {
            var changed = bytes
            changed[Int(generator.next() % UInt64(changed.count))] = UInt8(truncatingIfNeeded: generator.next())
            _ = ZoneNames.parse(changed)
        }
    }

    /// The footer's TZ strings: names and offsets east of UTC (a TZ string counts west).
    @Test func theFootersRule() {
        #expect(ZoneNames.rule("EST5EDT,M3.2.0,M11.1.0") == (ZoneNames.Kind(offset: -18_000, name: "EST"), ZoneNames.Kind(offset: -14_400, name: "EDT")))
        #expect(ZoneNames.rule("KST-9") == (ZoneNames.Kind(offset: 32_400, name: "KST"), nil))
        #expect(ZoneNames.rule("<+0545>-5:45") == (ZoneNames.Kind(offset: 20_700, name: "+0545"), nil))
        #expect(ZoneNames.rule("IST-1GMT0,M10.5.0,M3.5.0/1") == (ZoneNames.Kind(offset: 3600, name: "IST"), ZoneNames.Kind(offset: 0, name: "GMT")))
        #expect(ZoneNames.rule("<-03>3<-02>,M3.5.0/-2,M10.5.0/-1") == (ZoneNames.Kind(offset: -10_800, name: "-03"), ZoneNames.Kind(offset: -7200, name: "-02")))
        #expect(ZoneNames.rule("") == (nil, nil))
        #expect(ZoneNames.rule("<+09") == (nil, nil))
        #expect(!ZoneNames.isWord("+09") && !ZoneNames.isWord("A") && ZoneNames.isWord("ChST") && ZoneNames.isWord("AKDT"))
    }

    /// Read once per zone, from any number of threads at once, with one answer.
    @Test(.enabled(if: hasZoneFiles, "no zone files in TZDIR or /usr/share/zoneinfo"))
    func readFromManyTasksAtOnce_givesOneAnswer() async throws {
        let zones = ["America/New_York", "Europe/London", "Asia/Seoul", "Australia/Sydney", "America/Sao_Paulo"]
        let date = try Self.at("2026-07-15T12:00:00Z")
        let labels = await withTaskGroup(of: (String, String).self) { group in
            for index in 0..<200 {
                let identifier = zones[index % zones.count]
                group.addTask { (identifier, LocalTime.zoneLabel(TimeZone(identifier: identifier) ?? .gmt, at: date)) }
            }
            var seen: [String: Set<String>] = [:]
            for await (zone, label) in group { seen[zone, default: []].insert(label) }
            return seen
        }
        #expect(labels == ["America/New_York": ["EDT"], "Europe/London": ["BST"], "Asia/Seoul": ["KST"], "Australia/Sydney": ["AEST"], "America/Sao_Paulo": ["UTC-3"]])
    }
}
