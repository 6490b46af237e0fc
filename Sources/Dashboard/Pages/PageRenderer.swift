import HTTPServer
import Templating

/// Renders page templates into HTML responses. A template that fails to render (a bug, or a
/// broken edit in development mode) is logged and answered with a plain error page.
struct PageRenderer: Sendable {
    let templates: TemplateRenderer
    let logger: ServerLogger

    init(templates: TemplateRenderer, logger: ServerLogger) {
        self.templates = templates
        self.logger = logger
    }

    /// Loads the templates of `directory` once (no development-mode reloading).
    init(templatesDirectory: String, logger: ServerLogger) throws {
        self.init(templates: try TemplateRenderer(directory: templatesDirectory), logger: logger)
    }

    func page(_ name: String, _ context: TemplateObject, status: HTTPStatus = .ok) -> HTTPResponse {
        do {
            return Self.htmlResponse(try templates.render(name, .object(context)), status: status)
        } catch {
            logger.log(.error, "rendering \(name) failed: \(error)")
            return ErrorPage.response(.internalServerError, "This page could not be shown. Please try again.")
        }
    }

    static func htmlResponse(_ html: [UInt8], status: HTTPStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], bytes: html)
    }

    /// The request's own path and query, as a link to try it again. Never starting with `//`
    /// (nor `/\`, which browsers read the same way): a request for `//products?x` must not
    /// render `href="//products?x"`, a link to a host named `products`.
    static func retryHref(for request: HTTPRequest) -> String {
        var target = Substring(request.target)
        while let first = target.first, first == "/" || first == "\\" { target = target.dropFirst() }
        return "/" + target
    }

    /// A full error page in the site layout, with a retry link where trying again can help.
    func error(_ status: HTTPStatus, heading: String, message: String, retryHref: String?) -> HTTPResponse {
        var context: TemplateObject = [
            "title": .string(heading),
            "heading": .string(heading),
            "message": .string(message),
        ]
        if let retryHref { context["retryHref"] = .string(retryHref) }
        var response = page("error", context, status: status)
        response.headers["Cache-Control"] = "no-store"
        return response
    }
}
