import DashboardEngine
import HTTPServer

@testable import Dashboard

/// Contexts for tests that call a handler directly, as the route table would.
extension RequestContext.Maker {
    /// Default settings (times in UTC) and the own vendor `ownVendorID` (nil: unknown).
    static func testing(ownVendorID: Int? = nil, settings: PageSettings = PageSettings(timeZone: .gmt)) -> RequestContext.Maker {
        RequestContext.Maker(settings: settings, ownVendor: OwnVendor(id: ownVendorID, source: ownVendorID == nil ? .notLearned : .flag))
    }
}

extension RequestContext {
    /// `request`'s context with default settings (times in UTC) and the own vendor `ownVendorID`.
    convenience init(_ request: HTTPRequest, ownVendorID: Int? = nil, settings: PageSettings = PageSettings(timeZone: .gmt)) {
        self.init(request, settings: settings, ownVendorID: ownVendorID)
    }
}
