import Foundation
import HTTPServer

/// A throwaway folder laid out like the project: `public/` is the static root, and next to it
/// sit files that must never be served (`Package.swift`, `outside/secret.txt`).
final class StaticSite: Sendable {
    let base: String
    var publicRoot: String { base + "/public" }

    /// Text that only files outside the root (or dotfiles) contain.
    static let secrets = ["OUTSIDE-PACKAGE", "TOP-SECRET", "DOTFILE-SECRET"]
    static let bigSize = 300 * 1024 + 17

    init() throws {
        base = FileManager.default.temporaryDirectory.path + "/static-site-" + UUID().uuidString
        let files = FileManager.default
        for folder in ["public/css", "public/dir", "public/.git", "outside"] {
            try files.createDirectory(atPath: "\(base)/\(folder)", withIntermediateDirectories: true)
        }
        try write("Package.swift", "// OUTSIDE-PACKAGE\n")
        try write("outside/secret.txt", "TOP-SECRET\n")
        try write("public/hello.txt", "hello static\n")
        try write("public/css/site.css", "body { color: black }\n")
        try write("public/dir/inside.txt", "in a folder\n")
        try write("public/.env", "DOTFILE-SECRET=1\n")
        try write("public/.git/config", "[core] DOTFILE-SECRET\n")
        try Data(Self.bigContents).write(to: URL(fileURLWithPath: "\(base)/public/big.bin"))
        try files.createSymbolicLink(atPath: "\(base)/public/link-inside.txt", withDestinationPath: "hello.txt")
        try files.createSymbolicLink(atPath: "\(base)/public/link-outside.txt", withDestinationPath: "\(base)/outside/secret.txt")
        try files.createSymbolicLink(atPath: "\(base)/public/linkdir", withDestinationPath: "../outside")
    }

    deinit { try? FileManager.default.removeItem(atPath: base) }

    /// 300 KB that no two offsets repeat in a short stretch, so a lost or doubled piece shows.
    static let bigContents: [UInt8] = (0..<bigSize).map { UInt8(truncatingIfNeeded: ($0 &* 7919) ^ ($0 >> 8)) }

    func write(_ relative: String, _ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: "\(base)/\(relative)"))
    }

    func setModified(_ relative: String, _ date: Date) throws {
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: "\(base)/\(relative)")
    }

    /// `/static/{path...}` over `public/`, plus `/hello`.
    var router: Router {
        var router = Router.testing()
        router.add(.get, "/static/{path...}", StaticFileHandler(root: publicRoot, cacheControl: "public, max-age=60"))
        return router
    }
}
