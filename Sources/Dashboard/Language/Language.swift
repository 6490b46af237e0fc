import DashboardEngine
import HTTPServer

/// The languages the dashboard speaks. English is the default: the reader who asks for
/// nothing we know gets it.
///
/// Chosen per request: `?lang=ko|en` wins and is remembered in the
/// `om_lang` cookie; else the cookie; else the best match of `Accept-Language`; else English.
enum Language: String, CaseIterable, Sendable, Hashable {
    case en
    case ko

    static let cookieName = "om_lang"
    /// A year, in seconds.
    static let cookieMaxAge = 365 * 24 * 60 * 60

    /// The language of `request`.
    init(_ request: HTTPRequest) {
        if let asked = request.queryValue("lang").flatMap(Language.init(rawValue:)) {
            self = asked
        } else if let remembered = request.cookie(Self.cookieName).flatMap(Language.init(rawValue:)) {
            self = remembered
        } else {
            self = Self.negotiate(request.headers.values(for: "Accept-Language")) ?? .en
        }
    }

    /// The `Set-Cookie` value that remembers an explicit `?lang=` choice; nil without one.
    static func cookie(for request: HTTPRequest) -> String? {
        guard let asked = request.queryValue("lang").flatMap(Language.init(rawValue:)) else { return nil }
        return "\(cookieName)=\(asked.rawValue); Path=/; Max-Age=\(cookieMaxAge); SameSite=Lax"
    }

    /// How its readers expect names in alphabetical order.
    var collation: NameCollation {
        switch self {
        case .en: .latinFirst
        case .ko: .hangulFirst
        }
    }

    /// The header names of a CSV written for its readers (an import reads either).
    var csvHeaders: ProductCSV.Column.Names {
        switch self {
        case .en: .english
        case .ko: .korean
        }
    }

    /// The language's name in itself, for the switch in the footer.
    var ownName: String {
        switch self {
        case .en: "English"
        case .ko: "한국어"
        }
    }
}
