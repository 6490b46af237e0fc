import DashboardEngine
import HTTPServer
import Synchronization

/// A CSV answer made a piece at a time as the client reads it (see `BodyStream`): the
/// preamble (the byte order mark and the header), then `perPiece` records at a time, each
/// written by `record` from its position when its piece is asked for. The exports
/// (`/products.csv`, `/history.csv`) hold what they write in memory already, so a piece is made
/// at once, on the event loop.
final class CSVPieces: Sendable {
    private let preamble: [UInt8]
    private let count: Int
    private let perPiece: Int
    private let record: @Sendable (Int) -> String
    /// The next record to write; -1 before the preamble is sent.
    private let cursor = Mutex(-1)

    init(preamble: [UInt8], count: Int, perPiece: Int, record: @escaping @Sendable (Int) -> String) {
        self.preamble = preamble
        self.count = count
        self.perPiece = perPiece
        self.record = record
    }

    /// A CSV whose header names `columns`, as the exports write it: the byte order mark, the
    /// names joined by commas, CRLF (`ProductCSV`'s conventions).
    convenience init(columns: [String], count: Int, perPiece: Int, record: @escaping @Sendable (Int) -> String) {
        let preamble = ProductCSV.byteOrderMark + Array((columns.joined(separator: ",") + ProductCSV.lineEnd).utf8)
        self.init(preamble: preamble, count: count, perPiece: perPiece, record: record)
    }

    var body: BodyStream {
        BodyStream { [self] in nextPiece() }
    }

    /// The preamble, then up to `perPiece` records; nil at the end.
    func nextPiece() -> [UInt8]? {
        cursor.withLock { index -> [UInt8]? in
            if index < 0 {
                index = 0
                return preamble
            }
            guard index < count else { return nil }
            var text = ""
            let end = min(count, index + perPiece)
            while index < end {
                text += record(index)
                index += 1
            }
            return Array(text.utf8)
        }
    }
}
