import Glibc

/// Writes one line per event to standard error. Each line goes out in a single `write(2)`,
/// so lines from concurrent connections never interleave. Access lines (one per request, at
/// `info`) go through `accessLog`, batched off the serving threads, when there is one.
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
    /// Where access lines go; nil: to `sink`, one at a time, as they happen.
    public var accessLog: AccessLog?

    /// Standard error, with access lines batched by the process's `AccessLog.standardError`.
    public init(level: Level = .info) {
        self.init(level: level, sink: ServerLogger.standardError, accessLog: .standardError)
    }

    /// Every line to `sink` (a test capturing lines, a prefix for an embedded server's log).
    public init(level: Level = .info, sink: @escaping @Sendable (String) -> Void, accessLog: AccessLog? = nil) {
        self.level = level
        self.sink = sink
        self.accessLog = accessLog
    }

    /// Whether access lines are wanted at all.
    public var logsAccess: Bool { level <= .info }

    public func log(_ level: Level, _ message: @autoclosure () -> String) {
        guard level >= self.level, self.level != .off else { return }
        sink(message())
    }

    public static let standardError: @Sendable (String) -> Void = { line in
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        writeToStandardError(bytes)
    }

    private static let writeToStandardError = AccessLog.writeAll(to: 2)
}
