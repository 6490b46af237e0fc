/// A question to the catalog snapshot: which products (`filter`), in which order (`sort`),
/// with names ordered by `collation` when the order is by name. The catalog's own type: the
/// list page's `ProductListQuery` turns into one (`ProductListQuery.catalogQuery`), and so
/// does anything else that asks the catalog (the export, the bulk form's "all matching").
package struct CatalogQuery: Sendable, Equatable {
    package var filter: CatalogFilter
    var sort: CatalogSort
    var collation: NameCollation

    package init(filter: CatalogFilter, sort: CatalogSort = .newest, collation: NameCollation = .latinFirst) {
        self.filter = filter
        self.sort = sort
        self.collation = collation
    }

    /// Only a name order depends on the collation: two queries that differ in nothing else
    /// have the same answer.
    var answerKey: CatalogQuery {
        var key = self
        if sort != .name, sort != .nameDescending { key.collation = .latinFirst }
        return key
    }
}

/// The orders the catalog keeps. `price` is the price paid (the API's `bargain_price`); every
/// order breaks ties newest first (the higher id).
package enum CatalogSort: Sendable, CaseIterable, Hashable {
    case newest
    case oldest
    case price
    case priceDescending
    case stock
    case stockDescending
    case name
    case nameDescending
}

/// How names compare: case, accents and full-width forms never count; what differs is which
/// script comes first. A Korean reader expects Hangul before Latin letters, an English reader
/// the opposite (`CatalogNameKey`).
package enum NameCollation: Sendable, Hashable, CaseIterable {
    case latinFirst
    case hangulFirst
}
