import DashboardEngine
import Foundation
import HTTPServer
import Synchronization
import Templating

/// One-time messages shown on the page after a redirect ("Product registered.").
///
/// The message stays on the server; the browser holds only a random id in a short-lived
/// `om_flash` cookie (`HttpOnly; SameSite=Lax; Path=/`, one minute). The next page render takes
/// the message (so it shows once) and expires the cookie. Bounded: the oldest messages go first.
/// A message's minute is read on the dashboard's clock, which a test drives.
final class FlashMessages: Sendable {
    static let cookieName = "om_flash"
    static let lifetime: Duration = .seconds(60)
    static let capacity = 1000

    private struct Entry {
        var message: String
        var expires: Date
    }

    private let entries = Mutex<[String: Entry]>([:])
    private let clock: any WallClock

    init(clock: any WallClock) {
        self.clock = clock
    }

    /// Stores `message` and returns the `Set-Cookie` value that points the browser at it.
    func set(_ message: String) -> String {
        let id = SecureToken.make()
        let now = clock.now()
        entries.withLock { entries in
            entries = entries.filter { $0.value.expires > now }
            if entries.count >= Self.capacity,
                let oldest = entries.min(by: { $0.value.expires < $1.value.expires })?.key
            {
                entries[oldest] = nil
            }
            entries[id] = Entry(message: message, expires: now.addingTimeInterval(Self.lifetime.timeInterval))
        }
        return Cookies.setCookie(Self.cookieName, id, maxAge: Int(Self.lifetime.components.seconds))
    }

    /// Adds a flash to a response (usually a 303).
    func attach(_ message: String, to response: inout HTTPResponse) {
        response.headers.add("Set-Cookie", set(message))
    }

    /// The request's flash message, removed so it shows once; nil when there is none.
    func take(from request: HTTPRequest) -> String? {
        guard let id = request.cookie(Self.cookieName), SecureToken.isWellFormed(id) else { return nil }
        let now = clock.now()
        return entries.withLock { entries in
            guard let entry = entries.removeValue(forKey: id), entry.expires > now else { return nil }
            return entry.message
        }
    }

    /// Whether the request carries a flash cookie (whatever it points at).
    func isCarried(by request: HTTPRequest) -> Bool {
        request.cookie(Self.cookieName) != nil
    }

    /// Renders a page with the request's flash (if any) in `context["flash"]`; a request that
    /// carried the cookie gets it expired, and a page showing a flash is not stored by the browser.
    func page(
        for request: HTTPRequest, _ context: TemplateObject,
        render: (TemplateObject) -> HTTPResponse
    ) -> HTTPResponse {
        var context = context
        let message = take(from: request)
        if let message { context["flash"] = .string(message) }
        var response = render(context)
        if isCarried(by: request) {
            response.headers.add("Set-Cookie", Cookies.expire(Self.cookieName))
        }
        if message != nil { response.headers["Cache-Control"] = "no-store" }
        return response
    }
}
