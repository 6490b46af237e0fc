import Foundation
import HTTPServer

/// A market the dashboard runs beside itself when no `--upstream` is given: where it listens,
/// the vendor the dashboard acts as, the vendors it knows, and how to stop it. The executable
/// makes it from `LocalMarket` (so this library does not link the embedded server); tests may
/// make it from anything.
public struct EmbeddedMarket: Sendable {
    let url: URL
    /// The vendor used when `--identifier` and `--secret` are not given.
    let identifier: String
    let secret: String
    /// `vendor_id` by identifier, for every vendor the market holds.
    let vendorIDs: [String: Int]
    /// Stops the market (the dashboard calls it when it stops, or when it fails to start).
    let shutdown: @Sendable () -> Void

    public init(url: URL, identifier: String, secret: String, vendorIDs: [String: Int], shutdown: @escaping @Sendable () -> Void) {
        self.url = url
        self.identifier = identifier
        self.secret = secret
        self.vendorIDs = vendorIDs
        self.shutdown = shutdown
    }

    /// Starts the embedded market in `dataDirectory` with `logger`; called only when no
    /// upstream is configured.
    public typealias Starter = (_ dataDirectory: URL, _ logger: ServerLogger) throws -> EmbeddedMarket
}
