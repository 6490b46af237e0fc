import DashboardEngine
import HTTPServer

/// The rows of an export made a batch at a time as the client reads them (`CSVPieces`): the
/// snapshot's products in the export's order, never copied.
final class ProductCSVStream: Sendable {
    private let pieces: CSVPieces

    /// Rows per piece: about 50 KB, enough to fill a socket buffer, small enough to make at once.
    static let rowsPerPiece = 500

    /// `order`: positions in `products`, in the order the rows are written; the header row in
    /// `language`.
    init(products: [CatalogProduct], order: [Int32], language: Language = .en) {
        pieces = CSVPieces(preamble: ProductCSV.preamble(language.csvHeaders), count: order.count, perPiece: Self.rowsPerPiece) { index in
            ProductCSV.row(products[Int(order[index])])
        }
    }

    var body: BodyStream { pieces.body }

    /// The preamble, then up to `rowsPerPiece` rows; nil at the end.
    func nextPiece() -> [UInt8]? { pieces.nextPiece() }
}
