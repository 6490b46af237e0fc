import HTTPServer
import Templating

/// The page for errors: what happened, what to do next, and a way back. Never a stack trace,
/// never upstream details, never the status in the heading (it stays on the response).
enum ErrorPage {
    /// The server's own error pages (no route, a refused request, a body too large), in the
    /// reader's language when the request head was read. Without a head (a request line too
    /// long, a broken request) the reader's language is unknown: the page says it in Korean
    /// and in English. The server's own English sentence is for its log, not for the page.
    static func response(_ status: HTTPStatus, _ message: String, _ request: HTTPRequest?) -> HTTPResponse {
        let languages = request.map { [Language($0)] } ?? [.ko, .en]
        let upload = Wording.Upload(path: request?.path ?? "")
        let sections = languages.enumerated().map { index, language in
            section(status, Wording(language), upload: upload, marked: index > 0)
        }
        let first = Wording(languages[0])
        let title = languages.map { HTMLEscaping.escape(heading(status, Wording($0), upload: upload)) }.joined(separator: " / ")
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

    /// What happened: for a form sent too large, what was too large.
    private static func heading(_ status: HTTPStatus, _ wording: Wording, upload: Wording.Upload) -> String {
        (status == .contentTooLarge ? wording.tooLargeHeading(upload) : nil) ?? wording.serverHeading(status)
    }

    /// One language's heading, cause and fix, and the link out; `marked` gives a second
    /// language's part its own `lang`.
    private static func section(_ status: HTTPStatus, _ wording: Wording, upload: Wording.Upload, marked: Bool) -> String {
        let tooLarge = status == .contentTooLarge
        let advice = tooLarge ? "\n<p>\(HTMLEscaping.escape(wording.tooLargeAdvice(upload)))</p>" : ""
        // A form sent too large names what was too large and leads back to that form.
        let back = (tooLarge ? wording.tooLargeBack(upload) : nil).map {
            "<p><a href=\"\($0.href)\">\(HTMLEscaping.escape($0.label))</a></p>\n"
        } ?? ""
        let heading = marked ? "h2" : "h1"
        let open = marked ? "<section lang=\"\(wording.language.rawValue)\">" : "<section>"
        return """
            \(open)
            <\(heading)>\(HTMLEscaping.escape(Self.heading(status, wording, upload: upload)))</\(heading)>
            <p>\(HTMLEscaping.escape((tooLarge ? wording.tooLargeMessage(upload) : nil) ?? wording.serverMessage(status)))</p>\(advice)
            \(back)<p><a href="/products">\(HTMLEscaping.escape(wording.goToProducts))</a></p>
            </section>
            """
    }
}
