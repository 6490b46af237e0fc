import DashboardEngine
import Foundation
import Templating

/// The view model of `/trash` (`trash/list`): a page of the recycle bin's items, newest first,
/// each with its name, when it was deleted, how many pictures are kept, and Restore and
/// Remove for good buttons; the byte budget and what is held now at the top.
struct TrashPage {
    let query: HistoryQuery
    let page: RecycleBin.Page
    let settings: RecycleBin.Settings
    let csrfToken: String
    var language: Language = .en
    /// The zone times are shown in (`--time-zone`).
    let zone: TimeZone

    var wording: Wording { Wording(language) }

    var context: TemplateObject {
        var context: TemplateObject = [
            "title": .string(wording[.navTrash]),
            "heading": .string(wording[.navTrash]),
            "intro": .string(wording.trashIntro(days: settings.retentionDays, budget: settings.byteBudget, used: page.bytes)),
            "csrfToken": .string(csrfToken),
            "items": .list(page.items.map { .object(item($0)) }),
            "hasItems": .bool(!page.items.isEmpty),
        ]
        if !page.items.isEmpty {
            context["summary"] = .string(
                wording.showingItems(first: query.offset + 1, last: query.offset + page.items.count, total: page.total))
        }
        let lastPage = max(1, (page.total + query.perPage - 1) / query.perPage)
        if let pagination = Pagination.context(page: query.page, lastPage: lastPage, wording: wording, href: href(page:)) {
            context["pagination"] = pagination
        }
        return context
    }

    func item(_ item: TrashItem) -> TemplateObject {
        var object: TemplateObject = [
            "entry": TemplateValue(item.entry),
            "name": .string(item.name),
            "wasProduct": .string(wording.wasProduct(item.productID)),
            "deletedLabel": .string(wording.deletedAt),
            "time": .string(LocalTime.timestamp(item.keptAt, zone: zone, wording)),
            "datetime": .string(LocalTime.machineReadable(item.keptAt, zone: zone)),
            "imageCount": TemplateValue(item.keptImages),
            "forgetAction": .string("/trash/\(item.entry)/forget"),
            "forgetLabel": .string(item.restoredID == nil ? wording.forgetLabel(item.name) : wording.removeFromTrashLabel(item.name)),
        ]
        if item.canRestoreImages {
            object["pictures"] = .string(wording.picturesKept(item.keptImages))
        } else if item.restoredID == nil {
            object["picturesGone"] = .string(wording.picturesRemoved)
        }
        if item.state != .deleted { object["unconfirmed"] = .string(wording.deleteNotConfirmed) }
        if let restored = item.restoredID {
            object["restored"] = [
                "href": .string("/products/\(restored)"), "text": .string(wording.restoredAs(restored)),
                "notAffected": .string(wording.notAffected(restored)),
            ]
        } else {
            object["restore"] = [
                "action": .string("/trash/\(item.entry)/restore"), "label": .string(wording.restoreLabel(item.name)),
            ]
        }
        return object
    }

    func href(page: Int) -> String {
        var items: [String] = []
        if page != 1 { items.append("page=\(page)") }
        if query.perPage != HistoryQuery.defaultPageSize { items.append("per_page=\(query.perPage)") }
        return items.isEmpty ? "/trash" : "/trash?" + items.joined(separator: "&")
    }
}
