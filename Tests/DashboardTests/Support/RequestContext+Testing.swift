import DashboardEngine
import HTTPServer

@testable import Dashboard

/// Contexts for tests that call a handler directly, as the route table would.
extension RequestContext.Maker {
    /// Default settings and the own vendor `ownVendorID` (nil: unknown).
    static func testing(ownVendorID: Int? = nil, settings: PageSettings = PageSettings()) -> RequestContext.Maker {
        RequestContext.Maker(settings: settings, ownVendor: OwnVendor(id: ownVendorID, source: ownVendorID == nil ? .unknown : .flag))
    }
}

extension RequestContext {
    /// `request`'s context with default settings and the own vendor `ownVendorID`.
    convenience init(_ request: HTTPRequest, ownVendorID: Int? = nil, settings: PageSettings = PageSettings()) {
        self.init(request, settings: settings, ownVendorID: ownVendorID)
    }
}
