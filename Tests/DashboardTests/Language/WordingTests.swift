import Foundation
import Testing

@testable import Dashboard
import DashboardEngine

/// The wording: complete in both languages (the compiler checks the switch; this checks
/// nothing is left empty or untranslated), and every `{{t.key}}` a template names exists.
@Suite struct WordingTests {
    @Test func bothCatalogs_haveTheSameKeys_eachFilledAndTranslated() {
        func keys(_ language: Language) -> [String] {
            guard case .object(let texts) = DashboardApp.texts[language] else { return [] }
            return texts.keys
        }
        let english = keys(.en)
        let korean = keys(.ko)
        #expect(Set(english) == DashboardApp.texts.keys)
        #expect(Set(korean) == Set(english))
        for text in FixedTexts.entries {
            #expect(!text.english.isEmpty && !text.korean.isEmpty, "\(text.key)")
            if FixedTexts.patterns.contains(text.key) {
                #expect(text.korean != text.english, "\(text.key) is written the Korean way")
            } else {
                #expect(text.korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }, "\(text.key) is not in Korean")
            }
        }
    }

    /// Every page's texts reach its template: each `PageTexts` type of `Sources/Dashboard` is
    /// in the app's `texts`, and no key is in two types (the second would hide the first).
    @Test func everyPageTextsType_isHandedToThePages() throws {
        let declared = try FixedTexts.declaredKeys()
        #expect(declared.count > 1, "found no PageTexts type in Sources/Dashboard")
        var owner: [String: String] = [:]
        for (type, keys) in declared.sorted(by: { $0.key < $1.key }) {
            #expect(!keys.isEmpty, "\(type) has no case")
            for key in keys {
                #expect(DashboardApp.texts.keys.contains(key),
                    "\(type).\(key) is in no page's `t`: add \(type).self to `DashboardApp.texts` in Sources/Dashboard/App/DashboardApp+Routes.swift")
                if let other = owner[key] { Issue.record("the key \(key) is in \(other) and \(type); keep it in one") }
                owner[key] = type
            }
        }
    }

    /// Every `t.name` in every template (`{{t.x}}`, `{{#t.x}}`, ...).
    static func templateKeys() throws -> [(file: String, key: String)] {
        let root = DashboardHarness.checkout.appendingPathComponent("Templates")
        let files = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".html") }
        var keys: [(String, String)] = []
        let pattern = try NSRegularExpression(pattern: #"\{\{[#^/&]?\s*t\.([A-Za-z0-9_]+)"#)
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range(at: 1), in: text) { keys.append((file, String(text[range]))) }
            }
        }
        return keys
    }

    @Test func everyKeyATemplateNames_exists() throws {
        let keys = try Self.templateKeys()
        #expect(keys.count > 50)
        let known = DashboardApp.texts.keys
        for (file, key) in keys {
            #expect(known.contains(key), "\(file) names t.\(key), which no language has")
        }
    }

    @Test func korean_pricesStockAndDates() {
        let ko = Wording(.ko)
        #expect(ko.price(1000, currency: "KRW") == "1,000원")
        #expect(ko.price(Decimal(string: "1234567")!, currency: "KRW") == "1,234,567원")
        #expect(ko.price(Decimal(string: "12.5")!, currency: "USD") == "$12.50")
        #expect(ko.price(Decimal(string: "0.5")!, currency: "KRW") == "0.5원")
        #expect(ko.stock(3) == "재고 3개")
        #expect(ko[.soldOut] == "품절")
        #expect(ko.day("2022-12-30") == "2022. 12. 30.")
        #expect(ko.day("2022-01-05") == "2022. 1. 5.")
        #expect(ko.fixProblems(1) == "항목 1개를 확인해 주세요")
        #expect(ko.products(2) == "상품 2개")
        #expect(ko.stock(1200) == "재고 1,200개")
        #expect(ko.bytes(512) == "0.5KB" && ko.bytes(0) == "0KB" && ko.bytes(12 * 1024) == "12KB" && ko.bytes(1_468_006) == "1.4MB")
    }

    @Test func english_staysAsItWas() {
        let en = Wording(.en)
        #expect(en.price(1000, currency: "KRW") == "KRW 1,000")
        #expect(en.price(Decimal(string: "12.5")!, currency: "USD") == "USD 12.50")
        #expect(en.stock(3) == "Stock: 3")
        #expect(en[.soldOut] == "Sold out")
        #expect(en.day("2022-12-30") == "2022-12-30")
        #expect(en.products(1) == "1 product" && en.products(2) == "2 products")
        #expect(en.fixProblems(1) == "There is 1 problem to fix" && en.fixProblems(3) == "There are 3 problems to fix")
        #expect(en.stock(1200) == "Stock: 1200")
        #expect(en.bytes(512) == "0.5 KB" && en.bytes(12 * 1024) == "12 KB" && en.bytes(1_468_006) == "1.4 MB")
    }

    /// A zone's name: its abbreviation where every reader knows one, else its offset.
    @Test func zoneLabels_abbreviationOrOffset() throws {
        let date = Date(timeIntervalSince1970: 1_795_000_000)
        #expect(LocalTime.zoneLabel(try #require(TimeZone(identifier: "Asia/Seoul")), at: date) == "KST")
        #expect(LocalTime.zoneLabel(try #require(TimeZone(identifier: "UTC")), at: date) == "UTC")
        #expect(LocalTime.zoneLabel(try #require(TimeZone(secondsFromGMT: 5 * 3600 + 1800)), at: date) == "UTC+5:30")
        #expect(LocalTime.zoneLabel(try #require(TimeZone(identifier: "Etc/GMT+3")), at: date) == "UTC-3")
        #expect(LocalTime.offsetLabel(9 * 3600) == "UTC+9" && LocalTime.offsetLabel(-(3 * 3600 + 1800)) == "UTC-3:30")
        #expect(LocalTime.clockWithZone(date, zone: try #require(TimeZone(identifier: "Asia/Seoul"))) == "20:06 KST")
        // The export's file name: the day in the vendor's zone, in ASCII.
        let lateUTC = Date(timeIntervalSince1970: 1_795_046_400 - 60)  // 2026-11-18 23:59 UTC
        #expect(ProductExport.filename(for: lateUTC, zone: try #require(TimeZone(identifier: "Asia/Seoul"))) == "products-2026-11-19.csv")
        #expect(ProductExport.filename(for: lateUTC, zone: try #require(TimeZone(identifier: "UTC"))) == "products-2026-11-18.csv")
    }

    /// A batch's state and its counts read as one line, what changed first, in the words both
    /// readers asked for; a finished batch with a failure says so without a contradicting
    /// "all applied".
    @Test func aBatchsStateAndCounts_readAsOneLine() {
        var counts = BatchCounts()
        counts.add(1, .unchanged, BatchRow.Operation.none)
        counts.add(2, .done, .edit)
        let batch = Batch(id: 4, kind: .bulk, state: .finished, createdAt: Date(timeIntervalSince1970: 0), action: nil, source: "", notes: [])
        let zone = TimeZone(identifier: "Asia/Seoul") ?? .gmt
        #expect(Wording(.en).batchState(batch, counts: counts, zone: zone) == "Finished: 2 products changed, 1 unchanged.")
        #expect(Wording(.ko).batchState(batch, counts: counts, zone: zone) == "완료: 적용 2건, 변경 없음 1건.")
        counts.add(1, .failed, .edit, failure: .refused)
        #expect(Wording(.en).batchState(batch, counts: counts, zone: zone) == "Finished with problems: 2 products changed, 1 failed, 1 unchanged.")
    }
}
