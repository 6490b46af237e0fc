import HTTPServer
import Templating

/// The pages of the errors the HTTP server answers by itself (no route, a method the address
/// does not take, a body or an address too large, a handler's `HTTPError`): what happened,
/// what to do next and a way back, in the site's frame (header, menu, language switch) and the
/// reader's language, like every other error page (`Templates/error.html`). Never a stack
/// trace, never upstream details, never the status in the heading (it stays on the response).
struct ErrorPage: Sendable {
    let renderer: PageRenderer
    let contexts: RequestContext.Maker
    /// The routes, set once they exist: where a GET opens a page, a 405 was a form sent to a
    /// page, not a button's address opened directly.
    var router: Router?

    /// The page of an error the server answers by itself. With the request's head the page is
    /// in the reader's language; without one (a request line too long, a broken request,
    /// headers too large) the language is unknown and the page says it in Korean and in
    /// English. The server's own English sentence is for its log, not for the page:
    /// `responder` leaves it out.
    func response(_ status: HTTPStatus, _ request: HTTPRequest?) -> HTTPResponse {
        guard let request else { return bilingual(status) }
        let context = contexts(request)
        let wording = context.wording
        let upload = Wording.Upload(path: request.path)
        var values = Self.values(status, wording, upload: upload)
        let posted = request.method != .get && request.method != .head
        if status == .methodNotAllowed, posted, opensPage(request.path) {
            // Sent to a page that takes no form (`POST /overview`): the page itself is there.
            let text = wording.nothingToSendHere
            values["title"] = .string(text.heading)
            values["heading"] = .string(text.heading)
            values["message"] = .string(text.message)
            values["languagePath"] = .string(request.path)
        } else if status == .methodNotAllowed || posted {
            // An address that takes only a button's POST, or anything that was posted: the
            // language switch leads to the page the button is on, which a GET can open.
            values["languagePath"] = .string(PageRenderer.pageForPost(request.path))
        }
        var response = renderer.page("error", values, status: status, for: context)
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    /// The server's error responder: the page for the status and the request's head.
    var responder: HTTPServer.ErrorResponder {
        { [self] status, _, request in response(status, request) }
    }

    /// 405 for a GET of an address that takes only a button's POST, where a wider route of
    /// the same shape would otherwise answer (`/products/bulk` is not a product's number).
    func postOnly(_ request: HTTPRequest) -> HTTPResponse {
        var response = response(.methodNotAllowed, request)
        response.headers["Allow"] = "POST"
        return response
    }

    /// The heading, the cause, what to do under a 413, and the way back to the form that was
    /// too large.
    private static func values(_ status: HTTPStatus, _ wording: Wording, upload: Wording.Upload) -> TemplateObject {
        let heading = wording.serverHeading(status, upload: upload)
        var values: TemplateObject = [
            "title": .string(heading), "heading": .string(heading), "message": .string(wording.serverMessage(status, upload: upload)),
        ]
        if status == .contentTooLarge {
            values["advice"] = .string(wording.tooLargeAdvice(upload))
            if let back = wording.tooLargeBack(upload) { values["back"] = ["href": .string(back.href), "label": .string(back.label)] }
        }
        return values
    }

    /// The page in Korean, with the same words in English below (`lang="en"`), in the Korean
    /// frame; its language switch leads to the product list, since the address it was asked
    /// at cannot be read.
    /// Whether a GET opens a page at `path`.
    private func opensPage(_ path: String) -> Bool {
        guard let router, case .found = router.match(method: .get, path: path) else { return false }
        return true
    }

    private func bilingual(_ status: HTTPStatus) -> HTTPResponse {
        let english = Wording(.en)
        var values = Self.values(status, Wording(.ko), upload: .other)
        values["otherLanguages"] = .list([
            [
                "code": .string(Language.en.rawValue), "heading": .string(english.serverHeading(status, upload: .other)),
                "message": .string(english.serverMessage(status, upload: .other)), "goToProducts": .string(english[.backToProducts]),
            ]
        ])
        values["title"] = .string(Wording(.ko).serverHeading(status, upload: .other) + " / " + english.serverHeading(status, upload: .other))
        PageRenderer.addLanguage(.ko, texts: contexts.texts, path: "/products", to: &values)
        // Who is asking is unknown without a request: the frame shows every link, as each
        // route still asks for itself.
        values["may"] = ["write": true, "addOrRemove": true, "manageAccounts": true]
        let html: [UInt8]
        do {
            html = try renderer.templates.render("error", .object(values))
        } catch {
            renderer.logger.log(.error, "rendering the error page failed: \(error)")
            return Self.plain(status, nil)
        }
        var response = HTTPResponse(status: status, headers: HTTPResponse.htmlHeaders, bytes: html)
        response.headers["Cache-Control"] = "no-store"
        response.headers["Content-Language"] = "ko, en"
        response.headers["Vary"] = "Accept-Language, Cookie"
        return response
    }

    /// The page without templates, for when the templates themselves cannot render (a broken
    /// template in development mode): the heading and the cause in the reader's language, or in
    /// both without a request.
    static func plain(_ status: HTTPStatus, _ request: HTTPRequest?) -> HTTPResponse {
        let languages = request.map { [Language($0)] } ?? [.ko, .en]
        let sections = languages.enumerated().map { index, language in
            let wording = Wording(language)
            let heading = index > 0 ? "h2" : "h1"
            let open = index > 0 ? "<section lang=\"\(language.rawValue)\">" : "<section>"
            return """
                \(open)
                <\(heading)>\(HTMLEscaping.escape(wording.serverHeading(status, upload: .other)))</\(heading)>
                <p>\(HTMLEscaping.escape(wording.serverMessage(status, upload: .other)))</p>
                <p><a href="/products">← \(HTMLEscaping.escape(wording[.backToProducts]))</a></p>
                </section>
                """
        }
        let first = Wording(languages[0])
        let title = languages.map { HTMLEscaping.escape(Wording($0).serverHeading(status, upload: .other)) }.joined(separator: " / ")
        let html = """
            <!doctype html>
            <html lang="\(languages[0].rawValue)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title) · \(HTMLEscaping.escape(first[.siteName]))</title>
            <link rel="stylesheet" href="/static/css/site.css">
            </head>
            <body>
            <main class="error-page">
            \(sections.joined(separator: "\n"))
            </main>
            </body>
            </html>

            """
        var response = HTTPResponse.html(html, status: status)
        response.headers["Cache-Control"] = "no-store"
        response.headers["Content-Language"] = languages.map(\.rawValue).joined(separator: ", ")
        response.headers["Vary"] = "Accept-Language, Cookie"
        return response
    }
}
