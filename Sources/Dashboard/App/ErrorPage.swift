import HTTPServer
import Templating

/// The page for errors: the status, a sentence a person can act on, and a way back.
/// Never a stack trace, never upstream details.
enum ErrorPage {
    /// A form too large to read is refused before the dashboard sees it; say how to recover.
    static let tooLargeAdvice = """
        <p>Product images must each be at most 300 KB (five at most). Go back with your browser's \
        Back button: your entries are usually still there. Choose smaller pictures, or turn on \
        JavaScript so the form makes them smaller for you.</p>
        """

    static func response(_ status: HTTPStatus, _ message: String) -> HTTPResponse {
        let html = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(status.rawValue) \(HTMLEscaping.escape(status.reasonPhrase)) · Open Market</title>
            <link rel="stylesheet" href="/static/css/site.css">
            </head>
            <body>
            <main class="error-page">
            <h1>\(status.rawValue) \(HTMLEscaping.escape(status.reasonPhrase))</h1>
            <p>\(HTMLEscaping.escape(message))</p>
            \(status == .contentTooLarge ? tooLargeAdvice : "")
            <p><a href="/">Back to the dashboard</a></p>
            </main>
            </body>
            </html>

            """
        var response = HTTPResponse.html(html, status: status)
        response.headers["Cache-Control"] = "no-store"
        return response
    }
}
