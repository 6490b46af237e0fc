import HTTPServer

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
            <title>\(status.rawValue) \(HTML.escape(status.reasonPhrase)) · Open Market</title>
            <link rel="stylesheet" href="/static/css/site.css">
            </head>
            <body>
            <main class="error-page">
            <h1>\(status.rawValue) \(HTML.escape(status.reasonPhrase))</h1>
            <p>\(HTML.escape(message))</p>
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

/// HTML escaping over unicode scalars (never `Character`s: a `"` followed by a combining
/// mark is one Character but must still be escaped).
enum HTML {
    static func escape(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            case "'": out.append(contentsOf: "&#39;".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
