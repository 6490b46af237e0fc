/// How much one batch takes, whichever form makes it: the list's bulk form, an import or
/// the sheet.
enum BatchLimits {
    /// Most rows one batch takes (a bulk action's products, an import's rows).
    static let maxRows = 10_000
    /// Products a batch reads from the market when the snapshot does not have them.
    static let maxReads = 100
    /// An import's CSV file, at most.
    static let maxImportCSVBytes = 5 * 1024 * 1024
    /// An import's whole request, CSV and images (the import route's cap).
    static let maxImportRequestBytes = 64 * 1024 * 1024
}
