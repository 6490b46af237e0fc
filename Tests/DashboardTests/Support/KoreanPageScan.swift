import Foundation
import LocalMarket
import Testing

@testable import Dashboard

/// How the Korean page tests read a page as a Korean reader would: the English words of the
/// UI's texts and the scan that finds them on a page, the market's data made Korean first, and
/// the checks every Korean page passes (`KoreanPagesTests`, and the batch, history and recycle
/// bin pages' own Korean tests).
enum KoreanPageScan {
    static let korean = ["Accept-Language": "ko-KR,ko;q=0.9,en;q=0.8"]

    /// Words of every English text (fixed texts and every `Wording` function), lowercased,
    /// three letters or more.
    static let englishWords: Set<String> = {
        let en = Wording(.en)
        var words = Set<String>()
        for text in WordingSamples.plain(en) + WordingSamples.all(en, name: "", number: 2) {
            for word in text.split(whereSeparator: { !($0.isASCII && $0.isLetter) }) where word.count >= 3 {
                words.insert(word.lowercased())
            }
        }
        // Names that stay as they are in Korean text: currencies, formats, options and the
        // environment variable (`--vendor-id`, `OPENMARKET_VENDOR_ID`), zones.
        return words.subtracting(["krw", "usd", "jpeg", "png", "csv", "vendor", "identifier", "secret", "openmarket", "kst", "utc"])
    }()

    /// The only English the market's data may bring to a page: the seed vendors' names
    /// (`LocalMarketTeam`, `Tom & Jerry's <Shop>`), proper nouns no UI text is made of. Written
    /// out, not read from the data, so data can never hide a UI word.
    static let properNouns: Set<String> = ["localmarketteam", "tom", "jerry", "s", "shop"]

    /// Gives every product of `dash`'s market a Korean name and description (through the API,
    /// as its vendor), so the only English left on a Korean page is the UI's own or a vendor's
    /// name. The seed's English descriptions hold words such as "price" and "product", which
    /// would otherwise hide an untranslated label.
    static func rewriteInKorean(_ dash: DashboardHarness) async throws {
        let list = try await dash.marketJSON("/api/products?page_no=1&items_per_page=100")
        let products = list["pages"] as? [[String: Any]] ?? []
        try #require(!products.isEmpty)
        for product in products {
            let id = try #require(product["id"] as? Int)
            let vendor = try #require(LocalMarket.vendors.first { $0.id == product["vendor_id"] as? Int }, "vendor of \(id)")
            let fields: [String: String] = ["secret": vendor.secret, "name": "시험용 상품 \(id)호", "description": "한국어로만 쓴 시험용 설명입니다."]
            let edited = try await HTTPTestClient.request(
                dash.marketPort, "PATCH", "/api/products/\(id)",
                headers: ["identifier": vendor.identifier, "Content-Type": "application/json"],
                body: Array(try JSONSerialization.data(withJSONObject: fields)))
            try #require(edited.status == 200, "PATCH \(id): \(edited.status) \(edited.text)")
        }
        // The dashboard counted the catalog at its start, before the rewrite: started again on
        // the same data, it counts the Korean catalog, and a first count records nothing as
        // changed elsewhere, so the history holds no English names.
        try await dash.restart()
        let left = try await dataWords(dash)
        try #require(left.isSubset(of: properNouns), "English left in the data: \(left.subtracting(properNouns).sorted())")
    }

    /// Words the market's own data brings (product names, descriptions, vendors).
    static func dataWords(_ dash: DashboardHarness) async throws -> Set<String> {
        let list = try await dash.marketJSON("/api/products?page_no=1&items_per_page=100")
        var words = Set<String>()
        for product in list["pages"] as? [[String: Any]] ?? [] {
            var texts = [product["name"], product["vendorName"], product["description"]].compactMap { $0 as? String }
            if let id = product["id"] as? Int {
                let detail = try await dash.marketProduct(id)
                texts += [detail["description"] as? String ?? ""]
                texts += [(detail["vendors"] as? [String: Any])?["name"] as? String ?? ""]
            }
            for text in texts {
                for word in text.split(whereSeparator: { !($0.isASCII && $0.isLetter) }) { words.insert(word.lowercased()) }
            }
        }
        return words
    }

    /// What a person reads on a page: its visible text, the `title`, `alt`, `aria-label` and
    /// `placeholder` attributes and the `value` of an input that is a button, without code
    /// samples (`<code>`), parts marked English (`lang="en"`: the language switch) and the
    /// market's own words (quoted and marked "(마켓 원문)"). A `data-*` attribute is a hook for
    /// scripts and styles, not read here: the scripts' messages it carries are fixed texts,
    /// which `KoreanWritingTests` reads whole.
    static func readable(_ html: String) -> String {
        var visible = html
        for (open, close) in [("<code>", "</code>"), (" lang=\"en\"", "</a>")] {
            while let start = visible.range(of: open), let end = visible.range(of: close, range: start.upperBound..<visible.endIndex) {
                visible.removeSubrange(start.lowerBound..<end.upperBound)
            }
        }
        var text = HTMLScan.text(visible)
        let attribute = try! NSRegularExpression(pattern: #"\s(alt|aria-label|title|placeholder)="([^"]*)""#)
        for match in attribute.matches(in: visible, range: NSRange(visible.startIndex..., in: visible)) {
            guard let value = Range(match.range(at: 2), in: visible) else { continue }
            text += " " + HTMLScan.unescape(visible[value])
        }
        for input in HTMLScan.tags("input", in: visible) where ["submit", "button", "reset"].contains(input["type"] ?? "") {
            text += " " + (input["value"] ?? "")
        }
        for pattern in [#"“[^”]*”\(마켓 원문\)"#] {
            text = text.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
        }
        return text
    }

    /// English UI words a person reads on the page.
    static func englishUIWords(_ html: String, allowed: Set<String>) -> [String] {
        let found = readable(html).split(whereSeparator: { !($0.isASCII && $0.isLetter) }).map { $0.lowercased() }
        return Array(Set(found.filter { englishWords.contains($0) && !allowed.contains($0) })).sorted()
    }

    /// A page as a Korean reader gets it: Korean, marked so, with no English UI word (besides
    /// `allowed`) and no particle that does not fit.
    static func expectKorean(
        _ response: TestResponse, _ path: String, status: Int? = nil, allowed: Set<String> = properNouns,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        if let status { #expect(response.status == status, "\(path)", sourceLocation: sourceLocation) }
        #expect(response.text.contains("<html lang=\"ko\">"), "\(path)", sourceLocation: sourceLocation)
        #expect(response.header("Content-Language") == "ko", "\(path)", sourceLocation: sourceLocation)
        #expect(response.header("Vary") == "Accept-Language, Cookie", "\(path)", sourceLocation: sourceLocation)
        let english = englishUIWords(response.text, allowed: allowed)
        #expect(english.isEmpty, "\(path) (\(response.status)) shows English: \(english)", sourceLocation: sourceLocation)
        let particles = KoreanText.misfitParticles(readable(response.text))
        #expect(particles.isEmpty, "\(path) (\(response.status)) has particles that do not fit: \(particles)", sourceLocation: sourceLocation)
    }
}
