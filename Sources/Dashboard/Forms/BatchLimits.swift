/// How much one batch takes, whichever form makes it: the list's bulk form, an import or
/// the sheet.
enum BatchLimits {
    /// Most rows one batch takes (a bulk action's products, an import's rows).
    static let maxRows = 10_000
    /// Products a batch reads from the market when the snapshot does not have them.
    static let maxReads = 100
}
