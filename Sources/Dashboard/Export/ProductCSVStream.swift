import HTTPServer
import Synchronization

/// The rows of an export made a batch at a time as the client reads them (see `BodyStream`):
/// the snapshot's products are filtered on the way, never copied whole.
final class ProductCSVStream: Sendable {
    private let products: [CatalogProduct]
    private let include: @Sendable (CatalogProduct) -> Bool
    /// The next product to look at; -1 before the preamble is sent.
    private let cursor = Mutex(-1)

    /// Rows per piece: about 50 KB, enough to fill a socket buffer, small enough to make at once.
    static let rowsPerPiece = 500

    init(products: [CatalogProduct], include: @escaping @Sendable (CatalogProduct) -> Bool) {
        self.products = products
        self.include = include
    }

    var body: BodyStream {
        BodyStream { [self] in nextPiece() }
    }

    /// The preamble, then up to `rowsPerPiece` rows; nil at the end.
    func nextPiece() -> [UInt8]? {
        cursor.withLock { index -> [UInt8]? in
            if index < 0 {
                index = 0
                return ProductCSV.preamble
            }
            guard index < products.count else { return nil }
            var text = ""
            var rows = 0
            while index < products.count, rows < Self.rowsPerPiece {
                let product = products[index]
                index += 1
                guard include(product) else { continue }
                text += ProductCSV.row(product)
                rows += 1
            }
            return Array(text.utf8)
        }
    }
}
