import DashboardEngine
import MarketClient
import Templating

/// The list's order and filter form, and the chips of the filters that are on.
extension ProductListPage {
    /// The form (a `<details>` whose summary counts the filters that are on, so at phone width
    /// the products still start in the first screen), its controls' current values, the chips
    /// with a link that removes each, and "Clear filters".
    var filterContext: TemplateObject {
        let wording = self.wording
        var context: TemplateObject = [
            "summary": .string(wording.filtersSummary(on: query.filterCount)),
            "view": .string(query.view == .grid ? "grid" : ""),
            "perPage": .string(query.perPage == ProductListQuery.defaultPageSize ? "" : String(query.perPage)),
            "search": .string(query.search),
            "mine": .bool(query.mine),
            "sortOptions": .list(CatalogSort.allCases.map { sort in
                ["value": .string(sort.parameter), "label": .string(wording.sortLabel(sort)), "selected": .bool(sort == query.sort)]
            }),
            "stockOptions": .list(CatalogFilter.Stock.allCases.map { filter in
                [
                    "value": .string(filter.parameter), "label": .string(wording.stockFilterLabel(filter, threshold: lowStockThreshold)),
                    "selected": .bool(filter == query.stock),
                ]
            }),
            "onSale": .bool(query.onSale),
            "aboveReference": .bool(query.sale == .aboveReference),
            "aboveReferenceLabel": .string(wording.aboveReferenceFilter(days: referenceDays)),
            "currencyOptions": .list(Currency.supported.map { currency in
                [
                    "value": .string(currency.rawValue), "label": .string(wording.currencyName(currency.rawValue)),
                    "selected": .bool(currency == query.currency),
                ]
            }),
            "minPrice": .string(query.minPrice.map { "\($0)" } ?? ""),
            "maxPrice": .string(query.maxPrice.map { "\($0)" } ?? ""),
        ]
        let chips = self.chips
        if !chips.isEmpty {
            context["chips"] = .list(chips.map { label, without in
                ["label": .string(label), "removeLabel": .string(wording.removeFilter(label)), "href": .string(without.listPath)]
            })
            context["clearHref"] = .string(query.withoutFilters.listPath)
        }
        return context
    }

    /// Each filter that is on: its words and the list without it.
    var chips: [(label: String, without: ProductListQuery)] {
        var chips: [(String, ProductListQuery)] = []
        if let stock = query.stock {
            chips.append((wording.stockFilterLabel(stock, threshold: lowStockThreshold), query.changingFilters { $0.stock = nil }))
        }
        switch query.sale {
        case .onSale?: chips.append((wording.onSaleChip, query.changingFilters { $0.sale = nil }))
        case .aboveReference?: chips.append((wording.aboveReferenceChip(days: referenceDays), query.changingFilters { $0.sale = nil }))
        case nil: break
        }
        if let currency = query.currency {
            chips.append((wording.currencyChip(currency.rawValue), query.changingFilters { $0.currency = nil }))
            if query.minPrice != nil || query.maxPrice != nil {
                let label = wording.priceRangeChip(
                    min: query.minPrice.map { wording.boundPrice($0, currency: currency) },
                    max: query.maxPrice.map { wording.boundPrice($0, currency: currency) })
                chips.append((label, query.changingFilters { $0.minPrice = nil; $0.maxPrice = nil }))
            }
        }
        return chips
    }

    /// The bulk form is on the page, and own products have its checkboxes, once the own vendor
    /// is known; its token is the list's (`CSRFGuard.listFormToken`).
    var selectsProducts: Bool { ownVendorID != nil && mayWrite }

    /// The bulk form (`POST /products/bulk`): the list's selection in hidden fields (for
    /// `scope=matching`), the ids of the own products on this page (for "select all on this
    /// page" without JavaScript), the actions, and the texts the selection count script uses.
    var bulkContext: TemplateObject? {
        guard let ownVendorID, mayWrite else { return nil }
        let wording = self.wording
        var hidden: [(String, String)] = []
        if !query.search.isEmpty { hidden.append(("q", query.search)) }
        if query.sort != .newest { hidden.append(("sort", query.sort.parameter)) }
        if let stock = query.stock { hidden.append(("stock", stock.parameter)) }
        if let sale = query.sale { hidden.append(("sale", sale.parameter)) }
        if let currency = query.currency {
            hidden.append(("currency", currency.rawValue))
            if let minPrice = query.minPrice { hidden.append(("min_price", "\(minPrice)")) }
            if let maxPrice = query.maxPrice { hidden.append(("max_price", "\(maxPrice)")) }
        }
        let pageIDs = page.products.filter { $0.vendorID == ownVendorID }.map(\.id)
        var bulk: TemplateObject = [
            "csrfToken": .string(CSRFGuard.listFormToken),
            "back": .string(query.listPath),
            "hidden": .list(hidden.map { ["name": .string($0.0), "value": .string($0.1)] }),
            "pageIDs": .list(pageIDs.map { TemplateValue($0) }),
            "hasOwnOnPage": .bool(!pageIDs.isEmpty),
            // The table links the sheet above its rows: the form repeats it only in the others.
            "showsSheetLink": .bool(!pageIDs.isEmpty && query.view != .table),
            "sheetHref": .string(query.sheetPath),
            "actions": .list(BatchAction.Kind.allCases.filter { mayAddOrRemove || $0 != .delete }.map { kind in
                [
                    "value": .string(kind.rawValue), "label": .string(wording.bulkActionLabel(kind)),
                    "selected": .bool(bulkEntry?.action == kind.rawValue),
                ]
            }),
        ]
        if let bulkEntry { refill(&bulk, with: bulkEntry, pageIDs: Set(pageIDs)) }
        return bulk
    }

    /// A refused bulk form as it was posted: open, every choice and value kept, the products
    /// ticked elsewhere listed and still ticked, the summary of problems and each problem
    /// beside its field, and for mixed currencies a link to the list filtered by each.
    private func refill(_ bulk: inout TemplateObject, with entry: BulkFormEntry, pageIDs: Set<Int>) {
        let wording = self.wording
        bulk["open"] = true
        bulk["scopeMatching"] = .bool(entry.matching)
        bulk["selectsPage"] = .bool(entry.selectsPage)
        bulk["value"] = .string(entry.value)
        bulk["unitPercent"] = .bool(entry.unit == BatchAction.Unit.percent.rawValue)
        bulk["keptSelection"] = .list(entry.ids.filter { !pageIDs.contains($0) }.map { id in
            ["id": TemplateValue(id), "label": .string(entry.names[id].map(wording.selectProduct) ?? wording.productNumbers([id]))]
        })
        guard !entry.problems.isEmpty else { return }
        bulk["hasErrors"] = true
        bulk["errorSummaryTitle"] = .string(wording.fixProblems(entry.problems.count))
        bulk["errors"] = .list(entry.problems.map { ["field": .string(entry.inputID($0.field)), "message": .string(wording.bulkProblem($0))] })
        for field in BulkField.allCases {
            let messages = entry.problems.filter { $0.field == field }.map(wording.bulkProblem)
            if !messages.isEmpty { bulk[Self.errorKey(field)] = .string(messages.joined(separator: " ")) }
        }
        for case .mixedCurrencies(let counts, _) in entry.problems {
            let links: [TemplateValue] = counts.filter { Currency.supported.contains($0.currency) }.map { count in
                [
                    "href": .string(query.changingFilters { $0.currency = count.currency }.listPath),
                    "label": .string(wording.onlyCurrency(count.currency)),
                ]
            }
            bulk["hasCurrencyLinks"] = .bool(!links.isEmpty)
            bulk["currencyLinks"] = .list(links)
        }
    }

    /// The template's key of a field's message: `scopeError`, `actionError`, ….
    private static func errorKey(_ field: BulkField) -> String {
        switch field {
        case .scope: "scopeError"
        case .action: "actionError"
        case .value: "valueError"
        case .unit: "unitError"
        }
    }
}
