import Foundation
import Testing
@testable import Templating

/// The shared layout in `Templates/layout` and a full list page built on it.
@Suite struct LayoutTests {
    static let listPage = """
        {{> layout/head}}
        {{> layout/header}}
        <main>
          <h1>{{title}}</h1>
          <ul class="products">
            {{#products}}
            <li><a href="/products/{{id}}">{{name}}</a> {{price}}{{^stock}} <em>Sold out</em>{{/stock}}</li>
            {{/products}}
          </ul>
        </main>
        {{> layout/footer}}

        """

    /// The repository's templates plus `page`, loaded from a temporary copy.
    private func library(page: String) throws -> TemplateLibrary {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in try TemplateLibrary(directory: repositoryTemplates).names {
            let source = try String(contentsOfFile: repositoryTemplates + "/\(name).html", encoding: .utf8)
            try directory.write(source, to: "\(name).html")
        }
        try directory.write(page, to: "page.html")
        return try TemplateLibrary(directory: directory.path)
    }

    /// What the dashboard adds to every page's context: the catalog's texts (`t`), the
    /// language and the footer's language switch (here the English ones the layout uses).
    static func layoutContext(_ members: [String: TemplateValue]) -> TemplateValue {
        var context = TemplateObject(members)
        context["lang"] = "en"
        context["t"] = [
            "site_name": "Open Market", "skip_to_content": "Skip to content", "site_nav": "Site", "nav_products": "Products",
            "nav_overview": "Overview", "nav_register": "Register a product", "footer_text": "Open Market dashboard",
            "language_nav": "Language", "nav_history": "History", "nav_trash": "Recycle bin", "nav_batches": "Batches",
        ]
        // What the reader may do, as `PageRenderer` gives every page: everything, with accounts off.
        context["may"] = ["write": true, "addOrRemove": true, "manageAccounts": true]
        context["languageLinks"] = [
            ["label": "English", "code": "en", "href": "/products?lang=en", "current": true],
            ["label": "한국어", "code": "ko", "href": "/products?lang=ko", "current": false],
        ]
        return .object(context)
    }

    private static func products(count: Int) -> TemplateValue {
        .list((1...count).map { index -> TemplateValue in
            let name = index == 7 ? #"Kid's <Tea> & "Mug""# : "Product \(index)"
            let stock = index % 5 == 0 ? 0 : index
            return [
                "id": TemplateValue(index),
                "name": .string(name),
                "price": .string("KRW \(index),000"),
                "stock": TemplateValue(stock),
            ]
        })
    }

    @Test func repositoryTemplates_load() throws {
        let library = try TemplateLibrary(directory: repositoryTemplates)
        for name in ["layout/head", "layout/header", "layout/footer"] {
            #expect(library.contains(name))
        }
    }

    @Test func twentyItemListPage_rendersExactly() throws {
        let library = try library(page: Self.listPage)
        let context = Self.layoutContext([
            "title": "Products", "flash": #"Product "Mug" created."#, "products": Self.products(count: 20),
        ])
        let expected = """
            <!doctype html>
            <html lang="en">
            <head>
              <meta charset="utf-8">
              <meta name="viewport" content="width=device-width, initial-scale=1">
              <meta name="color-scheme" content="light dark">
              <title>Products · Open Market</title>
              <link rel="stylesheet" href="/static/css/site.css">
            </head>
            <body>
            <a class="skip-link" href="#main">Skip to content</a>
            <header class="site-header">
              <a class="site-name" href="/products">Open Market</a>
              <nav class="site-nav" aria-label="Site">
                <ul>
                  <li><a href="/products">Products</a></li>
                  <li><a href="/overview">Overview</a></li>
                  <li><a href="/products/new">Register a product</a></li>
                  <li><a href="/history">History</a></li>
                  <li><a href="/trash">Recycle bin</a></li>
                  <li><a href="/batches">Batches</a></li>
                </ul>
              </nav>
            </header>
            <p class="flash" role="status">Product &quot;Mug&quot; created.</p>
            <main>
              <h1>Products</h1>
              <ul class="products">
                <li><a href="/products/1">Product 1</a> KRW 1,000</li>
                <li><a href="/products/2">Product 2</a> KRW 2,000</li>
                <li><a href="/products/3">Product 3</a> KRW 3,000</li>
                <li><a href="/products/4">Product 4</a> KRW 4,000</li>
                <li><a href="/products/5">Product 5</a> KRW 5,000 <em>Sold out</em></li>
                <li><a href="/products/6">Product 6</a> KRW 6,000</li>
                <li><a href="/products/7">Kid&#39;s &lt;Tea&gt; &amp; &quot;Mug&quot;</a> KRW 7,000</li>
                <li><a href="/products/8">Product 8</a> KRW 8,000</li>
                <li><a href="/products/9">Product 9</a> KRW 9,000</li>
                <li><a href="/products/10">Product 10</a> KRW 10,000 <em>Sold out</em></li>
                <li><a href="/products/11">Product 11</a> KRW 11,000</li>
                <li><a href="/products/12">Product 12</a> KRW 12,000</li>
                <li><a href="/products/13">Product 13</a> KRW 13,000</li>
                <li><a href="/products/14">Product 14</a> KRW 14,000</li>
                <li><a href="/products/15">Product 15</a> KRW 15,000 <em>Sold out</em></li>
                <li><a href="/products/16">Product 16</a> KRW 16,000</li>
                <li><a href="/products/17">Product 17</a> KRW 17,000</li>
                <li><a href="/products/18">Product 18</a> KRW 18,000</li>
                <li><a href="/products/19">Product 19</a> KRW 19,000</li>
                <li><a href="/products/20">Product 20</a> KRW 20,000 <em>Sold out</em></li>
              </ul>
            </main>
            <footer class="site-footer">
              <p>Open Market dashboard</p>
              <nav class="language-switch" aria-label="Language">
                <a href="/products?lang=en" lang="en" hreflang="en" aria-current="true">English</a>
                <a href="/products?lang=ko" lang="ko" hreflang="ko">한국어</a>
              </nav>
            </footer>
            </body>
            </html>

            """
        #expect(try library.renderString("page", context) == expected)
    }

    @Test func layoutWithoutFlash_hasNoStatusMessage() throws {
        let library = try library(page: "{{> layout/header}}")
        let html = try library.renderString("page", Self.layoutContext(["title": "x"]))
        #expect(!html.contains("role=\"status\""))
        #expect(html.contains("<a href=\"/products/new\">Register a product</a>"))
    }

    @Test func title_isEscaped() throws {
        let library = try library(page: "{{> layout/head}}")
        #expect(try library.renderString("page", Self.layoutContext(["title": "<script>"])).contains("<title>&lt;script&gt; · Open Market</title>"))
    }
}
