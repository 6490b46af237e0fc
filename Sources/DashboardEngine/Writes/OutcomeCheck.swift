import Foundation
import MarketClient

/// What a write whose answer was lost did (no answer in time, an answer that could not be
/// read, or a stop while it was at the market), found by reading the market once the write's
/// deadline has passed: before it, a read cannot tell "never arrived" from "still on its way".
/// The Open Market API has no idempotency key, so this look-up is what stands between a lost
/// answer and a write sent twice. It never sends anything.
///
/// - An edit whose fields hold the new values was applied; one that holds the old values was
///   not; any other values were changed elsewhere.
/// - A delete was applied when the product is gone, not applied when it is still there.
/// - A create is looked for among the own vendor's products with its name, price and
///   currency, registered no earlier than the day before it was sent (the API stamps days,
///   not times, and the real server's days are Korean ones, ahead of UTC) and not among those
///   known before it was sent: found once, it was applied; not found, it
///   was not; found more than once, or found while nothing was known before it, it is unsure.
struct OutcomeCheck: Sendable {
    /// What a lost write did, as far as the market shows.
    enum Verdict: Sendable, Equatable {
        /// Done: the product (for a create, the one found) with its fields now.
        case applied(productID: Int, fields: RecordedFields?)
        case notApplied
        /// An edit's fields hold values neither before nor after it: someone else changed them.
        case changedElsewhere(RecordedFields)
        /// A create that may be any of these products, or none: nothing is decided.
        case unsure(found: [Int])
    }

    /// One write, as it was recorded before it was sent.
    struct Attempt: Sendable, Equatable {
        var kind: WriteKind
        var productID: Int?
        /// The fields before (an edit's or a delete's).
        var before: RecordedFields?
        /// The fields asked for (an edit's changed fields, a create's all).
        var after: RecordedFields?
        var sentAt: Date
        /// A create's: own products with its name that existed when it was sent; nil when the
        /// dashboard did not know them.
        var knownIDs: [Int]?

        init(
            kind: WriteKind, productID: Int?, before: RecordedFields?, after: RecordedFields?, sentAt: Date, knownIDs: [Int]? = nil
        ) {
            self.kind = kind
            self.productID = productID
            self.before = before
            self.after = after
            self.sentAt = sentAt
            self.knownIDs = knownIDs
        }
    }

    /// Past the write timeout, a third of it, from 1 to 10 seconds: a server may still finish a
    /// request just after its client gave up on it.
    var margin: TimeInterval { min(10, max(1, writeTimeout / 3)) }
    /// Pages of a name search a create's look-up reads (100 products each).
    static let searchPages = 5
    /// The calendar a create's earliest day is cut with: Gregorian, in UTC.
    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }()

    let api: any MarketAPI
    /// Whose products a create is looked for among, as it is known when the check runs.
    let ownVendor: OwnVendor
    /// How long a write may take (`--write-timeout`).
    let writeTimeout: TimeInterval

    init(api: any MarketAPI, ownVendor: OwnVendor, writeTimeout: TimeInterval) {
        self.api = api
        self.ownVendor = ownVendor
        self.writeTimeout = writeTimeout
    }

    /// When the market's answer to a write sent at `sentAt` can no longer be on its way.
    func deadline(sentAt: Date) -> Date {
        sentAt.addingTimeInterval(writeTimeout + margin)
    }

    /// What `attempt` did. Throws when the market could not be read (the check is tried again
    /// later). `claimed` are products other writes' checks already took (a batch's other rows).
    func verdict(for attempt: Attempt, claimed: Set<Int> = []) async throws -> Verdict {
        switch attempt.kind {
        case .create, .restore:
            return try await createVerdict(attempt, claimed: claimed)
        case .delete:
            guard let id = attempt.productID else { return .notApplied }
            return try await read(id) == nil ? .applied(productID: id, fields: nil) : .notApplied
        case .edit, .undo:
            guard let id = attempt.productID, let after = attempt.after else { return .notApplied }
            guard let current = try await read(id) else { return .changedElsewhere(RecordedFields()) }
            let fields = RecordedFields(current.summary)
            // Only the fields the edit changes: another may have changed since, by anyone.
            let changed = attempt.before.map { after.differences(from: $0) }
                ?? after.setFields.compactMap { RecordedFields.Field(rawValue: $0.rawValue) }
            if after.keeping(changed).matches(current.summary) { return .applied(productID: id, fields: fields) }
            if let before = attempt.before, before.keeping(changed).matches(current.summary) { return .notApplied }
            return .changedElsewhere(fields.keeping(changed))
        case .outside:
            return .notApplied
        }
    }

    private func read(_ id: Int) async throws -> ProductDetail? {
        do {
            return try await api.product(id: id)
        } catch MarketError.notFound {
            return nil
        }
    }

    private func createVerdict(_ attempt: Attempt, claimed: Set<Int>) async throws -> Verdict {
        guard let after = attempt.after, let name = after.name else { return .notApplied }
        let wanted = after.only([.name, .price, .currency])
        let own = ownVendor.id
        // The API's dates are days with no zone (the real server's are Korean days): a product
        // stamped the day before the send, in UTC, may still be the one. The day is cut in UTC,
        // never the machine's zone, so the verdict is the same wherever the dashboard runs.
        let earliest = Self.utcCalendar.startOfDay(for: attempt.sentAt).addingTimeInterval(-86_400)
        let known = Set(attempt.knownIDs ?? [])
        let found = try await Self.listed(named: name, on: api).filter { product in
            (own == nil || product.vendorID == own) && !known.contains(product.id) && !claimed.contains(product.id)
                && wanted.matches(product) && (product.createdAt.map { $0 >= earliest } ?? true)
        }.map(\.id).sorted()
        switch found.count {
        case 0: return .notApplied
        case 1 where attempt.knownIDs != nil:
            let id = found[0]
            return .applied(productID: id, fields: try await read(id).map { RecordedFields($0.summary) })
        default: return .unsure(found: found)
        }
    }

    /// The products the market lists when searched for `name` (up to `searchPages` pages), each
    /// once.
    static func listed(named name: String, on api: any MarketAPI) async throws -> [ProductSummary] {
        var products: [Int: ProductSummary] = [:]
        for page in 1...searchPages {
            let listed = try await api.listProducts(page: page, itemsPerPage: 100, search: name)
            for product in listed.products { products[product.id] = product }
            if !listed.hasNext { break }
        }
        return Array(products.values)
    }

    /// What a create about to be sent must never be taken for: the products the market lists
    /// under `name` now, whoever's (more than the own ones named so does no harm: a product
    /// that is none of them is what the check looks for). Nil when the market cannot be read,
    /// so that a lost answer's check then decides nothing on a single product found.
    static func knownBeforeCreating(_ name: String, on api: any MarketAPI) async -> [Int]? {
        try? await listed(named: name, on: api).map(\.id).sorted()
    }
}
