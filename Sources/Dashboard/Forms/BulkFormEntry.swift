import DashboardEngine
import HTTPServer
import MarketClient

/// The list a bulk form is posted from, which shows a refused form again with its problems:
/// the product list (`ProductBrowsing`), handed to the batch routes when the app is built.
protocol BulkFormList: Sendable {
    /// The list `query` names, 422, with `entry` open as it was posted; nil when that list
    /// cannot be shown.
    func refusedBulkForm(_ entry: BulkFormEntry, list query: ProductListQuery, _ context: RequestContext) async -> HTTPResponse?
}

/// What a refused bulk form held (`POST /products/bulk`, 422), shown again on the list it was
/// posted from: the ticks, the scope, the action, the value and the unit as they were, with
/// every problem in the summary and beside its field.
struct BulkFormEntry: Sendable {
    /// The products ticked, in order.
    var ids: [Int] = []
    /// "Select all my products on this page" was ticked.
    var selectsPage = false
    /// The scope was "all my products matching this list".
    var matching = false
    var action = ""
    var value = ""
    var unit = ""
    /// In the order of the form's fields.
    var problems: [BulkProblem] = []
    /// The names of the products ticked, where known: a product ticked on another page (after
    /// "Load more") is named beside the form, where it stays ticked.
    var names: [Int: String] = [:]

    /// The id of the input a problem is about, which the summary links to.
    func inputID(_ field: BulkField) -> String {
        switch field {
        case .scope: matching ? "scope-matching" : "scope-selected"
        case .action: "bulk-action"
        case .value: "bulk-value"
        case .unit: "bulk-unit"
        }
    }

    /// The problems, in the order of the fields on the form.
    mutating func sortProblems() {
        problems = BulkField.allCases.flatMap { field in problems.filter { $0.field == field } }
    }
}

extension BulkFormEntry {
    /// The bulk form as posted: the ticked ids (with the page's, for "select all on this
    /// page"), each once, in order.
    init(_ submission: FormSubmission) {
        selectsPage = submission.value("select_page") == "1"
        matching = submission.value("scope") == "matching"
        action = submission.value("action") ?? ""
        value = submission.value("value") ?? ""
        unit = submission.value("unit") ?? ""
        var seen = Set<Int>()
        let texts = submission.values("ids") + (selectsPage ? submission.values("page_ids") : [])
        ids = texts.compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }.filter { $0 > 0 && seen.insert($0).inserted }
    }
}
