/// A CSV file read the way spreadsheet programs write it: UTF-8 with or without a byte order
/// mark, records ending in CRLF, LF or CR (mixed is fine), `,` or `;` between cells (whichever
/// the header row uses), cells in double quotes holding separators, quotes (doubled) and line
/// breaks (RFC 4180), and the `'` our export puts before a cell a spreadsheet would run as a
/// formula (removed again here).
///
/// What is not a CSV of ours is refused whole, with the reason (`CSVProblem`): UTF-16 (what
/// "Unicode text" saves), other encodings, binary files, a workbook, a quote never closed, too
/// many rows, columns or characters in a cell. Lenient where spreadsheets differ: a quote
/// inside an unquoted cell is kept as text, text after a closing quote is kept, short rows are
/// padded, rows with nothing in them are skipped.
package struct CSVTable: Sendable {
    /// A record and the row a spreadsheet shows it on (the header is row 1).
    struct Row: Sendable {
        var line: Int
        var cells: [String]
    }

    package var header: [String]
    var rows: [Row]

    package struct Limits: Sendable {
        /// Data rows, the header not counted.
        var rows = 10_000
        var columns = 100
        /// Bytes of one cell.
        var cellBytes = 64 * 1024

        package init(rows: Int = 10_000, columns: Int = 100, cellBytes: Int = 64 * 1024) {
            self.rows = rows
            self.columns = columns
            self.cellBytes = cellBytes
        }
    }

    /// Reads `bytes`, or says why they are not a CSV file this import can read.
    static func read(_ bytes: UnsafeRawBufferPointer, limits: Limits = Limits()) throws(CSVProblem) -> CSVTable {
        var body = bytes
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = UnsafeRawBufferPointer(rebasing: body[3...]) }
        try checkEncoding(body)
        var reader = Reader(bytes: body, limits: limits)
        let separator = reader.detectSeparator()
        reader.separator = separator
        var header: [String]?
        var rows: [Row] = []
        while let (line, cells) = try reader.nextRecord() {
            if cells.allSatisfy(\.isEmpty) { continue }
            guard header != nil else {
                header = cells
                continue
            }
            guard rows.count < limits.rows else { throw .tooManyRows(limit: limits.rows) }
            rows.append(Row(line: line, cells: cells))
        }
        guard let header else { throw .empty }
        return CSVTable(header: header, rows: rows)
    }

    package static func read(_ bytes: [UInt8], limits: Limits = Limits()) throws(CSVProblem) -> CSVTable {
        do {
            return try bytes.withUnsafeBytes { raw in try read(raw, limits: limits) }
        } catch let problem as CSVProblem {
            throw problem
        } catch {
            throw .empty
        }
    }

    /// Refuses what is not UTF-8 text, naming what it looks like instead.
    private static func checkEncoding(_ bytes: UnsafeRawBufferPointer) throws(CSVProblem) {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { throw .utf16 }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { throw .workbook }
        if bytes.starts(with: [0xD0, 0xCF, 0x11, 0xE0]) { throw .workbook }
        // UTF-16 without a mark: a NUL beside every ASCII letter, on the same side each time
        // (odd bytes for little-endian, even for big-endian). Other NULs in what is not UTF-8,
        // or many of them: a binary file. A stray NUL in UTF-8 text is a character of a cell,
        // which the product rules refuse on its line (`ProductFieldRules.isRefusedControl`).
        let sample = Array(bytes.prefix(4096))
        var nuls = (even: 0, odd: 0)
        for (index, byte) in sample.enumerated() where byte == 0 {
            if index % 2 == 0 { nuls.even += 1 } else { nuls.odd += 1 }
        }
        let isUTF8 = String(validating: bytes, as: UTF8.self) != nil
        if nuls.even + nuls.odd > 0 {
            let half = max(1, sample.count / 2)
            let oneSided = (nuls.odd * 5 >= half * 2 && nuls.even * 10 < half) || (nuls.even * 5 >= half * 2 && nuls.odd * 10 < half)
            if oneSided { throw .utf16 }
            if !isUTF8 || (nuls.even + nuls.odd) * 8 > sample.count { throw .binary }
        }
        if !isUTF8 {
            // Control bytes other than tab and line ends: not text at all.
            let controls = sample.reduce(0) { $0 + ($1 < 0x20 && $1 != 0x09 && $1 != 0x0A && $1 != 0x0D ? 1 : 0) }
            throw controls > 0 ? .binary : .notUTF8
        }
    }

    /// The cursor over the bytes: one record at a time.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        let limits: Limits
        var separator = UInt8(ascii: ",")
        var position = 0
        /// The record about to be read, counted as a spreadsheet counts rows.
        var record = 0

        init(bytes: UnsafeRawBufferPointer, limits: Limits) {
            self.bytes = bytes
            self.limits = limits
        }

        static let quote = UInt8(ascii: "\""), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")

        /// `;` when the first record has more semicolons than commas outside quotes (what a
        /// spreadsheet writes where the comma is the decimal mark), else `,`.
        func detectSeparator() -> UInt8 {
            var commas = 0, semicolons = 0, quoted = false
            for byte in bytes {
                if byte == Self.quote { quoted.toggle() }
                if quoted { continue }
                if byte == Self.cr || byte == Self.lf { break }
                if byte == UInt8(ascii: ",") { commas += 1 }
                if byte == UInt8(ascii: ";") { semicolons += 1 }
            }
            return semicolons > commas ? UInt8(ascii: ";") : UInt8(ascii: ",")
        }

        /// The next record's row number and cells; nil at the end of the file.
        mutating func nextRecord() throws(CSVProblem) -> (Int, [String])? {
            guard position < bytes.count else { return nil }
            record += 1
            var cells: [String] = []
            while true {
                guard cells.count < limits.columns else { throw .tooManyColumns(limit: limits.columns, line: record) }
                let (cell, ended) = try nextCell()
                cells.append(cell)
                if ended { return (record, cells) }
            }
        }

        /// One cell, and whether its record ended after it.
        private mutating func nextCell() throws(CSVProblem) -> (String, Bool) {
            var cell: [UInt8] = []
            let startLine = record
            var quoted = false
            if position < bytes.count, bytes[position] == Self.quote {
                quoted = true
                position += 1
            }
            while position < bytes.count {
                let byte = bytes[position]
                if quoted {
                    if byte == Self.quote {
                        if position + 1 < bytes.count, bytes[position + 1] == Self.quote {
                            cell.append(Self.quote)
                            position += 2
                            continue
                        }
                        quoted = false
                        position += 1
                        continue
                    }
                } else if byte == separator {
                    position += 1
                    return (Self.text(cell), false)
                } else if byte == Self.cr || byte == Self.lf {
                    position += 1
                    if byte == Self.cr, position < bytes.count, bytes[position] == Self.lf { position += 1 }
                    return (Self.text(cell), true)
                }
                guard cell.count < limits.cellBytes else { throw .cellTooLong(limit: limits.cellBytes, line: startLine) }
                cell.append(byte)
                position += 1
            }
            if quoted { throw .unclosedQuote(line: startLine) }
            return (Self.text(cell), true)
        }

        /// The cell as text, without the formula guard our export adds (`'=…` → `=…`,
        /// `''=…` → `'=…`; `ProductCSV.isGuarded`).
        private static func text(_ bytes: [UInt8]) -> String {
            var text = String(decoding: bytes, as: UTF8.self)
            if ProductCSV.isGuarded(text) { text.unicodeScalars.removeFirst() }
            return text
        }
    }
}

/// Why a file is not a CSV the import can read; worded per language by `Wording.csvProblem`.
package enum CSVProblem: Error, Equatable, Sendable {
    /// Saved as UTF-16 ("Unicode text").
    case utf16
    /// Not UTF-8 (a Korean spreadsheet's default CSV is CP949).
    case notUTF8
    /// Not text at all.
    case binary
    /// A spreadsheet workbook (`.xlsx`, `.xls`) rather than CSV.
    case workbook
    case empty
    case unclosedQuote(line: Int)
    case tooManyRows(limit: Int)
    case tooManyColumns(limit: Int, line: Int)
    case cellTooLong(limit: Int, line: Int)
}
