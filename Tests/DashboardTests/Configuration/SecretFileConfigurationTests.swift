import Foundation
import Glibc
import Testing

@testable import Dashboard

/// `--secret-file` / `OPENMARKET_SECRET_FILE` (a `--secret` flag is readable by every local
/// user in the process list) and `--request-timeout`.
@Suite struct SecretFileConfigurationTests {
    let folder = TemporaryDirectory()

    func file(_ contents: String, mode: Int = 0o600) throws -> String {
        try file(bytes: Array(contents.utf8), mode: mode)
    }

    func file(bytes: [UInt8], mode: Int = 0o600) throws -> String {
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let path = folder.url.appendingPathComponent("secret-\(UUID().uuidString)").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes), attributes: [.posixPermissions: mode]))
        return path
    }

    func parse(_ arguments: [String], _ environment: [String: String] = [:]) throws(ConfigurationError) -> DashboardConfiguration {
        try DashboardConfiguration.parse(arguments: arguments, environment: environment)
    }

    @Test func theFirstLine_trimmed_isTheSecret() throws {
        defer { folder.remove() }
        let path = try file("  s3cret-value \r\nsecond line is ignored\n")
        #expect(try parse(["--secret-file", path]).secret == "s3cret-value")
        #expect(try parse([], ["OPENMARKET_SECRET_FILE": path]).secret == "s3cret-value")
    }

    @Test func aFlagBeatsAnEnvironmentVariable_eitherWay() throws {
        defer { folder.remove() }
        let path = try file("from-file\n")
        #expect(try parse(["--secret-file=\(path)"], ["OPENMARKET_SECRET": "from-env"]).secret == "from-file")
        #expect(try parse(["--secret", "from-flag"], ["OPENMARKET_SECRET_FILE": path]).secret == "from-flag")
    }

    @Test func bothOnTheSameLevel_areRefused() throws {
        defer { folder.remove() }
        let path = try file("x\n")
        #expect(throws: ConfigurationError.invalid("--secret and --secret-file both give the vendor secret: keep one (--secret-file is safer)")) {
            try parse(["--secret", "a", "--secret-file", path])
        }
        #expect(throws: ConfigurationError.invalid("OPENMARKET_SECRET and OPENMARKET_SECRET_FILE are both set: keep one")) {
            try parse([], ["OPENMARKET_SECRET": "a", "OPENMARKET_SECRET_FILE": path])
        }
    }

    @Test func missingEmptyOrUnreadableFiles_stopStartUpWithOneClearLine() throws {
        defer { folder.remove() }
        let missing = folder.url.appendingPathComponent("nope").path
        #expect(throws: ConfigurationError.invalid("--secret-file: there is no file at \(missing)")) { try parse(["--secret-file", missing]) }
        let empty = try file("\n\nsecret on line 3\n")
        #expect(throws: ConfigurationError.invalid("--secret-file: the first line of \(empty) is empty")) { try parse(["--secret-file", empty]) }
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        #expect(throws: ConfigurationError.invalid("--secret-file: \(folder.url.path) is a folder, not a file")) { try parse(["--secret-file", folder.url.path]) }
        // A socket exists but cannot be opened by anyone, root included (open(2) gives ENXIO).
        let socket = try unixSocket()
        #expect(throws: ConfigurationError.invalid("--secret-file: \(socket) cannot be read (check its permissions)")) { try parse(["--secret-file", socket]) }
    }

    @Test(.enabled(if: getuid() != 0, "root reads a file whatever its permissions"))
    func aFileWithoutReadPermission_stopsStartUpWithOneClearLine() throws {
        defer { folder.remove() }
        let locked = try file("hidden\n", mode: 0o000)
        #expect(throws: ConfigurationError.invalid("--secret-file: \(locked) cannot be read (check its permissions)")) { try parse(["--secret-file", locked]) }
    }

    /// A listening Unix socket in the folder, bound to a path (closed again: the path stays).
    func unixSocket() throws -> String {
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let path = folder.url.appendingPathComponent("secret.sock").path
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        try #require(path.utf8.count < capacity, "\(path) is too long for a socket address")
        withUnsafeMutableBytes(of: &address.sun_path) { bytes in
            for (index, byte) in path.utf8.enumerated() { bytes[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0, "bind \(path): \(String(cString: strerror(errno)))")
        return path
    }

    @Test func errors_neverShowTheFilesContents() throws {
        defer { folder.remove() }
        let path = try file(bytes: [0xFF, 0xFE] + Array("hunter2".utf8))
        do {
            _ = try parse(["--secret-file", path])
            Issue.record("a file that is not text was accepted")
        } catch {
            #expect(error.description == "--secret-file: the first line of \(path) is not UTF-8 text")
            #expect(!error.description.contains("hunter2"))
        }
    }

    @Test func requestTimeout_defaultsTo60Seconds_andIsChecked() throws {
        #expect(try parse([]).requestTimeout == .seconds(60))
        #expect(try parse(["--request-timeout", "5"]).requestTimeout == .seconds(5))
        #expect(try parse([], ["DASHBOARD_REQUEST_TIMEOUT": "7"]).requestTimeout == .seconds(7))
        #expect(throws: ConfigurationError.invalid("--request-timeout must be a whole number of seconds from 1 to 3600, not \"0\"")) {
            try parse(["--request-timeout", "0"])
        }
    }
}
