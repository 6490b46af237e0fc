import Foundation
import Testing

@testable import MarketClient

struct CredentialRedactionTests {
    let credentials = MarketCredentials(identifier: "7184295e-4aa2-11ed-a200-81a344d1e7cb", secret: "s3cr3t-Pa55")

    func leaks(_ text: String) -> Bool {
        text.lowercased().contains(credentials.identifier.lowercased()) || text.contains(credentials.secret)
    }

    @Test func everyTextualFormIsRedacted() {
        var dumped = ""
        dump(credentials, to: &dumped)
        let forms = [
            String(describing: credentials), String(reflecting: credentials), "\(credentials)", dumped,
            String(describing: [credentials]), String(describing: Optional(credentials)),
        ]
        for form in forms {
            #expect(!leaks(form), "leaked in: \(form)")
            #expect(form.contains("redacted") || form.contains("MarketCredentials"))
        }
    }

    @Test func configurationAndClientDescriptionsAreRedacted() throws {
        let configuration = MarketClient.Configuration(
            baseURL: try #require(URL(string: "http://127.0.0.1:1")), credentials: credentials)
        var dumped = ""
        dump(configuration, to: &dumped)
        #expect(!leaks(String(describing: configuration)))
        #expect(!leaks(String(reflecting: configuration)))
        #expect(!leaks(dumped))
        let client = MarketClient(configuration: configuration)
        var dumpedClient = ""
        dump(client, to: &dumpedClient)
        #expect(!leaks(dumpedClient))
    }

    @Test func upstreamMessagesEchoingCredentialsAreRedacted() {
        let body = Array(#"{"code":400,"message":"secret s3cr3t-Pa55 does not match 7184295E-4AA2-11ED-A200-81A344D1E7CB"}"#.utf8)
        let error = MarketError.from(status: 400, body: body, credentials: credentials)
        // It names the secret, so it is recognised as a credentials problem ...
        #expect(error == .unauthorized)
        // ... and a message that is not about credentials is still scrubbed.
        let other = MarketError.from(
            status: 422, body: Array("bad value s3cr3t-Pa55 in name".utf8), credentials: credentials)
        #expect(other == .rejected(status: 422, message: "bad value <redacted> in name"))
        #expect(!leaks(String(describing: other)))
        #expect(!leaks(other.localizedDescription))
    }

    @Test func redactionComparesCaseInsensitivelyAndKeepsTheRest() {
        #expect(credentials.redact("id=7184295E-4AA2-11ED-A200-81A344D1E7CB!") == "id=<redacted>!")
        #expect(credentials.redact("nothing here") == "nothing here")
        #expect(MarketCredentials(identifier: "", secret: "").redact("text") == "text")
    }
}
