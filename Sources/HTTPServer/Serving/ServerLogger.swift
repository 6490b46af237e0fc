import Glibc

/// Writes one line per event to standard error. Each line goes out in a single `write(2)`,
/// so lines from concurrent connections never interleave.
public struct ServerLogger: Sendable {
    public enum Level: Int, Sendable, Comparable, CaseIterable {
        case debug, info, warning, error, off

        public init?(name: String) {
            switch name.lowercased() {
            case "debug": self = .debug
            case "info": self = .info
            case "warning", "warn": self = .warning
            case "error": self = .error
            case "off", "none": self = .off
            default: return nil
            }
        }

        public static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }
    }

    public var level: Level
    /// Where lines go; standard error unless a test captures them.
    public var sink: @Sendable (String) -> Void

    public init(level: Level = .info, sink: @escaping @Sendable (String) -> Void = ServerLogger.standardError) {
        self.level = level
        self.sink = sink
    }

    public func log(_ level: Level, _ message: @autoclosure () -> String) {
        guard level >= self.level, self.level != .off else { return }
        sink(message())
    }

    public static let standardError: @Sendable (String) -> Void = { line in
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = write(2, raw.baseAddress.map { $0 + offset }, raw.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        }
    }
}
