import DashboardEngine

/// How far a catalog count has got, as every page that waits for one shows it: the overview,
/// a list from the snapshot and the "still counting" page.
enum CatalogProgressText {
    /// Seconds between reloads while the first count runs (a meta refresh; no script needed).
    static let refreshSeconds = 2

    static func text(_ progress: CatalogProgress, _ texts: Wording = Wording(.en)) -> String {
        let (done, total) = numbers(progress)
        return texts.counting(done: done, total: total)
    }

    /// The products counted (nil before the first page is in) and the products to count.
    static func numbers(_ progress: CatalogProgress) -> (done: String?, total: String) {
        (progress.pagesDone > 0 ? NumberText.grouped(progress.productsDone) : nil,
            NumberText.grouped(max(progress.productsTotal, progress.productsDone)))
    }
}
