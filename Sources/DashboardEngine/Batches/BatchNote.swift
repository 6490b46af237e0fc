import MarketClient

/// A problem, a warning or a note of a batch (about one row, or the whole batch for an
/// import's columns), kept as a code with its arguments and worded when the batch's page is
/// shown (`Wording.note`): a batch made by a person reading Korean reads in English later, and
/// a better wording reaches every batch already made.
package struct BatchNote: Sendable, Equatable {
    package enum Code: Sendable, Equatable {
        /// A field breaks the API's rules.
        case field(FieldProblem)
        case row(BatchProblem)
        case warning(BatchWarning)
        /// Columns an import did not read.
        case columns(IgnoredColumns)
        /// A sentence in both languages, kept by a version that stored sentences and not
        /// recognised when the database was upgraded (`BatchNoteMigration`).
        case sentence(en: String, ko: String)
    }

    /// The field it is about, when there is one.
    package internal(set) var field: ProductField?
    package var code: Code
    /// The text of the import file's cell a field problem is about (empty for an empty cell,
    /// cut to `cellLength` characters), so its row can quote what the file says; nil for a
    /// note of another kind of batch and for notes kept before cells were.
    package internal(set) var cell: String?

    /// The longest cell a note keeps, in characters.
    static let cellLength = 40

    package init(_ code: Code, field: ProductField? = nil, cell: String? = nil) {
        self.code = code
        self.field = field
        self.cell = cell.map { String($0.prefix(Self.cellLength)) }
    }

    package static func field(_ problem: FieldProblem, on field: ProductField, cell: String? = nil) -> BatchNote {
        BatchNote(.field(problem), field: field, cell: cell)
    }

    package static func row(_ problem: BatchProblem, on field: ProductField? = nil) -> BatchNote {
        BatchNote(.row(problem), field: field)
    }

    package static func warning(_ warning: BatchWarning, on field: ProductField) -> BatchNote {
        BatchNote(.warning(warning), field: field)
    }
}

/// Why a row of a batch cannot be applied, besides a field's value.
package enum BatchProblem: Sendable, Equatable {
    /// No product has this id on the market.
    case notFound(id: Int)
    /// Another vendor's product.
    case notOwn
    /// An import row's id cell is not a product number (the cell, cut to 40 characters).
    case badID(String)
    /// An import row names more images than a product takes; how many.
    case tooManyImages(Int)
    /// An import row names an image file that was not uploaded with it.
    case imageNotUploaded(String)
    /// Taking `taken` from a stock of `stock` would leave less than none.
    case stockBelowZero(stock: Int, taken: Int)
}

/// Something a person may want to look at before applying a row; it does not block it.
package enum BatchWarning: Sendable, Equatable {
    /// The price changes by more than half; by how many percent, up or down.
    case priceJump(percent: Int, up: Bool)
    /// The discount is 90% of the price or more.
    case deepDiscount(percent: Int)
    /// Another own product has this name.
    case duplicateName
    /// An earlier row of the import file (its line) gives a product the same name.
    case duplicateInFile(line: Int)
    /// The field changed since the sheet was opened: the catalog now holds this value (the
    /// field's value alone, with the product's currency), and the field will not be sent.
    case changedSinceOpened(RecordedFields)
}

/// Columns of an import file that were not read, by the header's names (at most 10 kept).
package enum IgnoredColumns: Sendable, Equatable {
    /// Columns the market works out (vendor, sale price, date added).
    case computed([String])
    /// Headers no column has.
    case unrecognised([String])
    /// A column named twice: the first was read.
    case repeated([String])
}

/// Why the bulk form cannot make a preview: nothing is previewed.
package enum BulkProblem: Error, Sendable, Equatable {
    case noAction
    case notANumber
    case negative
    case stockWhole
    case stockTooHigh
    case percentOver100
    case cutTooDeep
    /// A percent of the price for an action that takes a number (a stock, a price to set).
    case percentNotTaken(BatchAction.Kind)
    case nothingSelected
    /// More products than one batch takes (`limit`).
    case tooMany(limit: Int)
    /// An amount of money over products in more than one currency: how many products of each,
    /// most first, and the action (whether it could take a percent instead).
    case mixedCurrencies([CurrencyCount], BatchAction.Kind)

    /// The form's field the problem is about.
    package var field: BulkField {
        switch self {
        case .noAction: .action
        case .notANumber, .negative, .stockWhole, .stockTooHigh, .percentOver100, .cutTooDeep: .value
        case .percentNotTaken: .unit
        case .nothingSelected, .tooMany, .mixedCurrencies: .scope
        }
    }
}

/// The bulk form's fields, for a problem's place on the form.
package enum BulkField: Sendable, Equatable, CaseIterable {
    case scope, action, value, unit
}

/// How many of the products a bulk action chose are in one currency.
package struct CurrencyCount: Sendable, Equatable {
    package var currency: Currency
    package var count: Int

    /// How many selected products are priced in `currency`.
    package init(_ currency: Currency, _ count: Int) {
        self.currency = currency
        self.count = count
    }
}
