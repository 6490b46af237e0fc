import DashboardEngine
import Foundation
import MarketClient

/// Texts of the import of past prices (`/products/prices/import`): the file's problems, what
/// each column holds, each line's problem, the preview's summary and button, and what was added.
extension Wording {
    enum PastPriceFileProblem {
        case stale, noFile, notMultipart, noLines
        case noKnownColumn(String)
        case missingColumns(String)
        case tooManyRows(limit: Int)
        case csvTooLarge(limit: String)
        case requestTooLarge(limit: String)
    }

    func pastPriceFileProblem(_ problem: PastPriceFileProblem) -> String {
        let g = NumberText.grouped
        let button = self[.pastPricesButton]
        switch (language, problem) {
        case (.en, .stale): return "\(staleCause). Nothing was read or added: choose the file again, then select \(button)."
        case (.en, .noFile): return "Choose a CSV file of past prices."
        case (.en, .notMultipart): return "The file did not come from this page, so it could not be read. Choose the CSV file below, then select \(button)."
        case (.en, .noLines): return "The file has column names but no lines of prices. Under the names, add one line per price."
        case (.en, .noKnownColumn(let names)): return "The first line has none of the column names this page reads (it has \(names)). Put the column names on the first line: id, at, price, discount."
        case (.en, .missingColumns(let names)): return "The first line has no \(names) column. Add it, then upload the file again."
        case (.en, .tooManyRows(let limit)): return "The file has more than \(g(limit)) lines. Split it into files of at most \(g(limit)) lines and import each."
        case (.en, .csvTooLarge(let limit)): return "The CSV file is larger than \(limit). Split it into smaller files and import each."
        case (.en, .requestTooLarge(let limit)): return "The upload is larger than \(limit). Choose only the CSV file, then try again."
        case (.ko, .stale): return "\(staleCause). 아무것도 읽거나 추가하지 않았으니 파일을 다시 선택한 뒤 [\(button)]를 눌러 주세요."
        case (.ko, .noFile): return "지난 판매가의 CSV 파일을 선택해 주세요."
        case (.ko, .notMultipart): return "이 화면에서 보낸 파일이 아니어서 읽을 수 없습니다. 아래에서 CSV 파일을 선택한 뒤 [\(button)]를 눌러 주세요."
        case (.ko, .noLines): return "파일에 열 이름만 있고 판매가 줄이 없습니다. 열 이름 아래에 판매가를 한 줄씩 적어 주세요."
        case (.ko, .noKnownColumn(let names)): return "첫 줄에서 알맞은 열 이름을 찾지 못했습니다(있는 이름: \(names)). 첫 줄에 상품 번호, 시각, 판매가, 할인 금액 열 이름을 적어 주세요."
        case (.ko, .missingColumns(let names)): return "첫 줄에 필요한 열이 없습니다(\(names)). 열을 추가한 뒤 다시 올려 주세요."
        case (.ko, .tooManyRows(let limit)): return "파일이 \(g(limit))줄을 넘습니다. \(g(limit))줄 이하의 파일로 나누어 가져와 주세요."
        case (.ko, .csvTooLarge(let limit)): return "CSV 파일이 \(limit)보다 큽니다. 더 작게 나누어 가져와 주세요."
        case (.ko, .requestTooLarge(let limit)): return "올린 파일이 \(limit)보다 큽니다. CSV 파일만 선택해 다시 올려 주세요."
        }
    }

    /// What a column of past prices holds; the page names the zone beside the columns.
    func pastPriceColumnMeaning(_ column: ImportedPriceCSV.Column) -> String {
        switch (language, column) {
        case (.en, .id): "Your product's number, as shown on its page."
        case (.en, .at): "When the price began: a date, like 2026-10-01 (from the start of that day), or a date and time, like 2026-10-01 09:30 (2026-10-01T09:30 is read too), in the dashboard's time zone."
        case (.en, .price): "The price before any discount, in the product's currency (KRW in whole won; USD with up to 2 decimal places)."
        case (.en, .discount): "The amount taken off the price; empty or 0 for none."
        case (.ko, .id): "내 상품의 번호."
        case (.ko, .at): "판매가가 시작된 때: 2026-10-01 같은 날짜(그날 0시부터) 또는 2026-10-01 09:30 같은 날짜와 시각(2026-10-01T09:30도 가능), 대시보드 시간대 기준."
        case (.ko, .price): "할인 전 판매가, 상품의 통화 기준(KRW는 원 단위, USD는 소수점 둘째 자리까지)."
        case (.ko, .discount): "판매가에서 할인하는 금액, 할인이 없으면 비워 두거나 0."
        }
    }

    /// The import's limits, from the constants that enforce them.
    func pastPriceLimits(rows: Int, csvBytes: Int) -> String {
        switch language {
        case .en: "At most \(NumberText.grouped(rows)) lines and \(bytes(csvBytes)) of CSV."
        case .ko: "CSV 파일은 \(bytes(csvBytes)), \(NumberText.grouped(rows))줄까지 올릴 수 있습니다."
        }
    }

    /// A column's name in the reader's language, as the file's header may name it.
    private func pastPriceColumn(_ column: ImportedPriceCSV.Column) -> String {
        switch language {
        case .en: column.rawValue
        case .ko: column.korean
        }
    }

    /// An amount as a person types it in `currency`.
    private func pastPriceExample(_ currency: Currency) -> String {
        currency == .krw ? "15000" : "12.50"
    }

    /// Why a line is refused, and what to write instead; times in `zone`.
    func pastPriceProblem(_ problem: PastPriceProblem, zone: TimeZone) -> String {
        switch problem {
        case .badID(let cell), .badDate(let cell), .timeInGap(let cell, _), .notANumber(_, let cell), .decimals(_, let cell, _),
            .negative(_, let cell), .discountAbovePrice(let cell):
            return pastPriceCellProblem(problem, v: "“\(BidiText.isolated(cell))”", zone: zone)
        case .unknownProduct(let id):
            return switch language {
            case .en: "There is no product \(id) on the Open Market (it may have been deleted). Check the number in the “id” column."
            case .ko: "오픈마켓에 \(id)번 상품이 없습니다(삭제되었을 수 있음). 상품 번호 열의 번호를 확인해 주세요."
            }
        case .otherVendor(let id):
            return switch language {
            case .en: "Product \(id) belongs to another seller. You can add past prices only for your own products, so remove this line."
            case .ko: "\(id)번 상품은 다른 판매자의 상품입니다. 내 상품의 기록만 추가할 수 있으니 이 줄을 삭제해 주세요."
            }
        case .notBeforeFirstSeen(let first):
            let at = LocalTime.timestamp(first, zone: zone, self)
            return switch language {
            case .en: "The dashboard has its own record of this product's prices from \(at), so only earlier records can be added. Remove the line, or change its time to before \(at)."
            case .ko: "이 대시보드가 이 상품의 판매가를 처음 기록한 시각(\(at))보다 앞선 기록만 추가할 수 있습니다. 이 줄을 삭제하거나 시각을 고쳐 주세요."
            }
        case .inFuture:
            return switch language {
            case .en: "The time is in the future. Enter a time that has passed."
            case .ko: "지금보다 나중 시각입니다. 이미 지난 시각을 입력해 주세요."
            }
        case .duplicate:
            return switch language {
            case .en: "This product already has a price at this time, from an earlier line or an earlier import. Keep one line per product and time."
            case .ko: "이 상품의 같은 시각 판매가가 파일의 앞 줄이나 이미 가져온 기록에 있습니다. 상품과 시각마다 한 줄만 남겨 주세요."
            }
        }
    }

    /// A problem of one cell, `v` being the cell as typed, in quotes.
    private func pastPriceCellProblem(_ problem: PastPriceProblem, v: String, zone: TimeZone) -> String {
        let id = pastPriceColumn(.id)
        let at = pastPriceColumn(.at)
        switch (language, problem) {
        case (.en, .badID): return "\(v) in the “\(id)” column is not a product number. Enter your product's number, like 7."
        case (.ko, .badID): return "\(id) 칸에 7처럼 내 상품의 번호를 입력해 주세요(지금: \(v))."
        case (.en, .badDate(let cell)) where cell.isEmpty: return "The “\(at)” column is empty. Enter a date like 2026-10-01, or 2026-10-01 09:30 with a time."
        case (.en, .badDate): return "\(v) in the “\(at)” column is not a date. Enter it like 2026-10-01, or 2026-10-01 09:30 with a time."
        case (.ko, .badDate): return "\(at) 칸에 2026-10-01 형식의 날짜나 2026-10-01 09:30 형식의 날짜와 시각을 입력해 주세요(지금: \(v))."
        case (.en, .timeInGap(_, let gap)):
            return "\(v) in the “\(at)” column does not exist in \(zone.identifier) time: on \(pastPriceDay(gap.day)) the clocks go forward from \(gap.from) to \(gap.to). Enter a time before \(gap.from) or from \(gap.to) on."
        case (.ko, .timeInGap(_, let gap)):
            return "\(at) 칸의 시각은 \(zone.identifier) 시간대에 없습니다(\(pastPriceDay(gap.day)) \(gap.from)~\(gap.to), 시계를 앞당기는 구간). \(gap.from) 전이나 \(gap.to) 이후의 시각을 입력해 주세요(지금: \(v))."
        case (_, .notANumber(let column, let cell)):
            let c = pastPriceColumn(column)
            switch language {
            case .en: return cell.isEmpty ? "The “\(c)” column is empty. Enter the price, like 15000." : "\(v) in the “\(c)” column is not a number. Enter it like 15000 (KRW) or 12.50 (USD)."
            case .ko: return cell.isEmpty ? "\(c) 칸이 비어 있습니다. 15000처럼 판매가를 입력해 주세요." : "\(c) 칸의 값이 숫자가 아닙니다(지금: \(v)). 15000처럼 숫자만 입력해 주세요."
            }
        case (.en, .decimals(let column, _, let currency)):
            return currency == .krw
                ? "\(v) in the “\(pastPriceColumn(column))” column has decimals, but KRW amounts are in whole won. Enter it like \(pastPriceExample(currency))."
                : "\(v) in the “\(pastPriceColumn(column))” column has more than 2 decimal places. Enter \(currency.rawValue) amounts like \(pastPriceExample(currency))."
        case (.ko, .decimals(let column, _, let currency)):
            return currency == .krw
                ? "\(pastPriceColumn(column)) 칸의 KRW 금액은 \(pastPriceExample(currency))처럼 소수점 없이 입력해 주세요(지금: \(v))."
                : "\(pastPriceColumn(column)) 칸의 \(currency.rawValue) 금액은 \(pastPriceExample(currency))처럼 소수점 둘째 자리까지 입력해 주세요(지금: \(v))."
        case (.en, .negative(.price, _)): return "\(v) in the “\(pastPriceColumn(.price))” column is not above 0. Enter a price above 0."
        case (.ko, .negative(.price, _)): return "\(pastPriceColumn(.price)) 칸에 0보다 큰 금액을 입력해 주세요(지금: \(v))."
        case (.en, .negative(let column, _)): return "\(v) in the “\(pastPriceColumn(column))” column is below 0. Enter 0 or more, or leave it empty for no discount."
        case (.ko, .negative(let column, _)): return "\(pastPriceColumn(column)) 칸에 0 이상의 금액을 입력해 주세요(지금: \(v)). 할인이 없으면 비워 두거나 0을 입력해 주세요."
        case (.en, .discountAbovePrice): return "\(v) in the “\(pastPriceColumn(.discount))” column is more than the price. Enter a discount no higher than the price."
        case (.ko, .discountAbovePrice): return "\(pastPriceColumn(.discount)) 칸에 판매가 이하의 금액을 입력해 주세요(지금: \(v))."
        case (_, .unknownProduct), (_, .otherVendor), (_, .notBeforeFirstSeen), (_, .inFuture), (_, .duplicate):
            return pastPriceProblem(problem, zone: zone)
        }
    }

    /// The day of a wall clock, as the pages write days.
    private func pastPriceDay(_ clock: LocalTime.DateAndTime) -> String {
        day(String(format: "%04d-%02d-%02d", clock.year, clock.month, clock.day)[...])
    }

    /// A pending line whose time the clocks show twice that day: `at` (with its zone's name)
    /// is the earlier of the two, the one taken.
    func pastPriceRepeatedTime(_ at: String) -> String {
        switch language {
        case .en: "The clocks show this time twice that day (they go back an hour): the earlier one, \(at), is taken."
        case .ko: "그날은 시계를 되돌려 이 시각이 두 번 있습니다. 앞선 시각(\(at))으로 기록합니다."
        }
    }

    /// The preview's summary: how many lines, how many will be added, how many are refused.
    func pastPricesSummary(total: Int, pending: Int, refused: Int) -> String {
        func lines(_ count: Int) -> String { count == 1 ? "1 line of prices" : "\(NumberText.grouped(count)) lines of prices" }
        return switch language {
        case .en where refused == 0: total == 1 ? "The file has 1 line of prices, and it can be added." : "The file has \(lines(total)), and all of them can be added."
        case .en where pending == 0: total == 1 ? "The file has 1 line of prices, and it can't be added." : "The file has \(lines(total)), and none of them can be added."
        case .en: "The file has \(lines(total)): \(NumberText.grouped(pending)) can be added, \(NumberText.grouped(refused)) can't."
        case .ko where refused == 0: "파일의 \(quantity(total))줄을 모두 추가할 수 있습니다."
        case .ko where pending == 0: "파일의 \(quantity(total))줄 중 추가할 수 있는 줄이 없습니다."
        case .ko: "파일의 \(quantity(total))줄 중 \(quantity(pending))줄을 추가할 수 있고, \(quantity(refused))줄은 추가하지 않습니다."
        }
    }

    /// The preview's button: "Add 3 past prices".
    func pastPricesAddButton(_ count: Int) -> String {
        switch language {
        case .en: count == 1 ? "Add 1 past price" : "Add \(NumberText.grouped(count)) past prices"
        case .ko: "지난 판매가 \(quantity(count))건 추가"
        }
    }

    /// What an Add did: `count` prices of `products` products.
    func pastPricesAdded(_ count: Int, products: Int) -> String {
        switch language {
        case .en where count == 0: "No past price was added."
        case .en: "Added \(count == 1 ? "1 past price" : "\(NumberText.grouped(count)) past prices") for \(self.products(products))."
        case .ko where count == 0: "추가한 지난 판매가가 없습니다."
        case .ko: "\(self.products(products))의 지난 판매가 \(quantity(count))건을 추가했습니다."
        }
    }

    /// One product of an Add: its name, number and how many of its prices were added.
    func pastPricesAddedOf(_ name: String, id: Int, count: Int) -> String {
        switch language {
        case .en: "“\(BidiText.isolated(name))” (product \(id)): \(count == 1 ? "1 price" : "\(NumberText.grouped(count)) prices")"
        case .ko: "“\(BidiText.isolated(name))”(\(id)번 상품): \(quantity(count))건"
        }
    }

    /// A line the timeline refused at the Add, though the preview would have added it.
    func pastPriceRefusedSincePreview(line: Int, _ reason: String) -> String {
        switch language {
        case .en: "Line \(line) was not added because the product's prices changed after the preview. \(reason)"
        case .ko: "미리 본 뒤에 기록이 달라져 파일의 \(line)번째 줄은 추가하지 않았습니다. \(reason)"
        }
    }

    /// A line's product when the market has no name for it.
    func pastPriceProduct(_ id: Int) -> String {
        switch language {
        case .en: "Product \(id)"
        case .ko: "\(id)번 상품"
        }
    }

    /// An Add whose preview is no longer kept.
    var pastPricesGone: ErrorText {
        switch language {
        case .en:
            ErrorText(
                heading: "The preview is no longer kept",
                message: "A preview of past prices is kept for an hour, and only the newest \(PastPriceStash.capacity). Nothing was added: upload the file again, then select Add on its preview.")
        case .ko:
            ErrorText(
                heading: "미리 보기가 더 이상 없습니다",
                message: "지난 판매가의 미리 보기는 1시간 동안, 최근 \(PastPriceStash.capacity)개까지만 보관합니다. 아무것도 추가하지 않았으니 파일을 다시 올린 뒤 미리 보기에서 [추가] 버튼을 눌러 주세요.")
        }
    }
}
