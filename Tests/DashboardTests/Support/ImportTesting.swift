import DashboardEngine
import Testing

/// Sending CSV files to `/products/import` as the import form does.
enum ImportTesting {
    /// The session's import of `csv` (and `images`), as the form sends it.
    static func post(_ session: FormSession, csv: [UInt8], name: String = "products.csv", images: [TestFile] = [], path: String = "/products/import")
        async throws -> TestResponse
    {
        try await session.post(path, [], files: [TestFile(field: "csv", filename: name, contentType: "text/csv", bytes: csv)] + images)
    }

    /// A spreadsheet's rewrite of a table: no byte order mark, LF, every cell quoted as needed.
    static func write(_ header: [String], _ rows: [[String]]) -> [UInt8] {
        Array(([header] + rows).map { $0.map(quoted).joined(separator: ",") }.joined(separator: "\n").utf8)
    }

    /// A cell as a spreadsheet writes it: in double quotes, its own doubled, when it holds a
    /// comma, a quote or a line break.
    static func quoted(_ cell: String) -> String {
        guard cell.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return cell }
        return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// An exported file's header and data rows, read as a spreadsheet reads a comma-separated
    /// file: a byte order mark dropped, cells in double quotes holding commas, doubled quotes
    /// and line breaks, records ended by CRLF or LF. The test's own reader, so an export is
    /// checked apart from the import's parser.
    static func read(_ bytes: [UInt8]) throws -> (header: [String], rows: [[String]]) {
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        let text = try #require(String(validating: body, as: UTF8.self), "the export is UTF-8")
        var records: [[String]] = []
        var record: [String] = []
        var cell = ""
        var quoted = false
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            switch (quoted, scalar) {
            case (true, "\""):
                if pending == "\"" {
                    cell.unicodeScalars.append("\"")
                    pending = scalars.next()
                } else {
                    quoted = false
                }
            case (true, _): cell.unicodeScalars.append(scalar)
            case (false, "\""): quoted = true
            case (false, ","):
                record.append(cell)
                cell = ""
            case (false, "\r") where pending == "\n": continue
            case (false, "\n"):
                records.append(record + [cell])
                (record, cell) = ([], "")
            case (false, _): cell.unicodeScalars.append(scalar)
            }
        }
        if !record.isEmpty || !cell.isEmpty { records.append(record + [cell]) }
        let header = try #require(records.first, "the export has a header")
        return (header, Array(records.dropFirst()))
    }
}
