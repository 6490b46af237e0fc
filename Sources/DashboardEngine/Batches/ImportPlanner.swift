import Foundation
import MarketClient

/// The rows of a CSV import. A row whose `id` names an own product updates the fields whose
/// cells differ from the product (an empty cell leaves its field alone); a row without an `id`
/// registers a product, with the register form's rules and messages (name, description,
/// price, currency and 1–5 images required). Cells are read the way spreadsheets write
/// numbers: `20000`, `20000.0` and `20,000` are the same price, so an exported file edited
/// and imported again shows no change for the rows nobody touched. Pure: the table, the
/// products and the uploaded images in, rows out.
package struct ImportPlanner {
    /// Where each known column is in the table.
    package struct Columns: Sendable {
        var index: [ProductCSV.Column: Int] = [:]
        /// Header cells that name no column, and columns the market computes: ignored.
        var unrecognised: [String] = []
        /// Columns the market computes, as the header names them.
        var computed: [String] = []
        /// A column named twice: the first is read.
        var repeated: [String] = []

        /// Columns an import can use (not only computed ones).
        package var hasUsableColumn: Bool { index.keys.contains { !$0.isComputed } }

        package init(header: [String]) {
            for (position, cell) in header.enumerated() {
                let trimmed = cell.trimmingCharacters(in: .whitespaces)
                guard let column = ProductCSV.Column.named(trimmed) else {
                    if !trimmed.isEmpty { unrecognised.append(String(trimmed.prefix(40))) }
                    continue
                }
                if column.isComputed {
                    computed.append(String(trimmed.prefix(40)))
                    continue
                }
                if index[column] != nil {
                    repeated.append(String(trimmed.prefix(40)))
                    continue
                }
                index[column] = position
            }
        }
    }

    /// An uploaded image, checked: kept for a create, or the reason it cannot be used.
    package enum Upload: Sendable {
        /// Its index in the batch's images.
        case usable(Int)
        case refused(ImageProblem)
    }

    let columns: Columns
    let ownVendorID: Int
    /// The products the preview compares with, by id (the catalog snapshot, and products
    /// read because the snapshot did not have them).
    let products: [Int: CatalogProduct]
    /// Descriptions of the products whose rows change the description, by id.
    let descriptions: [Int: String]
    /// The uploaded images by file name.
    let uploads: [String: Upload]
    /// Own products by name as search compares names (duplicate names are warned about).
    let ownNames: [String: [Int]]

    package init(
        columns: Columns, ownVendorID: Int, products: [Int: CatalogProduct], descriptions: [Int: String] = [:],
        uploads: [String: Upload] = [:]
    ) {
        self.columns = columns
        self.ownVendorID = ownVendorID
        self.products = products
        self.descriptions = descriptions
        self.uploads = uploads
        var names: [String: [Int]] = [:]
        for product in products.values where product.vendorID == ownVendorID {
            names[Self.nameKey(product.name), default: []].append(product.id)
        }
        ownNames = names
    }

    /// The notes of the whole import: the columns it ignores.
    package var notes: [BatchNote] {
        var notes: [BatchNote] = []
        if !columns.computed.isEmpty { notes.append(BatchNote(.columns(.computed(Array(columns.computed.prefix(10)))))) }
        if !columns.unrecognised.isEmpty { notes.append(BatchNote(.columns(.unrecognised(Array(columns.unrecognised.prefix(10)))))) }
        if !columns.repeated.isEmpty { notes.append(BatchNote(.columns(.repeated(Array(columns.repeated.prefix(10)))))) }
        return notes
    }

    /// The ids the rows name that `products` lacks (to be read from the market).
    package static func ids(in table: CSVTable, columns: Columns) -> [Int] {
        guard let position = columns.index[.id] else { return [] }
        return table.rows.compactMap { row in row.cells.indices.contains(position) ? BatchAmounts.count(row.cells[position]) : nil }
    }

    /// Ids of rows that set a description (their current description is needed to compare).
    package static func idsChangingDescription(in table: CSVTable, columns: Columns) -> [Int] {
        guard let id = columns.index[.id], let description = columns.index[.description] else { return [] }
        return table.rows.compactMap { row in
            guard row.cells.indices.contains(description), !row.cells[description].unicodeScalars.allSatisfy(\.properties.isWhitespace),
                row.cells.indices.contains(id)
            else { return nil }
            return BatchAmounts.count(row.cells[id])
        }
    }

    /// The image file names the rows name, in order of first mention.
    package static func imageNames(in table: CSVTable, columns: Columns) -> [String] {
        guard let position = columns.index[.images] else { return [] }
        var seen = Set<String>()
        var names: [String] = []
        for row in table.rows where row.cells.indices.contains(position) {
            for name in splitImages(row.cells[position]) where seen.insert(name).inserted { names.append(name) }
        }
        return names
    }

    static func splitImages(_ cell: String) -> [String] {
        cell.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The name an uploaded image is kept under in `uploads`: names match whatever their case
    /// (a camera's `IMG_1.JPG` is the sheet's `img_1.jpg`).
    package static func imageKey(_ name: String) -> String { name.lowercased() }

    static func nameKey(_ name: String) -> String {
        CatalogSearch.fold(ProductFieldRules.normalized(name))
    }

    // MARK: Rows

    package func rows(_ table: CSVTable) -> [BatchRow] {
        var rows = table.rows.map(row)
        warnAboutNamesRepeated(&rows)
        return rows
    }

    private func cell(_ row: CSVTable.Row, _ column: ProductCSV.Column) -> String? {
        guard let position = columns.index[column], row.cells.indices.contains(position) else { return nil }
        let text = row.cells[position]
        return text.unicodeScalars.allSatisfy(\.properties.isWhitespace) ? nil : text
    }

    private func row(_ row: CSVTable.Row) -> BatchRow {
        guard let idText = cell(row, .id) else { return create(row) }
        guard let id = BatchAmounts.count(idText), id > 0 else {
            let shown = String(idText.prefix(40))
            return invalid(row, id: nil, name: cell(row, .name) ?? "", .row(.badID(shown)))
        }
        guard let product = products[id] else {
            return invalid(row, id: id, name: cell(row, .name) ?? "", .row(.notFound(id: id)))
        }
        return update(row, product)
    }

    /// The cell of `field`'s column in `row` as a note keeps it, trimmed: empty for an empty
    /// cell or a column the file lacks.
    private func noteCell(_ row: CSVTable.Row, _ field: ProductField) -> String {
        ProductCSV.Column(field).flatMap { cell(row, $0) }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    }

    private func invalid(_ row: CSVTable.Row, id: Int?, name: String, _ problem: BatchNote) -> BatchRow {
        BatchRow(
            batchID: 0, number: 0, line: row.line, productID: id, operation: .none, status: .invalid, name: String(name.prefix(200)),
            currency: "", before: RecordedFields(), after: RecordedFields(), problems: [problem])
    }

    /// A row for an existing product: the cells that differ become the change.
    private func update(_ row: CSVTable.Row, _ product: CatalogProduct) -> BatchRow {
        var result = BatchRow(
            batchID: 0, number: 0, line: row.line, productID: product.id, operation: .edit, status: .pending, name: product.name,
            currency: product.currency.rawValue, before: RecordedFields(), after: RecordedFields())
        var problems: [BatchNote] = []
        var after = RecordedFields()
        // A cell that holds what the product has is never judged: live products break the
        // register form's rules (2-character names, price 0), and an untouched row is no change.
        if let text = cell(row, .name), ProductFieldRules.normalized(text) != ProductFieldRules.normalized(product.name) {
            switch ProductFieldRules.checkName(text) {
            case .success(let name): after.name = name
            case .failure(let problem): problems.append(.field(problem, on: .name, cell: noteCell(row, .name)))
            }
        }
        if let text = cell(row, .description) {
            let current = descriptions[product.id]
            switch ProductFieldRules.checkDescription(text) {
            case .success(let description) where current.map { ProductFieldRules.normalized($0) != description } ?? true:
                after.description = description
            case .success: break
            case .failure(let problem):
                // A description left as it was is never judged (live products have short ones).
                if current.map({ ProductFieldRules.normalized($0) != ProductFieldRules.normalized(text) }) ?? true {
                    problems.append(.field(problem, on: .description, cell: noteCell(row, .description)))
                }
            }
        }
        var currency = product.currency
        if let text = cell(row, .currency), Currency(rawValue: text) != product.currency {
            switch ProductFieldRules.checkCurrency(text) {
            case .success(let code):
                after.currency = code.rawValue
                currency = code
            case .failure(let problem): problems.append(.field(problem, on: .currency, cell: noteCell(row, .currency)))
            }
        }
        let rulesCurrency = currency.isKnown ? currency : .usd
        if let text = cell(row, .price) {
            switch ProductFieldRules.checkPrice(Self.plainAmount(text), currency: rulesCurrency) {
            case .success(let price) where price.amount != product.price: after.price = price.amount
            case .success: break
            case .failure(let problem):
                if BatchAmounts.read(text) != product.price { problems.append(.field(problem, on: .price, cell: noteCell(row, .price))) }
            }
        }
        if let text = cell(row, .discountedPrice) {
            switch ProductFieldRules.checkDiscount(Self.plainAmount(text), currency: rulesCurrency) {
            case .success(let discount) where discount.amount != product.discountedPrice: after.discountedPrice = discount.amount
            case .success: break
            case .failure(let problem):
                if BatchAmounts.read(text) != product.discountedPrice {
                    problems.append(.field(problem, on: .discountedPrice, cell: noteCell(row, .discountedPrice)))
                }
            }
        }
        if let text = cell(row, .stock) {
            switch ProductFieldRules.checkStock(Self.plainCount(text)) {
            case .success(let stock) where stock != product.stock: after.stock = stock
            case .success: break
            case .failure(let problem):
                if BatchAmounts.count(text) != product.stock { problems.append(.field(problem, on: .stock, cell: noteCell(row, .stock))) }
            }
        }
        if problems.isEmpty, after.price != nil || after.discountedPrice != nil {
            let price = after.price ?? product.price
            let discount = after.discountedPrice ?? product.discountedPrice
            if case let (field, problem)? = ProductFieldRules.discountProblem(
                price: price, discount: discount, discountChanged: after.discountedPrice != nil)
            {
                problems.append(.field(problem, on: field, cell: noteCell(row, field)))
            }
        }
        if product.vendorID != ownVendorID {
            // Another vendor's product: refused only when the row would change it.
            guard problems.isEmpty, after.isEmpty else {
                return invalid(row, id: product.id, name: product.name, .row(.notOwn))
            }
            result.operation = .none
            result.status = .unchanged
            return result
        }
        if !problems.isEmpty {
            result.operation = .none
            result.status = .invalid
            result.problems = problems
            return result
        }
        guard !after.isEmpty else {
            result.operation = .none
            result.status = .unchanged
            return result
        }
        if let name = after.name { result.name = name }
        result.after = after
        var compared = after.setFields
        // An amount is of the product's currency (or the line's): applying skips a product
        // whose currency changed since.
        if after.price != nil || after.discountedPrice != nil { compared += [.currency, .price, .discountedPrice] }
        result.before = RecordedFields(
            name: product.name, description: descriptions[product.id], price: product.price, currency: product.currency.rawValue,
            discountedPrice: product.discountedPrice, stock: product.stock
        ).only(compared)
        if let price = after.price, let warning = BulkPlanner.priceJump(from: product.price, to: price) { result.warnings.append(warning) }
        if after.price != nil || after.discountedPrice != nil,
            let warning = BulkPlanner.deepDiscount(after.discountedPrice ?? product.discountedPrice, of: after.price ?? product.price)
        {
            result.warnings.append(warning)
        }
        if let name = after.name, ownNames[Self.nameKey(name)]?.contains(where: { $0 != product.id }) == true {
            result.warnings.append(.warning(.duplicateName, on: .name))
        }
        return result
    }

    /// A row without an id: a product to register, with every rule of the register form.
    private func create(_ row: CSVTable.Row) -> BatchRow {
        var values = ProductFormValues()
        values.name = cell(row, .name) ?? ""
        values.description = cell(row, .description) ?? ""
        values.price = cell(row, .price).map(Self.plainAmount) ?? ""
        values.discountedPrice = cell(row, .discountedPrice).map(Self.plainAmount) ?? ""
        values.stock = cell(row, .stock).map(Self.plainCount) ?? ""
        values.currency = cell(row, .currency)?.trimmingCharacters(in: .whitespaces) ?? ""
        let checked = ProductFieldRules.validate(values)
        var problems = checked.errors.ordered.flatMap { field, problems in problems.map { BatchNote.field($0, on: field, cell: noteCell(row, field)) } }
        var images: [Int] = []
        let names = Self.splitImages(cell(row, .images) ?? "")
        if names.isEmpty {
            problems.append(.field(.imagesMissing, on: .images, cell: ""))
        } else if names.count > ImageUpload.allowedCount.upperBound {
            problems.append(.row(.tooManyImages(names.count), on: .images))
        }
        for name in names.prefix(ImageUpload.allowedCount.upperBound) {
            let shown = String(name.prefix(80))
            switch uploads[Self.imageKey(name)] {
            case .usable(let index)?: images.append(index)
            case .refused(let refusal)?: problems.append(.field(.imageRefused(name: shown, refusal), on: .images))
            case nil: problems.append(.row(.imageNotUploaded(shown), on: .images))
            }
        }
        let name = checked.valid?.name ?? ProductFieldRules.normalized(values.name)
        var result = BatchRow(
            batchID: 0, number: 0, line: row.line, productID: nil, operation: .create, status: .pending, name: String(name.prefix(200)),
            currency: Currency(rawValue: values.currency).rawValue, before: RecordedFields(), after: RecordedFields())
        guard problems.isEmpty, let valid = checked.valid else {
            result.operation = .none
            result.status = .invalid
            result.problems = problems
            return result
        }
        result.after = RecordedFields(
            name: valid.name, description: valid.description, price: valid.price.amount, currency: valid.currency.rawValue,
            discountedPrice: valid.discountedPrice.amount, stock: valid.stock)
        result.images = images
        result.knownIDs = ownNames[Self.nameKey(valid.name)] ?? []
        if !result.knownIDs.isEmpty { result.warnings.append(.warning(.duplicateName, on: .name)) }
        if let warning = BulkPlanner.deepDiscount(valid.discountedPrice.amount, of: valid.price.amount) { result.warnings.append(warning) }
        return result
    }

    /// Two rows of the file giving products one name: each says which other row has it.
    private func warnAboutNamesRepeated(_ rows: inout [BatchRow]) {
        var first: [String: Int] = [:]
        for index in rows.indices where rows[index].operation == .create || rows[index].after.name != nil {
            let key = Self.nameKey(rows[index].after.name ?? rows[index].name)
            if let earlier = first[key] {
                if let line = rows[earlier].line {
                    rows[index].warnings.append(.warning(.duplicateInFile(line: line), on: .name))
                }
            } else {
                first[key] = index
            }
        }
    }


    /// A spreadsheet's number as the form rules read amounts (`20,000.0` → `20000`), or the
    /// cell as it is when it is not a number (the rule then says so).
    static func plainAmount(_ text: String) -> String {
        if let parsed = DecimalText.spreadsheet(text) { return parsed.text }
        // As a plain decimal for the form rules (`20000`, `12.5`).
        return BatchAmounts.read(text).map { "\($0)" } ?? text
    }

    static func plainCount(_ text: String) -> String {
        BatchAmounts.count(text).map(String.init) ?? text
    }
}

