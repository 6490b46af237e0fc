/// The `identifier` header and `secret` checks. Both failures are 401 with different messages
/// (the real server's codes are unknown; 401 is what a client can explain as "wrong
/// identifier or secret"); a missing `secret` is a 400 like any other missing field; a known
/// vendor touching another vendor's product is 403 (see `MarketStore`).
enum VendorCredentials {
    static func vendor(identifier: String?) throws(MarketRefusal) -> MarketVendor {
        guard let identifier, !identifier.isEmpty else {
            throw .unauthorized("the identifier header is missing")
        }
        guard let vendor = MarketVendor.all.first(where: { $0.identifier == identifier.lowercased() }) else {
            throw .unauthorized("unknown vendor identifier")
        }
        return vendor
    }

    static func check(secret: String?, of vendor: MarketVendor) throws(MarketRefusal) {
        guard let secret else { throw .badRequest("secret is required") }
        guard constantTimeEquals(secret, vendor.secret) else {
            throw .unauthorized("the secret does not match the vendor identifier")
        }
    }

    /// Compares without stopping at the first difference, so timing does not leak the secret.
    private static func constantTimeEquals(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        var difference = UInt8(x.count == y.count ? 0 : 1)
        for index in 0..<max(x.count, y.count) {
            let p = index < x.count ? x[index] : 0
            let q = index < y.count ? y[index] : 0
            difference |= p ^ q
        }
        return difference == 0
    }
}
