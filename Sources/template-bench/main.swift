// Renders a 20-product list page (the shared layout from Templates/ plus a realistic page
// below) in a loop and prints renders per second. Run with Scripts/bench-templates.
import Dashboard
import Foundation
import HTTPServer
import Templating

let page = """
    {{> layout/head}}
    {{> layout/header}}
    <main>
      <h1>{{title}}</h1>
      {{#notice}}
      <p class="notice" role="status">{{notice}}</p>
      {{/notice}}
      <form class="search" action="/products" method="get">
        <label for="q">Search</label>
        <input id="q" name="q" type="search" value="{{query}}">
        <input type="hidden" name="view" value="{{view}}">
        <button type="submit">Search</button>
      </form>
      <nav class="view-switch" aria-label="View">
        <a href="{{listURL}}"{{#isList}} aria-current="page"{{/isList}}>List</a>
        <a href="{{gridURL}}"{{^isList}} aria-current="page"{{/isList}}>Grid</a>
      </nav>
      <ul class="products products-{{view}}">
        {{#products}}
        <li class="product">
          <a href="/products/{{id}}">
            <img src="{{thumbnailURL}}" alt="" width="160" height="160"{{#lazy}} loading="lazy"{{/lazy}}>
            <span class="product-name">{{name}}</span>
          </a>
          <p class="price">
            {{#discountedPrice}}
            <s>{{price}}</s> <strong>{{discountedPrice}}</strong>
            {{/discountedPrice}}
            {{^discountedPrice}}
            {{price}}
            {{/discountedPrice}}
          </p>
          {{#soldOut}}
          <p class="stock sold-out">Sold out</p>
          {{/soldOut}}
          {{^soldOut}}
          <p class="stock">{{stock}} left</p>
          {{/soldOut}}
        </li>
        {{/products}}
      </ul>
      <nav aria-label="Pagination">
        {{#previous}}<a rel="prev" href="{{url}}">Previous</a>{{/previous}}
        {{#pages}}
        {{#current}}<a href="{{url}}" aria-current="page">{{number}}</a>{{/current}}
        {{^current}}{{#ellipsis}}<span>…</span>{{/ellipsis}}{{^ellipsis}}<a href="{{url}}">{{number}}</a>{{/ellipsis}}{{/current}}
        {{/pages}}
        {{#next}}<a rel="next" href="{{url}}">Next</a>{{/next}}
      </nav>
    </main>
    {{> layout/footer}}

    """

/// The repository's Templates/ directory, found from this file's path.
let templatesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Templates")

func loadSources() throws -> [String: String] {
    var sources = ["bench/products": page]
    let root = templatesDirectory.path
    for relative in FileManager.default.subpaths(atPath: root) ?? [] where relative.hasSuffix(".html") {
        sources[String(relative.dropLast(5))] = try String(contentsOfFile: root + "/" + relative, encoding: .utf8)
    }
    return sources
}

func product(_ index: Int) -> TemplateValue {
    let onSale = index % 3 == 0
    return [
        "id": TemplateValue(index),
        "name": .string(index == 7 ? #"Kid's <Tea> & "Mug""# : "Handmade product number \(index)"),
        "thumbnailURL": .string("/images/thumbnail-\(index)-a1b2c3d4e5f6"),
        "lazy": .bool(index > 8),
        "price": .string("KRW \(index * 1_000 + 500)"),
        "discountedPrice": onSale ? .string("KRW \(index * 900)") : .null,
        "stock": TemplateValue(index % 5 == 0 ? 0 : index * 3),
        "soldOut": .bool(index % 5 == 0),
    ]
}

let pages: TemplateValue = .list([1, 2, 3, 0, 10].map { number -> TemplateValue in
    [
        "number": TemplateValue(number), "url": .string("/products?page=\(number)&view=list&q=tea"),
        "current": .bool(number == 2), "ellipsis": .bool(number == 0),
    ]
})

let context: TemplateValue = [
    "title": "Products",
    "flash": #"Product "Mug" created."#,
    "query": "tea & <cakes>",
    "view": "list",
    "isList": true,
    "listURL": "/products?view=list&q=tea",
    "gridURL": "/products?view=grid&q=tea",
    "products": .list((1...20).map(product)),
    "previous": ["url": "/products?page=1&view=list&q=tea"],
    "next": ["url": "/products?page=3&view=list&q=tea"],
    "pages": pages,
]

/// `template-bench N` renders exactly N times with no warm-up and prints nothing else, for
/// instruction counts under `valgrind --tool=callgrind`; `template-bench --print` prints the
/// page once; without an argument the loop runs for 2 s. `--grid` first (`template-bench --grid
/// [N | --print]`) renders the real grid page (`Templates/products/list.html`) instead; `--page`
/// first answers `GET /products?view=grid` through the dashboard's own route from its fresh
/// JSON cache (query parsing, view model, image keys, rendering, response), without sockets.
/// `--outside` times the history's comparison of two catalog counts instead.
var arguments = Array(CommandLine.arguments.dropFirst())
// `--outside`: how long comparing two counts of 100,000 products takes (history's "changed
// elsewhere"), instead of rendering.
if arguments.first == "--outside" {
    print(OutsideChangesBenchmark.run())
    exit(0)
}
let mode = arguments.first.flatMap { ["--grid", "--page"].contains($0) ? $0 : nil }
if mode != nil { arguments.removeFirst() }
let argument = arguments.first
let fixedRenders = argument.flatMap { Int($0) }

do {
    let render: () throws -> [UInt8]
    let label: String
    switch mode {
    case "--page":
        let route = try ProductListBenchmark.route(
            page: ListPageMarket.page, api: ListPageMarket(), templatesDirectory: templatesDirectory.path)
        let request = HTTPRequest(method: .get, target: "/products?view=grid", headers: ["Host": "127.0.0.1"], body: [])
        render = {
            guard let response = try route.respondImmediately(request), case .bytes(let body) = response.body else {
                throw BenchError.notImmediate
            }
            return body
        }
        label = "GET /products?view=grid through the dashboard's route"
    default:
        let library = try TemplateLibrary(templates: loadSources())
        let (templateName, renderContext) = mode == "--grid" ? (GridPage.template, GridPage.context) : ("bench/products", context)
        render = { try library.render(templateName, renderContext) }
        label = mode == "--grid" ? "20-product grid page (products/list)" : "20-product page"
    }
    if argument == "--print" {
        print(String(decoding: try render(), as: UTF8.self), terminator: "")
        exit(0)
    }
    if let fixedRenders {
        for _ in 0..<fixedRenders { _ = try render() }
        exit(0)
    }
    let pageSize = try render().count
    for _ in 0..<2_000 { _ = try render() }

    let clock = ContinuousClock()
    var renders = 0
    var bytes = 0
    let start = clock.now
    let minimum = Duration.seconds(2)
    while clock.now - start < minimum {
        for _ in 0..<500 { bytes &+= try render().count }
        renders += 500
    }
    let elapsed = clock.now - start
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    let perSecond = Double(renders) / seconds
    print("\(label): \(pageSize) bytes")
    print(String(format: "%.0f renders/s, %.1f µs per render (%d renders in %.2f s, %.0f MB/s)",
                 perSecond, 1e6 / perSecond, renders, seconds, Double(bytes) / seconds / 1e6))
} catch {
    print("template-bench: \(error)")
    exit(1)
}

enum BenchError: Error {
    case notImmediate
}
