import Foundation
import Testing

@testable import MarketClient

struct MarketErrorMappingTests {
    let credentials = MarketCredentials(identifier: "id-1", secret: "pw")

    func map(_ status: Int, _ body: String) -> MarketError {
        MarketError.from(status: status, body: Array(body.utf8), credentials: credentials)
    }

    @Test func codeMessageBodyBecomesRejectedWithItsMessage() {
        #expect(map(400, #"{"code":400,"message":"name must be 3 to 100 characters"}"#)
            == .rejected(status: 400, message: "name must be 3 to 100 characters"))
    }

    @Test func springDefaultErrorBodyUsesItsMessage() {
        let body = #"{"timestamp":"2022-11-15T00:00:00.000+00:00","status":400,"error":"Bad Request","message":"Required request part 'params' is not present","path":"/api/products"}"#
        #expect(map(400, body) == .rejected(status: 400, message: "Required request part 'params' is not present"))
    }

    @Test func plainBodyIsTrimmedAndBounded() {
        #expect(map(400, "  bad\r\nthing \n") == .rejected(status: 400, message: "bad  thing"))
        guard case .rejected(_, let message) = map(400, String(repeating: "x", count: 5000)) else {
            Issue.record("not rejected")
            return
        }
        #expect(message.count == MarketError.maxMessageLength)
        #expect(message.hasSuffix("…"))
    }

    @Test func htmlOrEmptyBodyFallsBackToTheReasonPhrase() {
        #expect(map(500, "<html><body>Whitelabel Error Page</body></html>") == .rejected(status: 500, message: "Internal Server Error"))
        #expect(map(409, "") == .rejected(status: 409, message: "Conflict"))
    }

    @Test(arguments: [401, 403])
    func authStatusesAreUnauthorized(status: Int) {
        #expect(map(status, #"{"code":\#(status),"message":"nope"}"#) == .unauthorized)
    }

    @Test(arguments: [
        "Unauthorized", "wrong secret", "identifier is not valid", "vendor mismatch", "No permission to edit",
        "권한이 없습니다", "비밀번호가 일치하지 않습니다",
    ])
    func credentialMessagesOnOtherStatusesAreUnauthorized(message: String) {
        #expect(map(400, #"{"code":400,"message":"\#(message)"}"#) == .unauthorized)
        #expect(map(404, #"{"code":404,"message":"\#(message)"}"#) == .unauthorized)
    }

    @Test func notFoundAndGatewayStatuses() {
        #expect(map(404, #"{"code":404,"message":"product not found"}"#) == .notFound)
        #expect(map(404, "") == .notFound)
        #expect(map(502, "") == .unreachable)
        #expect(map(503, "") == .unreachable)
        #expect(map(504, "") == .timeout)
    }

    @Test func transportErrors() {
        #expect(MarketError.from(transport: URLError(.timedOut)) == .timeout)
        #expect(MarketError.from(transport: URLError(.cannotConnectToHost)) == .unreachable)
        #expect(MarketError.from(transport: URLError(.networkConnectionLost)) == .unreachable)
        #expect(MarketError.from(transport: URLError(.badServerResponse)) != .unreachable)
    }

    @Test func pagesCanExplainEveryCase() {
        let all: [MarketError] = [
            .notFound, .rejected(status: 400, message: "m"), .unauthorized, .timeout, .unreachable,
            .malformedResponse("x"), .invalidRequest("y"),
        ]
        for error in all {
            #expect(!error.description.isEmpty)
            #expect(error.localizedDescription == error.description)
        }
    }
}
