import DashboardEngine
import Foundation
import Templating

/// The view model of `/history` (`history/list`): a page of journal entries, newest first,
/// each with what it did (the changed fields as old → new), its outcome, its batch, and an
/// Undo button where an undo can be tried.
struct HistoryPage {
    let query: HistoryQuery
    let page: HistoryJournal.Page
    /// Entries of this page already undone (or being undone): id → the undo's entry.
    let undone: [Int: Int]
    let csrfToken: String
    let retentionDays: Int
    var language: Language = .en
    /// The zone times are shown in (`--time-zone`).
    let zone: TimeZone
    /// The batches this page's entries were written by, with whether each can be undone now
    /// (`Batch.undo`): the whole-batch Undo is offered only where it can work.
    var batches: [Int: (batch: Batch, undo: BatchUndo)] = [:]
    /// One product's history: the recycle bin's item of that product, when it has one.
    var binItem: TrashItem?
    /// Whether the dashboard asks who is there. With accounts off an entry says nothing about
    /// who made it: every write is this dashboard's, made by the one person at its keyboard, so
    /// a "by" on each entry would say the same thing on every line, and the page stays as a
    /// single seller knows it.
    var accountsOn = false
    /// The accounts the journal's entries were made by, for the filter (accounts on only).
    var accountNames: [AccountName] = []

    var wording: Wording { Wording(language) }

    var lastPage: Int { max(1, (page.total + query.perPage - 1) / query.perPage) }

    var context: TemplateObject {
        let productName = query.product == nil ? nil : page.entries.first { !$0.productName.isEmpty }?.productName
        let heading = wording.historyHeading(product: query.product, name: productName)
        var context: TemplateObject = [
            "title": .string(heading),
            "heading": .string(heading),
            "intro": .string(wording.historyIntro(days: retentionDays)),
            "csrfToken": .string(csrfToken),
            "entries": .list(page.entries.map { .object(item($0)) }),
            "hasEntries": .bool(!page.entries.isEmpty),
            "empty": .string(query.by.map { wording.historyEmpty(by: $0.text, page: query.page) } ?? wording.historyEmpty(page: query.page)),
            "csvHref": .string(query.csvPath),
        ]
        if let filter = whoFilter { context["whoFilter"] = .object(filter) }
        if let product = query.product {
            context["allHref"] = "/history"
            let (href, label) = productLink(product)
            context["productHref"] = .string(href)
            context["productLabel"] = .string(label)
            // The link to the bin is then the product's own.
            context["binLinked"] = .bool(href == "/trash")
        }
        if !page.entries.isEmpty {
            let first = query.offset + 1
            context["summary"] = .string(wording.showingEntries(first: first, last: query.offset + page.entries.count, total: page.total))
        }
        if let pagination = paginationContext { context["pagination"] = pagination }
        return context
    }

    /// Links to the entries of each account that appears in the journal, and to everyone's:
    /// offered only with accounts on (with them off no entry has an account).
    var whoFilter: TemplateObject? {
        guard accountsOn, !accountNames.isEmpty || query.by != nil else { return nil }
        var names = accountNames
        if let by = query.by, !names.contains(where: { $0.key == by.key }) { names.append(by) }
        let links: [TemplateValue] = [
            .object(["href": .string(query.with(by: nil).path), "label": .string(wording[.everyone]), "current": .bool(query.by == nil)])
        ] + names.map { name in
            .object([
                "href": .string(query.with(by: name).path), "name": .string(name.text), "current": .bool(query.by?.key == name.key),
            ])
        }
        return ["label": .string(wording[.madeByLabel]), "links": .list(links)]
    }

    /// Where one product's history leads back to: the product; the recycle bin while it holds
    /// the deleted product; the product it was restored as.
    func productLink(_ product: Int) -> (href: String, label: String) {
        guard let item = binItem, item.state == .deleted else { return ("/products/\(product)", wording[.backToProduct]) }
        if let restored = item.restoredID { return ("/products/\(restored)", wording.openProduct(restored)) }
        return ("/trash", wording.openRecycleBin)
    }

    func item(_ entry: JournalEntry) -> TemplateObject {
        var item: TemplateObject = [
            "id": TemplateValue(entry.id),
            "kind": .string(entry.kind.rawValue),
            "kindLabel": .string(kindLabel(entry)),
            "number": .string(wording.entryNumber(entry.id)),
            "time": .string(LocalTime.timestamp(entry.at, zone: zone, wording)),
            "datetime": .string(LocalTime.machineReadable(entry.at, zone: zone)),
        ]
        if let by = entry.by {
            item["by"] = .string(by.text)
            item["byText"] = .string(wording.entryBy(by.text))
        } else if accountsOn, entry.cause != nil {
            // A write made while accounts were off: this dashboard's, with nobody signed in.
            item["byText"] = .string(wording.entryBy(nil))
        }
        if let id = entry.productID {
            item["product"] = [
                "href": .string("/products/\(id)"),
                "label": .string(entry.productName.isEmpty ? wording.productNumber(id) : entry.productName),
                "historyHref": .string(HistoryQuery(product: id).path),
            ]
        } else if !entry.productName.isEmpty {
            item["productName"] = .string(entry.productName)
        }
        let changes = self.changes(entry)
        item["changes"] = .list(changes.map { .object($0) })
        item["hasChanges"] = .bool(!changes.isEmpty)
        if let outcome = wording.entryOutcome(entry) {
            item["outcome"] = .string(outcome)
            item["outcomeClass"] = .string(entry.outcome.rawValue)
        }
        if case .notRecorded(let count)? = entry.note { item["note"] = .string(wording.notRecorded(count)) }
        if case .undo(let target)? = entry.cause { item["undoes"] = .string(wording.undoes(entry: target)) }
        var undoneByBatch: Int?
        if let reference = entry.batch {
            var batch: TemplateObject = ["href": .string("/batches/\(reference.id)"), "label": .string(wording.batchLink(reference.id))]
            switch batches[reference.id]?.undo {
            case .available?:
                if let written = batches[reference.id]?.batch {
                    // Its own key: inside the batch's section, `undo` would also find the
                    // entry's Undo and show it under the whole batch's label.
                    batch["undoBatch"] = [
                        "action": .string("/batches/\(reference.id)/undo"), "label": .string(wording.undoBatch(reference.id)),
                        "drawn": .object(written.drawnFields),
                    ]
                }
            case .undone(let by)?:
                undoneByBatch = by
                batch["undone"] = ["href": .string("/batches/\(by)"), "label": .string(wording.undoneBy(by))]
            case .waiting(let id)?:
                batch["waiting"] = ["href": .string("/batches/\(id)"), "label": .string(wording.undoWaiting(id))]
            case .unavailable?, nil:
                break
            }
            item["batch"] = .object(batch)
        }
        if let by = undone[entry.id] {
            item["undoneBy"] = .string(wording.undoneBy(entry: by))
        } else if undoneByBatch != nil {
            // Its batch was put back whole: the batch's line says by which.
        } else if Self.offersUndo(entry) {
            item["undo"] = ["action": .string("/history/\(entry.id)/undo"), "label": .string(wording.undoLabel(entry: entry.id))]
        }
        return item
    }

    /// What the entry records: an entry written by an undo batch is an undo, and one written
    /// by a window's end is the scheduled putting back, not an undo the seller asked for.
    /// A write that failed says so in its label, so its arrows are not read as done.
    private func kindLabel(_ entry: JournalEntry) -> String {
        if entry.outcome == .failed, let label = wording.entryKindNotMade(entry.kind) { return label }
        return switch entry.batch.flatMap({ batches[$0.id] })?.batch.kind {
        case .revert?: wording.putBackAtScheduledEnd
        case let kind? where kind.putsBack: wording.entryKind(.undo, note: entry.note)
        default: wording.entryKind(entry.kind, note: entry.note)
        }
    }

    /// An edit (or an undo, itself an edit) that was done and changed a field: worth a button
    /// (the route checks everything again).
    static func offersUndo(_ entry: JournalEntry) -> Bool {
        (entry.kind == .edit || entry.kind == .undo) && entry.outcome == .done && entry.productID != nil && !entry.changedFields.isEmpty
    }

    /// The fields an entry shows: old → new for a change, the values alone for a product that
    /// was registered or deleted.
    func changes(_ entry: JournalEntry) -> [TemplateObject] {
        let summaryFields: [RecordedFields.Field] = [.name, .price, .discountedPrice, .stock]
        switch (entry.before, entry.fieldsAfter) {
        case (let before?, let after?):
            var fields = after.differences(from: before)
            if fields.isEmpty { fields = entry.changedFields }
            return fields.map { field in
                [
                    "field": .string(wording.fieldName(field)),
                    "before": .string(wording.fieldValue(field, of: before)),
                    "after": .string(wording.fieldValue(field, of: after)),
                    "isChange": true,
                ]
            }
        case (nil, let fields?), (let fields?, nil):
            return summaryFields.compactMap { field in
                let text = wording.fieldValue(field, of: fields)
                return text.isEmpty ? nil : ["field": .string(wording.fieldName(field)), "value": .string(text), "isChange": false]
            }
        case (nil, nil):
            return []
        }
    }

    var paginationContext: TemplateValue? {
        Pagination.context(page: query.page, lastPage: lastPage, wording: wording) { query.with(page: $0).path }
    }
}
