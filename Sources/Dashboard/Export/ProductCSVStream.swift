import DashboardEngine
import HTTPServer
import Synchronization

/// The rows of an export made a batch at a time as the client reads them (see `BodyStream`):
/// the snapshot's products in the export's order, never copied.
final class ProductCSVStream: Sendable {
    private let products: [CatalogProduct]
    /// Positions in `products`, in the order the rows are written.
    private let order: [Int32]
    /// The header row's language.
    private let language: Language
    /// The next product to look at; -1 before the preamble is sent.
    private let cursor = Mutex(-1)

    /// Rows per piece: about 50 KB, enough to fill a socket buffer, small enough to make at once.
    static let rowsPerPiece = 500

    init(products: [CatalogProduct], order: [Int32], language: Language = .en) {
        self.products = products
        self.order = order
        self.language = language
    }

    var body: BodyStream {
        BodyStream { [self] in nextPiece() }
    }

    /// The preamble, then up to `rowsPerPiece` rows; nil at the end.
    func nextPiece() -> [UInt8]? {
        cursor.withLock { index -> [UInt8]? in
            if index < 0 {
                index = 0
                return ProductCSV.preamble(language.csvHeaders)
            }
            guard index < order.count else { return nil }
            var text = ""
            let end = min(order.count, index + Self.rowsPerPiece)
            while index < end {
                text += ProductCSV.row(products[Int(order[index])])
                index += 1
            }
            return Array(text.utf8)
        }
    }
}
