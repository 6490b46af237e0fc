import Foundation
import Synchronization

/// Which vendor this dashboard writes as: the `vendor_id` of its `identifier`. The API has no
/// "who am I" call (the identifier is a UUID, products carry an integer `vendor_id`), so it
/// comes from `--vendor-id`, from the embedded market (whose vendor we chose), or, failing
/// both, from the answer to the dashboard's own first create: the market registers a product
/// under the vendor that sent it. A learned id is kept in the data directory, so it survives
/// restarts; it is kept per upstream and identifier, so another account learns afresh.
///
/// Edit and Delete are offered exactly on products of this vendor; the edit and delete routes
/// refuse other vendors' products with 403. While the id is unknown no product is known to be
/// own: pages say how to set it, and the routes leave the decision to the market.
package final class OwnVendor: Sendable {
    package enum Source: String, Sendable {
        /// `--vendor-id` / `OPENMARKET_VENDOR_ID`.
        case flag
        /// From the first own create, kept in the data directory.
        case learned
        /// The embedded market's vendor.
        case embedded
        /// Not learned yet (no flag, no embedded market, no own create); `unknown` on the
        /// health page.
        case notLearned = "unknown"
    }

    package struct Known: Sendable, Equatable {
        package var id: Int?
        package var source: Source
    }

    private let state: Mutex<Known>
    /// Where a learned id is kept (nil: never kept, e.g. when the id is configured).
    let file: URL?
    /// Names the upstream and identifier a kept id belongs to (a hash: no credential on disk).
    let account: String

    package init(id: Int?, source: Source, file: URL? = nil, account: String = "") {
        state = Mutex(Known(id: id, source: id == nil ? .notLearned : source))
        self.file = file
        self.account = account
    }

    /// The configured id if there is one; else the embedded market's; else the id learned
    /// earlier in `dataDirectory` for this upstream and identifier; else unknown (learnable).
    package static func resolve(
        configured: Int?, embedded: Int?, dataDirectory: URL, market: URL, identifier: String
    ) -> OwnVendor {
        if let configured { return OwnVendor(id: configured, source: .flag) }
        if let embedded { return OwnVendor(id: embedded, source: .embedded) }
        let file = dataDirectory.appendingPathComponent(fileName)
        let account = Self.account(market: market, identifier: identifier)
        return OwnVendor(id: load(file, account: account), source: .learned, file: file, account: account)
    }

    package var current: Known { state.withLock { $0 } }
    package var id: Int? { current.id }

    /// Whether `vendorID` is this dashboard's vendor; nil while that is unknown.
    package func owns(_ vendorID: Int) -> Bool? {
        id.map { $0 == vendorID }
    }

    /// After a create the market accepted: the product's vendor is ours. Learns it when it was
    /// unknown and keeps it in the data directory. Returns a line for the log when something
    /// is off: the id could not be kept, or it contradicts the configured one.
    @discardableResult
    package func learn(fromCreated vendorID: Int) -> String? {
        guard vendorID > 0 else { return nil }
        let before = state.withLock { known -> Known in
            let before = known
            if known.id == nil { known = Known(id: vendorID, source: .learned) }
            return before
        }
        if let id = before.id {
            return id == vendorID ? nil
                : "the market registered the product under vendor_id \(vendorID), but this dashboard's vendor is \(id) (\(before.source.rawValue)); check --vendor-id"
        }
        guard let file else { return nil }
        do {
            try Self.save(vendorID, account: account, to: file)
            return nil
        } catch {
            return "learned vendor_id \(vendorID), but could not keep it in \(file.path): \(error)"
        }
    }
}
