import Dashboard
import Templating

/// The context of `/products?view=grid` for page 2 of 3 with 20 products, with the keys
/// `ProductListPage` gives `Templates/products/list.html`, so `template-bench --grid` renders
/// the real grid page in-process.
enum GridPage {
    static let template = "products/list"

    static func product(_ index: Int) -> TemplateValue {
        let onSale = index % 3 == 0
        var item: TemplateObject = [
            "href": .string("/products/\(100 + index)?view=grid&page=2"),
            "name": .string(index == 7 ? #"Kid's <Tea> & "Mug""# : "Handmade product number \(index)"),
            "imageSrc": .string("/images/3bf647ac7b658c670820a622a0ace6\(10 + index)"),
            "imageSize": 200,
            "lazy": .bool(index >= 5),
            "price": .string(onSale ? "KRW \(index * 900)" : "KRW \(index * 1_000 + 500)"),
            "onSale": .bool(onSale),
            "soldOut": .bool(index % 5 == 0),
            "stock": TemplateValue(index % 5 == 0 ? 0 : index * 3),
            "vendor": "LocalMarketTeam",
        ]
        if onSale { item["originalPrice"] = .string("KRW \(index * 1_000 + 500)") }
        return .object(item)
    }

    static func link(_ label: String, _ href: String, current: Bool) -> TemplateValue {
        ["label": .string(label), "size": .string(label), "href": .string(href), "current": .bool(current)]
    }

    static let context: TemplateValue = [
        "t": ProductListBenchmark.englishTexts,
        "title": "Products (page 2)",
        "heading": "Products",
        "viewName": "grid",
        "query": ["q": "", "isGrid": true, "hasCustomPageSize": false, "perPage": 20, "hasSearch": false],
        "clearSearchHref": "/products?view=grid",
        "viewLinks": .list([
            link("List", "/products?page=2", current: false), link("Grid", "/products?view=grid&page=2", current: true),
        ]),
        "perPageLinks": .list([10, 20, 50, 100].map {
            link(String($0), "/products?view=grid&per_page=\($0)", current: $0 == 20)
        }),
        "hasProducts": true,
        "summary": "Showing 21–40 of 60",
        "emptyMessage": "",
        "products": .list((21...40).map(product)),
        "pagination": [
            "prev": ["href": "/products?view=grid"],
            "next": ["href": "/products?view=grid&page=3"],
            "items": .list((1...3).map { number -> TemplateValue in
                ["isGap": false, "number": TemplateValue(number), "href": .string("/products?view=grid&page=\(number)"),
                 "current": .bool(number == 2)]
            }),
        ],
    ]
}
