import HTTPServer
import Testing

/// Seeded random properties of `Router`: it answers exactly as the obvious split-and-compare
/// reference does, for generated route tables and paths (doubled, leading and trailing
/// slashes, percent escapes, parameters with suffixes, rest parameters in odd places). A
/// failure names its seed.
@Suite struct RouterPropertyTests {
    /// What patterns and paths are made of: a pattern's segments, how many, and what a path
    /// puts where a pattern has a parameter (or, now and then, a literal).
    struct Alphabet {
        let pieces: [String]
        let segments: ClosedRange<Int>
        let values: [String]
    }

    static let everything = Alphabet(
        pieces: ["a", "b", "ab", "static", "x.css", "%41", "%2F", "%zz", "+", "caf%C3%A9", "{p}", "{q}", "{p}.css", "{rest...}"],
        segments: 0...4,
        values: ["", "7", "a", "%41", "..", "a/b", "x%2Fy", "static", "7.css", ".css", "%41.css"])

    /// Few, short patterns whose parameters, suffixes and literals often claim the same piece,
    /// so the order among them decides (`.tar.gz` and `.gz`, `{p}.gz` and `{q}`).
    static let crowdedSuffixes = Alphabet(
        pieces: ["a", "a.gz", "x.tar.gz", "{p}", "{q}", "{p}.gz", "{q}.tar.gz", "{p}.css", "{rest...}"],
        segments: 1...2,
        values: ["7", ".gz", "a.gz", "7.tar.gz", ".tar.gz", "x.tar.gz", "7.css", "%41.css", "7%2Egz", "a"])

    static let methods: [HTTPMethod] = [.get, .head, .post, .delete]

    static func pattern(_ rng: inout SplitMix64, _ alphabet: Alphabet) -> String {
        (0..<Int.random(in: alphabet.segments, using: &rng)).map { _ in
            String(repeating: "/", count: Int.random(in: 1...2, using: &rng)) + alphabet.pieces.pick(&rng)
        }.joined()
    }

    static func path(_ rng: inout SplitMix64, near pattern: String, _ alphabet: Alphabet) -> String {
        var pieces = pattern.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for i in pieces.indices where pieces[i].hasPrefix("{") || Int.random(in: 0..<4, using: &rng) == 0 {
            pieces[i] = ([pieces[i]] + alphabet.values).pick(&rng)
        }
        if Bool.random(using: &rng) { pieces.append(["", "c", "d/e"].pick(&rng)) }
        let path = pieces.joined(separator: String(repeating: "/", count: Int.random(in: 1...2, using: &rng)))
        return path.hasPrefix("/") || Bool.random(using: &rng) ? path : "/" + path
    }

    @Test func router_agreesWithTheReference_onGeneratedRoutesAndPaths() async {
        await Self.agree(Self.everything, base: 0x524F_5554_0000)
    }

    @Test func router_agreesWithTheReference_onCrowdedSuffixRoutes() async {
        await Self.agree(Self.crowdedSuffixes, base: 0x5355_4646_0000)
    }

    static func agree(_ alphabet: Alphabet, base: UInt64) async {
        await SplitMix64.cases(400, base: base) { seed, rng in
            var router = Router()
            var reference = ReferenceRouter()
            var patterns: [String] = []
            for _ in 0..<Int.random(in: 1...5, using: &rng) {
                let (method, pattern) = (Self.methods.pick(&rng), Self.pattern(&rng, alphabet))
                // The router refuses a second route of the same shape, and a pattern that
                // names one parameter twice; the reference takes neither.
                let refused = router.problems.count
                router.add(method, pattern) { _ in .text("") }
                #expect(router.problems.count > refused || !reference.hasRoute(like: method, pattern), "seed \(seed): \(pattern)")
                guard router.problems.count == refused else { continue }
                reference.add(method, pattern)
                patterns.append(pattern)
            }
            for _ in 0..<(patterns.isEmpty ? 0 : 8) {
                let path = Self.path(&rng, near: patterns.pick(&rng), alphabet)
                let method = Self.methods.pick(&rng)
                #expect(
                    ReferenceRouter.Outcome(router.match(method: method, path: path)) == reference.match(method: method, path: path),
                    "seed \(seed): \(method) \(path) against \(patterns)")
            }
        }
    }

    @Test func restParameter_keepsDoubledAndTrailingSlashes() {
        var router = Router()
        router.add(.get, "/static/{path...}") { _ in .text("") }
        let outcome = ReferenceRouter.Outcome(router.match(method: .get, path: "//static//css//a.css/"))
        #expect(outcome == .found(pattern: "/static/{path...}", parameters: ["path": "css//a.css/"]))
    }

    @Test func restParameterNotLast_needsTheExactNumberOfPieces() {
        var router = Router()
        router.add(.get, "/files/{all...}/end") { _ in .text("") }
        #expect(ReferenceRouter.Outcome(router.match(method: .get, path: "/files/a/b")) == .found(pattern: "/files/{all...}/end", parameters: ["all": "a/b"]))
        #expect(ReferenceRouter.Outcome(router.match(method: .get, path: "/files/a")) == .notFound)
        #expect(ReferenceRouter.Outcome(router.match(method: .get, path: "/files/a/b/c")) == .notFound)
    }
}
