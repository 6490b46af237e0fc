import MarketClient
import Testing

@testable import Dashboard
import DashboardEngine

/// The CSV export's body: the preamble, then the rows in the order given, in pieces.
@Suite struct ProductCSVStreamTests {
    @Test func stream_sendsThePreambleThenTheRowsInOrder_inPieces() {
        let products = (1...1200).map { CatalogProduct(.sample($0, vendor: $0 % 2), vendorName: "Vendor") }
        // Every odd product, last first: the stream writes exactly the order it is given.
        let order = products.indices.reversed().filter { products[$0].vendorID == 1 }.map { Int32($0) }
        let stream = ProductCSVStream(products: products, order: order)
        var pieces: [[UInt8]] = []
        while let piece = stream.nextPiece() { pieces.append(piece) }
        #expect(pieces.first == ProductCSV.preamble())
        let text = String(decoding: pieces.dropFirst().joined(), as: UTF8.self)
        let ids = text.split(separator: "\r\n").map { Int($0.prefix { $0 != "," }) ?? 0 }
        #expect(ids == Array(stride(from: 1199, through: 1, by: -2)))
        // However big a piece is, the rows come in more than one, each ending with a whole row.
        let rowPieces = pieces.dropFirst().map { String(decoding: $0, as: UTF8.self) }
        #expect(rowPieces.count > 1, "the rows in more than one piece")
        #expect(rowPieces.allSatisfy { !$0.isEmpty && $0.hasSuffix("\r\n") }, "each piece ends with a whole row")
    }
}
