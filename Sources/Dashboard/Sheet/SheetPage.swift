import DashboardEngine
import Foundation
import MarketClient
import Templating

/// The view model of `/products/sheet`: the own products of one list page as a form of cells,
/// name, price, discount and stock, each input named `{field}.{id}` and carrying the value the
/// sheet shows in a hidden `was.{field}.{id}` (what a post compares with), and each row the
/// currency its amounts are of in a hidden `was.currency.{id}`; the list's state in hidden
/// fields too, so a post knows its page. After a refused post, every typed value comes
/// back with a message beside each bad cell, each row left out marked (its inputs off, so the
/// next post leaves it out), and a summary linking to them. Pure: no I/O.
struct SheetPage {
    /// Why a posted row is left out of the next post.
    enum LeftOut: String {
        /// The product is no longer on the market.
        case deleted
        /// Another vendor's product.
        case notOwn = "not-own"
    }

    struct Row {
        var id: Int
        /// The name the sheet showed (the row's accessible names use it).
        var name: String
        /// The currency the row's amounts are of (the hidden `was.currency.` field).
        var currency: Currency
        var href: String
        /// What the inputs hold: the product's values, or what was typed.
        var typed: [ProductField: String]
        /// What the sheet showed (the hidden `was.` fields).
        var shown: [ProductField: String]
        var problems: [ProductField: [FieldProblem]] = [:]
        var leftOut: LeftOut?
    }

    var rows: [Row]
    var query: ProductListQuery
    var csrfToken: String
    var formToken: String
    var language: Language
    /// A refusal of the whole post (another vendor's product, one not on the market).
    var problem: ProductFormPage.Problem?

    var wording: Wording { Wording(language) }

    /// A row as the product is now: its plain values (`20000`, `12.50`) typed and shown.
    static func row(_ product: ProductSummary, query: ProductListQuery) -> Row {
        let values: [ProductField: String] = [
            .name: product.name,
            .price: ProductFormValues.plain(product.price, currency: product.currency),
            .discountedPrice: ProductFormValues.plain(product.discountedPrice, currency: product.currency),
            .stock: String(product.stock),
        ]
        return Row(
            id: product.id, name: product.name, currency: product.currency, href: query.productPath(product.id), typed: values,
            shown: values)
    }

    /// The input's name and id: `price.12`.
    static func inputName(_ field: ProductField, _ id: Int) -> String { field.rawValue + "." + String(id) }

    var problemCount: Int { rows.reduce(0) { $0 + $1.problems.count + ($1.leftOut == nil ? 0 : 1) } }

    var context: TemplateObject {
        let wording = self.wording
        let failed = problemCount > 0 || problem != nil
        var context: TemplateObject = [
            "title": .string(failed ? wording.errorTitle(wording.sheetTitle) : wording.sheetTitle),
            "heading": .string(wording.sheetTitle),
            "intro": .string(wording.sheetIntro(count: rows.count, list: listName, page: query.page, mine: query.mine)),
            "empty": .string(wording.sheetEmpty(list: listName, page: query.page, mine: query.mine, narrowed: !query.search.isEmpty || query.hasFilters)),
            "csrfToken": .string(csrfToken),
            "formToken": .string(formToken),
            "backHref": .string(query.with(view: .table).listPath),
            "hidden": .list(query.pageFields.map { ["name": .string($0.name), "value": .string($0.value)] }),
            "languagePath": .string(query.sheetPath),
            "hasRows": .bool(!rows.isEmpty),
            "columns": .list(SheetPlanner.fields.map { .string(wording.fieldLabel($0)) }),
            "rows": .list(rows.map(rowContext)),
            "changedNone": .string(wording.cellsChanged(0)),
            "changedOne": .string(wording.cellsChanged(1)),
            "changedMany": .string(wording.cellsChanged(2).replacingOccurrences(of: "2", with: "{n}")),
            "leaveWarning": .string(wording.sheetLeaveWarning),
        ]
        // The form's error summary (`products/form-problems`): each links to its cell.
        if problemCount > 0 {
            context["hasErrors"] = true
            context["errorSummaryTitle"] = .string(wording.fixProblems(problemCount))
            context["errors"] = .list(rows.flatMap { row -> [TemplateValue] in
                if let leftOut = row.leftOut {
                    return [["field": .string(Self.rowID(row.id)), "message": .string(wording.sheetRowLeftOut(leftOut, name: displayName(row)))]]
                }
                return SheetPlanner.fields.compactMap { field -> TemplateValue? in
                    guard let problems = row.problems[field] else { return nil }
                    return [
                        "field": .string(Self.inputName(field, row.id)),
                        "message": .string(wording.sheetProblem(displayName(row), wording.messages(problems, on: field, currency: row.currency))),
                    ]
                }
            })
        }
        if let problem { context["problem"] = problem.context }
        // Opened from the list of all products (the menu's link), or from a page of them with
        // none of the vendor's: the way to a sheet of their own products only.
        if !query.mine { context["mineSheetHref"] = .string(ProductListQuery(perPage: query.perPage, mine: true).sheetPath) }
        return context
    }

    /// The list the sheet's products come from, by the name its page shows: "All products",
    /// "My products", a search, with its filters.
    private var listName: Wording.SheetList {
        Wording.SheetList(search: query.search, mine: query.mine, filtered: query.hasFilters)
    }

    /// A row's id, which a summary entry about the whole row links to: `row-12`.
    static func rowID(_ id: Int) -> String { "row-" + String(id) }

    /// The name a row shows, or its product's number when the post carried none.
    private func displayName(_ row: Row) -> String {
        row.name.isEmpty ? wording.productNumbers([row.id]) : row.name
    }

    private func rowContext(_ row: Row) -> TemplateValue {
        let wording = self.wording
        let cells: [TemplateValue] = SheetPlanner.fields.map { field in
            let name = Self.inputName(field, row.id)
            var cell: TemplateObject = [
                "name": .string(name),
                "wasName": .string("was." + name),
                "value": .string(row.typed[field] ?? ""),
                "shown": .string(row.shown[field] ?? ""),
                "label": .string(wording.cellLabel(field, product: row.name)),
                "isName": .bool(field == .name),
                "inputMode": .string(field == .stock ? "numeric" : (field == .name ? "text" : "decimal")),
            ]
            if let problems = row.problems[field] {
                cell["error"] = .string(wording.messages(problems, on: field, currency: row.currency))
                cell["errorID"] = .string("error." + name)
            }
            return .object(cell)
        }
        var values: TemplateObject = [
            "id": TemplateValue(row.id), "rowID": .string(Self.rowID(row.id)), "name": .string(row.name), "href": .string(row.href),
            "currency": .string(row.currency.rawValue), "wasCurrencyName": .string("was." + Self.inputName(.currency, row.id)),
            "number": .string(String(row.id)),
            "cells": .list(cells),
        ]
        if let leftOut = row.leftOut {
            values["leftOut"] = .string(leftOut.rawValue)
            values["leftOutNote"] = .string(wording.sheetRowLeftOutNote(leftOut))
        }
        return .object(values)
    }
}
