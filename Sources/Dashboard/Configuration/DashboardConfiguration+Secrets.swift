import Foundation

/// `--secret-file` and the rules between it and `--secret`.
///
/// `--secret VALUE` is visible to every local user in the process list (`ps`, `/proc/PID/cmdline`),
/// so the README recommends `--secret-file PATH` or the environment. The file's first line,
/// trimmed, is the secret. Which wins: a flag beats an environment variable, as for every
/// option (so `--secret-file` beats `OPENMARKET_SECRET`, and `--secret` beats
/// `OPENMARKET_SECRET_FILE`); giving both on the same level (both flags, or both variables) is
/// refused, since either choice would silently ignore something the person wrote.
extension DashboardConfiguration {
    /// The most read from a secret file: a secret is one short line, and a wrong path such as
    /// `/dev/zero` must not fill memory.
    static let maxSecretFileBytes = 64 * 1024

    /// The first line of the file at `path`, trimmed. Errors never include the file's contents.
    static func readSecretFile(_ path: String) throws(ConfigurationError) -> String {
        guard !path.isEmpty else { throw .invalid("--secret-file needs the path of a file whose first line is the vendor secret") }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .invalid("--secret-file: there is no file at \(path)")
        }
        guard !isFolder.boolValue else { throw .invalid("--secret-file: \(path) is a folder, not a file") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw .invalid("--secret-file: \(path) cannot be read (check its permissions)")
        }
        defer { try? handle.close() }
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try handle.read(upToCount: maxSecretFileBytes) ?? Data())
        } catch {
            throw .invalid("--secret-file: \(path) cannot be read (check its permissions)")
        }
        let firstLine = bytes.split(separator: UInt8(ascii: "\n"), maxSplits: 1, omittingEmptySubsequences: false).first ?? []
        guard let text = String(bytes: firstLine, encoding: .utf8) else {
            throw .invalid("--secret-file: the first line of \(path) is not UTF-8 text")
        }
        let secret = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !secret.isEmpty else { throw .invalid("--secret-file: the first line of \(path) is empty") }
        return secret
    }

    /// Refuses `--secret` with `--secret-file`, and their two environment variables together.
    static func checkSecretSources(arguments: [String], environment: [String: String]) throws(ConfigurationError) {
        func given(_ flag: String) -> Bool { arguments.contains { $0 == flag || $0.hasPrefix(flag + "=") } }
        if given("--secret") && given("--secret-file") {
            throw .invalid("--secret and --secret-file both give the vendor secret: keep one (--secret-file is safer)")
        }
        if environment["OPENMARKET_SECRET"].map({ !$0.isEmpty }) == true, environment["OPENMARKET_SECRET_FILE"].map({ !$0.isEmpty }) == true {
            throw .invalid("OPENMARKET_SECRET and OPENMARKET_SECRET_FILE are both set: keep one")
        }
    }
}
