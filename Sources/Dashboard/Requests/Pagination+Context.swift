import Templating

extension Pagination {
    /// The `pagination` object the `products/pagination` partial renders (numbered links,
    /// `prev`, `next`) for page `page` of `lastPage`; nil when there is one page and the person
    /// is on it. `href` gives each page's address.
    static func context(page: Int, lastPage: Int, wording: Wording, href: (Int) -> String) -> TemplateValue? {
        let lastPage = max(1, lastPage)
        guard lastPage > 1 || page > 1 else { return nil }
        let pagination = Pagination(current: page, lastPage: max(lastPage, page))
        var context: TemplateObject = [
            "items": .list(pagination.items.map { item in
                switch item {
                case .gap:
                    return ["isGap": true]
                case .page(let number):
                    return [
                        "isGap": false,
                        "number": TemplateValue(number),
                        "label": .string(wording.pageLabel(number)),
                        "href": .string(href(number)),
                        "current": .bool(number == page),
                    ]
                }
            })
        ]
        if pagination.hasPrevious { context["prev"] = ["href": .string(href(page - 1))] }
        if page < lastPage { context["next"] = ["href": .string(href(page + 1))] }
        return .object(context)
    }
}
