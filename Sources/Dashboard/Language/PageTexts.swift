import Templating

/// Fixed texts by the key templates name them with (`{{t.sold_out}}`): `UIText` for what every
/// page shares (the site's name, the navigation, the footer, buttons used everywhere), and one
/// type beside each page for its own (`HistoryText` in `History/`). Each is an enum with a
/// `switch` per language, so a key missing in one language is a compile error, not a blank on
/// a page.
protocol PageTexts: RawRepresentable<String>, CaseIterable, Sendable {
    var english: String { get }
    var korean: String { get }
}

extension PageTexts {
    /// The text in `language`.
    func text(_ language: Language) -> String {
        switch language {
        case .en: english
        case .ko: korean
        }
    }
}

/// A link the footer shows on every page: where it leads and its words, one of the linked
/// page's own texts, so that the link is declared with the page's route and its words live
/// with the page.
struct FooterLink: Sendable {
    let path: String
    private let labels: [Language: String]

    init<T: PageTexts>(_ path: String, _ text: T) {
        self.path = path
        labels = Dictionary(uniqueKeysWithValues: Language.allCases.map { ($0, text.text($0)) })
    }

    /// The link's words in `language`.
    func label(_ language: Language) -> String { labels[language] ?? "" }
}

/// The fixed texts of some `PageTexts` types as one template object per language (`t` in a
/// page's context), and the footer's links (`footerNav`), made once when the app is built: a
/// page costs a dictionary lookup. A class of constants: every request's context holds the
/// app's one, and a copy of it is one retain rather than one per dictionary and set.
final class TemplateTexts: Sendable {
    private let objects: [Language: TemplateValue]
    private let footers: [Language: TemplateValue]
    /// Every key, for the checks that a template names no text that is missing.
    let keys: Set<String>

    init(_ types: [any PageTexts.Type], footerLinks: [FooterLink] = []) {
        var objects: [Language: TemplateValue] = [:]
        var footers: [Language: TemplateValue] = [:]
        var keys = Set<String>()
        for language in Language.allCases {
            var object = TemplateObject()
            for type in types {
                Self.add(type, language, to: &object, keys: &keys)
            }
            objects[language] = .object(object)
            if !footerLinks.isEmpty {
                let links = footerLinks.map { link -> TemplateValue in
                    ["href": .string(link.path), "label": .string(link.label(language))]
                }
                footers[language] = ["links": .list(links)]
            }
        }
        self.objects = objects
        self.footers = footers
        self.keys = keys
    }

    private static func add<T: PageTexts>(_ type: T.Type, _ language: Language, to object: inout TemplateObject, keys: inout Set<String>) {
        for text in T.allCases {
            object[text.rawValue] = .string(text.text(language))
            keys.insert(text.rawValue)
        }
    }

    subscript(_ language: Language) -> TemplateValue {
        objects[language] ?? .object([:])
    }

    /// The footer's links in `language` (`links`: `href`, `label`), or nil when there are none:
    /// then the footer has no list of links at all.
    func footerNav(_ language: Language) -> TemplateValue? {
        footers[language]
    }

    /// The texts every page shares, and no page's own: what the server's own error pages need.
    static let shared = TemplateTexts([UIText.self])
}
