// Renders a 20-product list page (the shared layout from Templates/ plus a realistic page
// below) in a loop and prints renders per second. Run with Scripts/bench-templates.
import Dashboard
import DashboardEngine
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
/// page once; without an argument the loop runs for 2 s. A mode first picks what is measured:
/// - `--grid [N | --print]` renders the real grid page (`Templates/products/list.html`);
/// - `--page [N | --print]` answers `GET /products?view=grid` through the dashboard's own route
///   from its fresh JSON cache, as a server thread does for a cached page (a new request each
///   time: query and language parsing, cache lookups, the kept page, the response), without
///   sockets; `--page-rendered` the same with `--page-cache false` (the page rendered from its
///   kept context on every request);
/// - `--params` answers the list route with 1, 5 and 12 query parameters and prints the time per
///   request of each and the ratio of 12 to 1 (target: under 1.5x; `Scripts/bench --check` fails at 2x);
///   `--params K N` answers N requests with K parameters (1, 5 or 12) and prints nothing, for
///   callgrind.
/// - `--outside` times the history's comparison of two catalog counts instead of rendering.
/// - `--password-hash` times one password hash at the standard iterations instead of rendering.
var arguments = Array(CommandLine.arguments.dropFirst())
// `--outside`: how long comparing two counts of 100,000 products takes (history's "changed
// elsewhere"), instead of rendering.
if arguments.first == "--outside" {
    print(OutsideChangesBenchmark.run())
    exit(0)
}
// `--password-hash`: how long a sign-in's password hash takes (`docs/accounts.md`).
if arguments.first == "--password-hash" {
    print(PasswordHashBenchmark.run())
    exit(0)
}
let mode = arguments.first.flatMap { ["--grid", "--page", "--page-rendered", "--params"].contains($0) ? $0 : nil }
if mode != nil { arguments.removeFirst() }

/// The list route as the dashboard wires it, over a market that serves one page of 20 products.
func listRoute(keepsRenderedPages: Bool = true) throws -> any ImmediateHTTPHandler {
    try ProductListBenchmark.route(
        page: ListPageMarket.page, api: ListPageMarket(), templatesDirectory: templatesDirectory.path,
        keepsRenderedPages: keepsRenderedPages)
}

/// Answers a new request for `target` (the server makes one per request, so nothing parsed
/// from it is reused) and returns the body.
func answer(_ route: any ImmediateHTTPHandler, _ target: String) throws -> [UInt8] {
    let request = HTTPRequest(method: .get, target: target, headers: ["Host": "127.0.0.1"], body: [])
    guard let response = try route.respondImmediately(request), response.status == .ok, case .bytes(let body) = response.body else {
        throw BenchError.notImmediate
    }
    return body
}

/// Seconds since an arbitrary start, for the timing loops.
func seconds(_ clock: ContinuousClock, since start: ContinuousClock.Instant) -> Double {
    let elapsed = clock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

if mode == "--params" {
    // Defaults written out, then parameters no page reads (campaign tags, a sort the list does
    // not know yet): the page is the same, only the query grows.
    let targets = [
        1: "/products?view=grid",
        5: "/products?view=grid&page=1&per_page=20&q=&mine=0",
        12: "/products?view=grid&page=1&per_page=20&q=&mine=0&utm_source=newsletter&utm_medium=email"
            + "&utm_campaign=autumn&ref=home&sort=newest&fbclid=IwAR2x&x=%zz",
    ]
    do {
        let route = try listRoute()
        if let count = arguments.first.flatMap({ Int($0) }), let target = targets[count] {
            let requests = arguments.dropFirst().first.flatMap { Int($0) } ?? 1000
            for _ in 0..<requests { _ = try answer(route, target) }
            exit(0)
        }
        for target in targets.values { _ = try answer(route, target) }
        // Rounds taking turns, the fastest round of each kept: the machine's other load only
        // ever adds time, so the minimum is the closest to the code's own cost.
        let clock = ContinuousClock()
        var best: [Int: Double] = [:]
        let perRound = 2_000
        for _ in 0..<15 {
            for (count, target) in targets.sorted(by: { $0.key < $1.key }) {
                let start = clock.now
                for _ in 0..<perRound { _ = try answer(route, target) }
                let perRequest = seconds(clock, since: start) / Double(perRound)
                best[count] = min(best[count] ?? .infinity, perRequest)
            }
        }
        for count in targets.keys.sorted() {
            print(String(format: "%2d query parameters: %.0f ns per request", count, (best[count] ?? 0) * 1e9))
        }
        print(String(format: "12 parameters against 1: %.2fx (the fastest of 15 rounds of %d requests each)", (best[12] ?? 0) / (best[1] ?? 1), perRound))
    } catch {
        print("template-bench: \(error)")
        exit(1)
    }
    exit(0)
}

let argument = arguments.first
let fixedRenders = argument.flatMap { Int($0) }

do {
    let render: () throws -> [UInt8]
    let label: String
    switch mode {
    case "--page", "--page-rendered":
        let route = try listRoute(keepsRenderedPages: mode == "--page")
        render = { try answer(route, "/products?view=grid") }
        label = "GET /products?view=grid through the dashboard's route" + (mode == "--page" ? "" : ", rendered per request")
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
    while seconds(clock, since: start) < 2 {
        for _ in 0..<500 { bytes &+= try render().count }
        renders += 500
    }
    let elapsed = seconds(clock, since: start)
    let perSecond = Double(renders) / elapsed
    print("\(label): \(pageSize) bytes")
    print(String(format: "%.0f renders/s, %.1f µs per render (%d renders in %.2f s, %.0f MB/s)",
                 perSecond, 1e6 / perSecond, renders, elapsed, Double(bytes) / elapsed / 1e6))
} catch {
    print("template-bench: \(error)")
    exit(1)
}

enum BenchError: Error {
    case notImmediate
}
