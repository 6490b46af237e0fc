import DashboardEngine

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
}
