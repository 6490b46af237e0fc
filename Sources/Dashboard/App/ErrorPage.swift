import HTTPServer
import Templating

/// The page for errors: the status, a sentence a person can act on, and a way back.
/// Never a stack trace, never upstream details.
enum ErrorPage {
    /// The server's own error pages (no route, a refused request, a body too large), in the
    /// reader's language when the request head was read; English otherwise.
    static func response(_ status: HTTPStatus, _ message: String, _ request: HTTPRequest?) -> HTTPResponse {
        let language = request.map { Language($0) } ?? .en
        let wording = Wording(language)
        let heading = "\(status.rawValue) \(HTMLEscaping.escape(wording.reason(status)))"
        let tooLargeAdvice = request?.path == "/products/import" ? wording.importTooLargeAdvice : wording.tooLargeAdvice
        let advice = status == .contentTooLarge ? "<p>\(HTMLEscaping.escape(tooLargeAdvice))</p>" : ""
        let html = """
            <!doctype html>
            <html lang="\(language.rawValue)">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(heading) · \(HTMLEscaping.escape(wording[.siteName]))</title>
            <link rel="stylesheet" href="/static/css/site.css">
            </head>
            <body>
            <main class="error-page">
            <h1>\(heading)</h1>
            <p>\(HTMLEscaping.escape(wording.serverMessage(status, english: message)))</p>
            \(advice)
            <p><a href="/">\(HTMLEscaping.escape(wording.backToDashboard))</a></p>
            </main>
            </body>
            </html>

            """
        var response = HTTPResponse.html(html, status: status)
        response.headers["Cache-Control"] = "no-store"
        response.headers["Content-Language"] = language.rawValue
        response.headers["Vary"] = "Accept-Language, Cookie"
        return response
    }
}
