import Testing
@testable import HTTPServer

/// The static handler's path check takes a shortcut when the path has no `%` (it is its own
/// decoding then). These check the shortcut refuses exactly what the full check refuses, with
/// the same status, and accepts the same paths.
@Suite struct StaticPathPropertyTests {
    static let pieces = ["a", "css", "site.css", ".", "..", ".env", "/", "//", "\\", "%5c", "%2e", "%2E%2e", "%2f", "%00", "%", "%4", "%41", "x%zz", "\u{0}", "é", "+"]

    @Test func safeRelativePath_agreesWithTheFullCheck_onGeneratedPaths() async {
        await SplitMix64.cases(3000, base: 0x5354_4154_0000) { seed, rng in
            let raw = (0..<Int.random(in: 0...6, using: &rng)).map { _ in Self.pieces.pick(&rng) }.joined()
            #expect(
                ReferenceStaticPath.outcome(StaticFileHandler.safeRelativePath, raw)
                    == ReferenceStaticPath.outcome(ReferenceStaticPath.safeRelativePath, raw),
                "seed \(seed): \(raw.debugDescription)")
        }
    }

    /// Traversal and dotfile attempts without any `%` go through the shortcut.
    @Test(arguments: ["..", "../x", "a/../b", "a/..", "./a", "a/./b", ".env", "css/.git/config", "a//b", "a/", "/a", "", "a\\..\\b", "a\u{0}.png"])
    func unencodedTraversalOrDotfile_isRefused(raw: String) {
        let outcome = ReferenceStaticPath.outcome(StaticFileHandler.safeRelativePath, raw)
        #expect(outcome == ReferenceStaticPath.outcome(ReferenceStaticPath.safeRelativePath, raw))
        guard case .failure(let error) = outcome else {
            Issue.record("\(raw.debugDescription) must be refused")
            return
        }
        #expect([400, 404].contains(error.status.rawValue))
    }

    @Test func plainPath_isItself() {
        #expect(ReferenceStaticPath.outcome(StaticFileHandler.safeRelativePath, "css/site.css") == .success("css/site.css"))
        #expect(ReferenceStaticPath.outcome(StaticFileHandler.safeRelativePath, "a%20b/c.txt") == .success("a b/c.txt"))
    }
}
