import DashboardEngine
import Foundation
import HTTPServer

/// `/products/{id}/prices.csv`: a product's price states, newest first, written as the other
/// exports are (`ProductCSV`: UTF-8 with a byte order mark, CRLF, RFC 4180 quoting, and a `'`
/// before a cell a spreadsheet would run as a formula). The header is English in both
/// languages; `at` and `seen_after` are ISO 8601 with the seller's zone offset (`seen_after`
/// only for a change seen elsewhere between two counts); amounts are plain decimals; `source`
/// is the timeline's own word (`dashboard`, `elsewhere`, `imported`).
enum PriceHistoryCSV {
    static let columns = ["at", "price", "discount", "sale_price", "currency", "source", "seen_after"]
    /// States per piece of the body.
    static let statesPerPiece = 500

    /// The answer's body: the mark and the header, then a line per state, a piece at a time.
    static func body(_ states: [PriceState], zone: TimeZone) -> BodyStream {
        CSVPieces(columns: columns, count: states.count, perPiece: statesPerPiece) { line(states[$0], zone: zone) }.body
    }

    /// The state's line, ending in CRLF.
    static func line(_ state: PriceState, zone: TimeZone) -> String {
        let cells = [
            LocalTime.machineReadable(state.at, zone: zone), "\(state.price)", "\(state.discount)", "\(state.salePrice)",
            state.currency.rawValue, state.source.rawValue, state.seenAfter.map { LocalTime.machineReadable($0, zone: zone) } ?? "",
        ]
        return cells.map(ProductCSV.cell).joined(separator: ",") + ProductCSV.lineEnd
    }
}
