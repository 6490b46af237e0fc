import Foundation
import HTTPServer
import Synchronization
import Testing

/// What every response carries, and how routing and handler errors turn into statuses.
@Suite("Server: responses")
struct ResponseTests {
    struct Unexpected: Error, CustomStringConvertible {
        var description: String { "secret-internal-detail at /srv/db.sqlite" }
    }

    static let router = Router.testing { router in
        router.get("/teapot") { _ in throw HTTPError(HTTPStatus(418), "No coffee here.") }
        router.get("/conflict") { _ in throw HTTPError(.conflict, "Already exists.") }
        router.get("/crash") { _ in throw Unexpected() }
        router.add(.delete, "/hello") { _ in .text("deleted") }
        router.get("/empty") { _ in HTTPResponse(status: .noContent) }
        router.get("/split") { _ in
            HTTPResponse(status: .ok, headers: ["X-Injected": "a\r\nSet-Cookie: session=stolen", "X-Fine": "ok"], bytes: Array("split".utf8))
        }
        router.get("/framing") { _ in
            HTTPResponse(status: .ok, headers: ["Content-Length": "999", "Transfer-Encoding": "chunked"], bytes: Array("framed".utf8))
        }
        router.get("/fields") { _ in HTTPResponse(status: .ok, headers: ResponseTests.fields, bytes: Array("f".utf8)) }
        router.get("/fields-prepared") { _ in HTTPResponse(status: .ok, headers: ResponseTests.preparedFields, bytes: Array("f".utf8)) }
        router.get("/prepared-then-changed") { _ in
            var headers = ResponseTests.preparedFields
            headers.add("Set-Cookie", "a=1")
            return HTTPResponse(status: .ok, headers: headers, bytes: Array("f".utf8))
        }
        router.get("/prepared-unsafe") { _ in
            let headers = (["X-Injected": "a\r\nSet-Cookie: session=stolen", "X-Fine": "ok"] as HTTPHeaders).prepared()
            return HTTPResponse(status: .ok, headers: headers, bytes: Array("f".utf8))
        }
    }

    /// Fields of which one, `Referrer-Policy`, replaces a default header.
    static let fields: HTTPHeaders = ["Content-Type": "text/plain", "Referrer-Policy": "no-referrer", "X-Fine": "ok"]
    static let preparedFields = fields.prepared()

    // RFC 9110 §9.3.2: HEAD gets the GET headers, Content-Length included, and no body.
    @Test func head_sendsHeadersWithoutBody() async throws {
        try await withServer(router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send("HEAD /hello HTTP/1.1\r\nHost: localhost\r\n\r\n" + get("/hello"))
            let head = try await client.readResponse(expectBody: false)
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "5")
            #expect(head.header("Content-Type") == "text/plain; charset=utf-8")
            // If HEAD had sent a body, these bytes would be read as the start of the next response.
            let next = try await client.readResponse()
            #expect(next.status == 200 && next.text == "hello")
        }
    }

    // RFC 9110 §6.6.1: an origin server with a clock sends Date.
    @Test func everyResponse_carriesDateAndDefaultHeaders() async throws {
        try await withServer(router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send(get("/hello") + get("/missing"))
            for answer in [try await client.readResponse(), try await client.readResponse()] {
                let date = try #require(answer.header("Date"))
                #expect(HTTPDate.parse(date) != nil, "Date is not an IMF-fixdate: \(date)")
                #expect(answer.header("X-Content-Type-Options") == "nosniff")
                #expect(answer.values("Date").count == 1)
            }
        }
    }

    @Test func unknownPath_is404() async throws {
        try await withServer(router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send(get("/nothing/here"))
            let answer = try await client.readResponse()
            #expect(answer.status == 404)
            // The connection survives a 404.
            try await client.send(get("/hello"))
            #expect(try await client.readResponse().text == "hello")
        }
    }

    // RFC 9110 §15.5.6: 405 lists the allowed methods in Allow.
    @Test func wrongMethod_is405WithAllow() async throws {
        try await withServer(router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send("PUT /hello HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n")
            let answer = try await client.readResponse()
            #expect(answer.status == 405)
            let allow = try #require(answer.header("Allow"))
            let methods = Set(allow.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            #expect(methods == ["GET", "HEAD", "DELETE"])
        }
    }

    @Test func handlerThrowingHTTPError_answersWithItsStatus() async throws {
        try await withServer(router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send(get("/teapot") + get("/conflict"))
            let teapot = try await client.readResponse()
            let conflict = try await client.readResponse()
            #expect(teapot.status == 418)
            #expect(teapot.text.contains("No coffee here."))
            #expect(conflict.status == 409)
            #expect(conflict.text.contains("Already exists."))
        }
    }

    @Test func handlerThrowingAnotherError_is500WithoutDetails() async throws {
        try await withServer(router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send(get("/crash"))
            let answer = try await client.readResponse()
            #expect(answer.status == 500)
            #expect(!answer.text.contains("secret"))
            #expect(!answer.text.contains("db.sqlite"))
            #expect(!answer.text.contains("Unexpected"))
            try await client.send(get("/hello"))
            #expect(try await client.readResponse().text == "hello")
        }
    }

    @Test func noContent_hasNoBodyAndNoContentLength() async throws {
        try await withServer(router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send(get("/empty") + get("/hello"))
            let empty = try await client.readResponse()
            #expect(empty.status == 204)
            #expect(empty.header("Content-Length") == nil)
            #expect(try await client.readResponse().text == "hello")
        }
    }

    @Test func postBody_reachesTheHandler() async throws {
        try await withServer(router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            let small = (0..<60_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
            try await client.send(Array("POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(small.count)\r\n\r\n".utf8) + small)
            let answer = try await client.readResponse()
            #expect(answer.status == 200)
            #expect(answer.body == small)
        }
    }

    // A handler that copies user input into a header must not be able to split the response.
    @Test func headerValueWithCRLF_isDropped() async throws {
        try await withServer(router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send(get("/split") + get("/hello"))
            let answer = try await client.readResponse()
            #expect(answer.text == "split")
            #expect(answer.header("Set-Cookie") == nil)
            #expect(answer.header("X-Injected") == nil)
            #expect(answer.header("X-Fine") == "ok")
            #expect(try await client.readResponse().text == "hello")
        }
    }

    /// Headers serialized once (`prepared()`) go out as the same fields as built per response,
    /// replace a default header as those do, and lose their kept form when changed.
    @Test func preparedHeaders_areSentAsTheFieldsThemselves() async throws {
        try await withServer(router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send(get("/fields") + get("/fields-prepared") + get("/prepared-then-changed") + get("/prepared-unsafe"))
            let plain = try await client.readResponse()
            let prepared = try await client.readResponse()
            let withoutDate = { (answer: RawResponse) in answer.headers.filter { $0.name != "Date" }.map { "\($0.name): \($0.value)" } }
            #expect(withoutDate(prepared) == withoutDate(plain))
            #expect(prepared.values("Referrer-Policy") == ["no-referrer"], "the handler's field, not the default")
            #expect(prepared.header("X-Content-Type-Options") == "nosniff", "the other defaults still come")
            let changed = try await client.readResponse()
            #expect(changed.header("Set-Cookie") == "a=1")
            #expect(changed.header("X-Fine") == "ok")
            let unsafe = try await client.readResponse()
            #expect(unsafe.header("Set-Cookie") == nil && unsafe.header("X-Injected") == nil, "dropped, as unprepared")
            #expect(unsafe.header("X-Fine") == "ok")
        }
    }

    @Test func framingHeadersFromHandlers_areReplacedByTheServer() async throws {
        try await withServer(router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send(get("/framing") + get("/hello"))
            let answer = try await client.readResponse()
            #expect(answer.values("Content-Length") == ["6"])
            #expect(answer.header("Transfer-Encoding") == nil)
            #expect(answer.text == "framed")
            #expect(try await client.readResponse().text == "hello")
        }
    }

    @Test func accessLog_hasOneLinePerRequest_withoutTheQuery() async throws {
        let lines = Mutex<[String]>([])
        let configuration = ServerConfiguration.testing {
            $0.logger = ServerLogger(level: .info) { line in lines.withLock { $0.append(line) } }
        }
        try await withServer(configuration: configuration, router: Self.router) { server in
            let client = try await RawClient.connect(port: server.port)
            try await client.send(get("/hello?token=hunter2") + get("/missing"))
            _ = try await client.readResponse()
            _ = try await client.readResponse()
        }
        // withServer has shut the server down: every line is written by now.
        let logged = lines.withLock { $0 }
        let hello = logged.filter { $0.contains("GET /hello ") }
        #expect(hello.count == 1)
        #expect(hello.first?.contains(" 200 5B ") == true, "\(hello)")
        #expect(logged.contains { $0.contains("GET /missing 404") })
        #expect(!logged.contains { $0.contains("hunter2") })
    }
}
