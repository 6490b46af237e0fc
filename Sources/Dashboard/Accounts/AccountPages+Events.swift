import DashboardEngine
import Foundation
import HTTPServer
import Templating

/// `GET /history/accounts` (`page`, `per_page`): an owner's list of what happened to the
/// accounts, newest first: sign-ins, failed ones, and every change to an account, with who
/// did it and from which address, times in the dashboard's zone. Owners only (403 for anyone
/// else; 404 with accounts off, as `/accounts`).
extension AccountPages {
    static let eventsPath = "/history/accounts"

    /// `GET /history/accounts`: `accounts/events`.
    func accountEventsPage(_ context: RequestContext) -> HTTPResponse {
        guard manager(context) != nil else { return refused(context) }
        let wording = context.wording
        let zone = context.settings.timeZone
        // Paged as `/history` is; `product` means nothing here.
        let query = HistoryQuery(context.request)
        let page: AccountEvent.Page
        do {
            page = try accounts.events(offset: query.offset, limit: query.perPage)
        } catch {
            return SignInPages.unreadable(error, renderer, context)
        }
        let rows: [TemplateValue] = page.events.map { event in
            [
                "kind": .string(event.kind.rawValue), "accountName": .string(event.account?.name ?? ""),
                "known": .bool(event.account != nil), "what": .string(wording.accountEvent(event.kind, before: event.roleBefore, after: event.roleAfter)),
                "by": .string(wording.eventActor(event.kind, actor: event.actor?.name)), "address": .string(event.address ?? ""),
                "time": .string(LocalTime.timestamp(event.at, zone: zone, wording)),
                "datetime": .string(LocalTime.machineReadable(event.at, zone: zone)),
            ]
        }
        var values: TemplateObject = [
            "title": .string(wording[.accountEventsHeading]), "intro": .string(wording.accountEventsIntro(days: accounts.eventDays)),
            "events": .list(rows), "hasEvents": .bool(!rows.isEmpty),
        ]
        if !rows.isEmpty {
            values["summary"] = .string(
                wording.showingEvents(first: query.offset + 1, last: query.offset + rows.count, total: page.total))
        }
        let lastPage = max(1, (page.total + query.perPage - 1) / query.perPage)
        if let pagination = Pagination.context(page: query.page, lastPage: lastPage, wording: wording, href: { Self.eventsPath(page: $0, query) }) {
            values["pagination"] = pagination
        }
        return renderer.formsPage("accounts/events", values, flash: flash, for: context)
    }

    /// `/history/accounts?page=2`: the defaults left out.
    static func eventsPath(page: Int, _ query: HistoryQuery) -> String {
        var items: [String] = []
        if page != 1 { items.append("page=\(page)") }
        if query.perPage != HistoryQuery.defaultPageSize { items.append("per_page=\(query.perPage)") }
        return items.isEmpty ? eventsPath : eventsPath + "?" + items.joined(separator: "&")
    }
}
