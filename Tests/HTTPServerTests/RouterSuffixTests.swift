@testable import HTTPServer
import Testing

/// A parameter followed by literal text in one segment (`/products/{id}.json`): what it
/// matches, what it captures, and where it stands among the other routes of a path.
@Suite("Router: a parameter with a suffix")
struct RouterSuffixTests {
    static func matched(_ router: Router, _ method: HTTPMethod, _ path: String) -> (pattern: String, parameters: [String: String])? {
        RouterTesting.matched(router, method, path)
    }

    @Test func suffixParameter_capturesItsSegmentWithoutTheSuffix() {
        let router = RouterTesting.router([(.get, "/products/{id}.json"), (.get, "/exports/{name}.csv")])
        #expect(router.problems.isEmpty)
        #expect(Self.matched(router, .get, "/products/5.json")?.parameters == ["id": "5"])
        #expect(Self.matched(router, .get, "/exports/may-2026.csv")?.parameters == ["name": "may-2026"])
        // Only the final suffix is taken off; the value may hold the same text.
        #expect(Self.matched(router, .get, "/products/5.json.json")?.parameters == ["id": "5.json"])
        // Empty pieces are dropped as for any route.
        #expect(Self.matched(router, .get, "//products//5.json/")?.parameters == ["id": "5"])
    }

    @Test func suffixParameter_matchesOnlyAPieceEndingInItsSuffix_byteForByte() {
        let router = RouterTesting.router([(.get, "/products/{id}.json")])
        for path in ["/products/5", "/products/5.jsonx", "/products/5.JSON", "/products/5.json/more", "/products", "/5.json"] {
            #expect(Self.matched(router, .get, path) == nil, "GET \(path)")
        }
    }

    /// `/products/.json` names no product: a parameter never captures an empty value.
    @Test func suffixParameter_neverCapturesAnEmptyValue() {
        let alone = RouterTesting.router([(.get, "/products/{id}.json")])
        #expect(Self.matched(alone, .get, "/products/.json") == nil)
        guard case .notFound = alone.match(method: .get, path: "/products/.json") else {
            Issue.record("/products/.json must be notFound")
            return
        }
        // Beside a plain parameter, the piece is that parameter's whole value.
        let both = RouterTesting.router([(.get, "/products/{id}.json"), (.get, "/products/{id}")])
        let match = Self.matched(both, .get, "/products/.json")
        #expect(match?.pattern == "/products/{id}")
        #expect(match?.parameters == ["id": ".json"])
    }

    /// For `/products/5.json` the suffixed segment spells out more than `{id}` does, and a
    /// literal spells out all of it: literal, then suffix, then plain parameter, whatever the
    /// order of registration.
    @Test(arguments: [false, true])
    func literalBeatsSuffix_whichBeatsPlainParameter_inEitherRegistrationOrder(reversed: Bool) {
        let table: [(HTTPMethod, String)] = [
            (.get, "/products/new"), (.get, "/products/{id}"), (.get, "/products/{id}.json"), (.get, "/products/new.json"),
            (.get, "/products/{id}/edit"), (.get, "/products/{path...}"),
        ]
        let router = RouterTesting.router(reversed ? table.reversed() : table)
        #expect(router.problems.isEmpty)
        let expectations: [(String, String, [String: String])] = [
            ("/products/5", "/products/{id}", ["id": "5"]),
            ("/products/5.json", "/products/{id}.json", ["id": "5"]),
            ("/products/new", "/products/new", [:]),
            ("/products/new.json", "/products/new.json", [:]),
            ("/products/5/edit", "/products/{id}/edit", ["id": "5"]),
            ("/products/5.json/edit", "/products/{id}/edit", ["id": "5.json"]),
            ("/products/5.json/x/y", "/products/{path...}", ["path": "5.json/x/y"]),
        ]
        for (path, pattern, parameters) in expectations {
            let match = Self.matched(router, .get, path)
            #expect(match?.pattern == pattern, "GET \(path)")
            #expect(match?.parameters == parameters, "GET \(path)")
        }
    }

    /// Two suffixes end one piece only when the longer ends with the shorter; the longer wins.
    @Test(arguments: [false, true])
    func longerSuffix_beatsShorter_inEitherRegistrationOrder(reversed: Bool) {
        let table: [(HTTPMethod, String)] = [(.get, "/files/{name}.gz"), (.get, "/files/{name}.tar.gz")]
        let router = RouterTesting.router(reversed ? table.reversed() : table)
        #expect(router.problems.isEmpty)
        #expect(Self.matched(router, .get, "/files/site.tar.gz")?.pattern == "/files/{name}.tar.gz")
        #expect(Self.matched(router, .get, "/files/site.tar.gz")?.parameters == ["name": "site"])
        #expect(Self.matched(router, .get, "/files/site.gz")?.pattern == "/files/{name}.gz")
        // Nothing before `.tar.gz`: the longer suffix cannot match, the shorter can.
        #expect(Self.matched(router, .get, "/files/.tar.gz")?.parameters == ["name": ".tar"])
    }

    /// The value is percent-decoded as a plain parameter's is; the suffix is compared with the
    /// path as sent, as a literal segment is.
    @Test func suffixParameter_decodesItsValueAsPlainParameters_andComparesTheSuffixAsSent() {
        let router = RouterTesting.router([(.get, "/tags/{name}.csv")])
        #expect(Self.matched(router, .get, "/tags/caf%C3%A9%20au%2Flait.csv")?.parameters == ["name": "café au/lait"])
        #expect(Self.matched(router, .get, "/tags/a+b.csv")?.parameters == ["name": "a+b"])
        #expect(Self.matched(router, .get, "/tags/a%2Ecsv") == nil)
        let both = RouterTesting.router([(.get, "/tags/{name}.csv"), (.get, "/tags/{name}")])
        #expect(Self.matched(both, .get, "/tags/a%2Ecsv")?.parameters == ["name": "a.csv"])
    }

    @Test func suffixRoute_answersHEADAsGET_andOtherMethodsAreNotAllowed() {
        let router = RouterTesting.router([(.get, "/products/{id}.json"), (.delete, "/products/{id}.json")])
        let head = Self.matched(router, .head, "/products/5.json")
        #expect(head?.pattern == "/products/{id}.json")
        #expect(head?.parameters == ["id": "5"])
        guard case .methodNotAllowed(let allow) = router.match(method: .put, path: "/products/5.json") else {
            Issue.record("PUT on a GET/DELETE route must be 405")
            return
        }
        #expect(allow == [.get, .head, .delete])
    }

    /// A HEAD takes the most specific route that answers it: here the suffixed GET, not a HEAD
    /// route on the plain parameter.
    @Test func headRequest_takesTheMoreSpecificSuffixedGET_overAPlainHEADRoute() {
        var router = Router()
        router.add(.head, "/products/{id}") { _ in .text("head") }
        router.add(.get, "/products/{id}.json") { _ in .text("get") }
        guard case .found(let json, _) = router.match(method: .head, path: "/products/5.json"),
            case .found(let plain, _) = router.match(method: .head, path: "/products/5")
        else {
            Issue.record("HEAD /products/5.json and /products/5 must match")
            return
        }
        #expect(json.method == .get && json.pattern == "/products/{id}.json")
        #expect(plain.method == .head && plain.pattern == "/products/{id}")
    }

    @Test func suffixRoute_overASocket_answersGETHEADAnd405AsOtherRoutes() async throws {
        let router = Router.testing { router in
            router.get("/products/{id}.json") { request in
                .json(Array(#"{"id":"\#(request.parameter("id") ?? "")"}"#.utf8))
            }
        }
        try await withServer(router: router) { server in
            let client = try await RawClient.connect(port: server.port)
            defer { client.close() }
            try await client.send(get("/products/5.json"))
            let answer = try await client.readResponse()
            #expect(answer.status == 200)
            #expect(answer.text == #"{"id":"5"}"#)
            #expect(answer.header("Content-Type") == "application/json")

            try await client.send("HEAD /products/5.json HTTP/1.1\r\nHost: localhost\r\n\r\n" + get("/hello"))
            let head = try await client.readResponse(expectBody: false)
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "10")
            // Had HEAD sent a body, it would be read as the start of this response.
            #expect(try await client.readResponse().text == "hello")

            try await client.send("PUT /products/5.json HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n")
            let refused = try await client.readResponse()
            #expect(refused.status == 405)
            #expect(refused.header("Allow")?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } == ["GET", "HEAD"])

            try await client.send(get("/products/.json"))
            #expect(try await client.readResponse().status == 404)
        }
    }

    /// `{id}.json` and `{number}.json` match the same requests: the second is refused.
    @Test func sameSuffixInTheSamePlace_isADuplicate_whateverTheParameterNames() throws {
        var router = Router()
        router.get("/products/{id}.json") { _ in .text("first") }
        router.get("/products/{number}.json") { _ in .text("second") }
        #expect(router.routes.count == 1)
        let twin = RouterTesting.router([(.get, "/products/{number}.json")]).routes[0]
        #expect(router.problems == [Router.ambiguity(twin, router.routes[0])])
        let server = HTTPServer(configuration: ServerConfiguration(host: "127.0.0.1", port: 0), router: router)
        #expect(throws: Router.InvalidRoutes.self) { try server.start() }
    }

    /// Another suffix, a plain parameter, a literal or another method is a different route.
    @Test func otherSuffixParameterOrMethod_isNotADuplicate() {
        var router = Router()
        router.get("/products/{id}.json") { _ in .text("") }
        router.get("/products/{id}.csv") { _ in .text("") }
        router.get("/products/{id}.tar.json") { _ in .text("") }
        router.get("/products/{id}") { _ in .text("") }
        router.get("/products/new.json") { _ in .text("") }
        router.post("/products/{number}.json") { _ in .text("") }
        #expect(router.problems.isEmpty)
        #expect(router.routes.count == 6)
    }
}
