import DashboardEngine
import HTTPServer

@testable import Dashboard

/// Contexts for tests that call a handler directly, as the route table would.
extension RequestContext.Maker {
    /// Default settings (times in UTC), the own vendor `ownVendorID` (nil: unknown) and the
    /// texts of every page, as the route table hands them.
    static func testing(ownVendorID: Int? = nil, settings: PageSettings = PageSettings(timeZone: .gmt)) -> RequestContext.Maker {
        var maker = RequestContext.Maker(settings: settings, ownVendor: OwnVendor(id: ownVendorID, source: ownVendorID == nil ? .notLearned : .flag))
        maker.texts = DashboardApp.texts
        return maker
    }
}

extension RequestContext {
    /// `request`'s context with default settings (times in UTC), the own vendor `ownVendorID`
    /// and the texts of every page.
    convenience init(_ request: HTTPRequest, ownVendorID: Int? = nil, settings: PageSettings = PageSettings(timeZone: .gmt)) {
        self.init(request, settings: settings, ownVendorID: ownVendorID, texts: DashboardApp.texts)
    }
}
