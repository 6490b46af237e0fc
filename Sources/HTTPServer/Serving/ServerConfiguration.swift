import Glibc

/// Every limit, deadline and default of the server in one place (listed with their answers in
/// `docs/operations.md`). Built once, passed to `HTTPServer`, immutable afterwards.
public struct ServerConfiguration: Sendable {
    /// The address to bind: an IPv4 or IPv6 literal, or `localhost` (binds 127.0.0.1 and ::1).
    public var host: String
    /// The port; 0 asks the kernel for a free one (read it back from `HTTPServer.port`).
    public var port: Int

    /// Longest request line before 414.
    public var maxRequestLineBytes = 8 * 1024
    /// Largest header block (request line excluded) before 431.
    public var maxHeaderBytes = 32 * 1024
    /// Most header fields before 431.
    public var maxHeaderFields = 100
    /// Body cap for routes that declare none; over it, 413 before the body is read.
    public var maxBodyBytes = 64 * 1024

    /// From a request's first byte until its header block is complete; then 408 and close.
    public var headerTimeout: Duration = .seconds(10)
    /// Longest wait for the next piece of a body; then 408 and close.
    public var bodyIdleTimeout: Duration = .seconds(10)
    /// From a request's first byte until the last byte of its body: the head and the body
    /// together, however steadily they trickle; then 408 and close. Without it a client sending
    /// one byte every few seconds would hold its connection (and its slot) for ever.
    public var requestTimeout: Duration = .seconds(60)
    /// A body is large above this many bytes (declared or received so far): it must then keep
    /// up `minBodyBytesPerSecond` and it is charged to `maxBodyBytesInFlight`.
    public var largeBodyBytes = 64 * 1024
    /// The least average rate of a large body, measured from the end of its head once
    /// `slowBodyGrace` has passed; slower, 408 and close. 8 KB/s is a 64 kbit/s link: any real
    /// upload is faster, and a trickler gives its share of the memory budget back within the grace.
    public var minBodyBytesPerSecond = 8 * 1024
    public var slowBodyGrace: Duration = .seconds(10)
    /// Bytes that large request bodies may hold at once, all connections together. A body that
    /// would go over is answered 503 (`Retry-After`) before it is read: see `BodyBudget` for why.
    public var maxBodyBytesInFlight = 64 * 1024 * 1024
    /// Where routes that spool their bodies (`Router.add(..., spoolsBody: true)`) keep them
    /// while they are read and answered: one file per body, removed when its exchange ends.
    public var spoolDirectory = "/tmp"
    /// Longest wait for the next request on a kept-alive connection; then a silent close.
    public var keepAliveTimeout: Duration = .seconds(5)
    /// Longest a send may block on a client that stops reading; then the connection closes.
    public var sendTimeout: Duration = .seconds(30)
    /// After an error answer (a 413 while the browser is still uploading, a 408, a 400), how
    /// long the connection keeps reading and discarding what the client sends, and how much at
    /// most, before it closes. Closing on unread input resets the connection, and the reset can
    /// destroy the answer before the browser shows it (RFC 9112 §9.6): a person who picked a
    /// 50 MB file would see "connection reset" instead of the page saying what to do. Loopback
    /// moves 16 MB in milliseconds; the time bound is for slow senders (nginx's
    /// `lingering_time` is 30 s), and a lingering connection still counts in `maxConnections`.
    public var lingerTimeout: Duration = .seconds(2)
    public var lingerDiscardBytes = 16 * 1024 * 1024
    /// How long `shutdown()` waits for in-flight requests before it returns anyway.
    public var shutdownGracePeriod: Duration = .seconds(10)

    /// Connections served at once; one more is answered 503 and closed.
    public var maxConnections = 1024

    /// Host names (without port) a request's `Host` may name; requests naming another get 421.
    /// This defends a local server against DNS rebinding. Empty: any host is accepted.
    public var allowedHosts: [String]

    /// Headers added to every response unless the handler set them itself.
    public var defaultHeaders: HTTPHeaders = [
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "same-origin",
    ]

    /// Event-loop threads serving connections; one per core by default. Each connection stays
    /// on one loop; handlers that must wait run on Swift's cooperative pool instead.
    public var eventLoops = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    public var logger: ServerLogger = ServerLogger()

    public init(host: String = "127.0.0.1", port: Int = 8080) {
        self.host = host
        self.port = port
        self.allowedHosts = Self.loopbackNames(plus: host)
    }

    /// `localhost`, `127.0.0.1`, `[::1]` and the bind host itself.
    public static func loopbackNames(plus host: String) -> [String] {
        var names = ["localhost", "127.0.0.1", "[::1]"]
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        if !names.contains(bracketed.lowercased()) { names.append(bracketed.lowercased()) }
        return names
    }
}
