import HTTPServer
import MarketClient

/// What a person sees when a market call fails: the status, the heading, the message and
/// whether the page offers **Try again**. The one place a `MarketError` becomes an answer; the
/// product pages (`ProductPages.upstreamFailure`) and the forms (`ProductForms.explain`) both
/// ask it.
///
/// | error                         | page (a read)                    | form (a write)                 |
/// |-------------------------------|----------------------------------|--------------------------------|
/// | `timeout`                     | 504, try again                   | 504 (*)                        |
/// | `unreachable`                 | 502, try again                   | 502                            |
/// | `malformedResponse`           | 502, try again                   | 502 (*)                        |
/// | `rejected`, a 4xx             | 502, try again                   | 422: the input was refused     |
/// | `rejected`, any other status  | 502, try again                   | 502                            |
/// | `notFound`                    | 404 for a product, else 502      | 404                            |
/// | `unauthorized`                | 502, try again                   | 403                            |
/// | `invalidRequest`              | 500                              | 422: nothing was sent          |
///
/// A read the market refuses is not the person's doing (the dashboard chose what to ask), so a
/// page answers 502 for it; on a form the person's input or ownership is what was refused, so
/// 422 and 403 say what to change. A page offers a retry link to itself except when the
/// product does not exist; a form comes back with everything typed, so submitting again is its
/// retry. (*) A write that timed out, or got an answer the dashboard cannot read, may have been
/// done: the form routes show their "outcome unknown" page (504) before asking here.
struct UpstreamFailure: Equatable, Sendable {
    /// Where the failure is shown.
    enum Situation: Equatable, Sendable {
        /// A page that reads from the market; `productID` when it shows one product.
        case page(productID: Int?)
        /// A form that writes; `action` completes "could not …" ("register the product").
        case form(action: String)
    }

    let status: HTTPStatus
    let heading: String
    let message: String
    let offersRetry: Bool

    /// Any other error (a cancelled task) reads as a market that cannot be reached.
    init(_ error: any Error, _ situation: Situation) {
        let error = error as? MarketError ?? .unreachable
        switch situation {
        case .page(let productID): self = Self.page(error, productID: productID)
        case .form(let action): self = Self.form(error, action: action)
        }
    }

    private init(_ status: HTTPStatus, _ heading: String, _ message: String, retry: Bool) {
        self.status = status
        self.heading = heading
        self.message = message
        self.offersRetry = retry
    }

    private static func page(_ error: MarketError, productID: Int?) -> UpstreamFailure {
        switch error {
        case .timeout:
            .init(.gatewayTimeout, "The market is slow to answer",
                "The Open Market did not answer in time. Your request is safe to try again.", retry: true)
        case .malformedResponse:
            .init(.badGateway, "The market sent something unexpected",
                "The Open Market answered, but not in a way this dashboard understands. Please try again later.", retry: true)
        case .rejected(_, let message):
            .init(.badGateway, "The market refused the request", "The Open Market said: \(message)", retry: true)
        case .notFound:
            if let productID {
                .init(.notFound, "Product not found", "Product \(productID) does not exist, or it was deleted.", retry: false)
            } else {
                .init(.badGateway, "The market refused the request", "The Open Market said: Not Found", retry: true)
            }
        case .unauthorized:
            .init(.badGateway, "The market refused the request",
                "The Open Market did not accept this dashboard's vendor identifier or secret (--identifier, --secret).", retry: true)
        case .invalidRequest(let what):
            .init(.internalServerError, "Nothing was sent", "The request could not be made: \(what)", retry: false)
        case .unreachable:
            .init(.badGateway, "The market is not answering",
                "The Open Market cannot be reached right now, and there is no saved copy of this page. Please try again in a moment.",
                retry: true)
        }
    }

    private static func form(_ error: MarketError, action: String) -> UpstreamFailure {
        switch error {
        case .unauthorized:
            .init(.forbidden, "The market refused",
                "The Open Market did not let this dashboard \(action): only the vendor who registered a product may change it, "
                    + "and the market must accept the dashboard's vendor identifier and secret (--identifier, --secret).", retry: false)
        case .rejected(let status, let message) where (400..<500).contains(status):
            .init(.unprocessableContent, "The market did not accept the input", "The Open Market said: \(message)", retry: false)
        case .invalidRequest(let what):
            .init(.unprocessableContent, "Nothing was sent", "The request could not be made: \(what)", retry: false)
        case .rejected(_, let message):
            .init(.badGateway, "The market could not \(action)",
                "The Open Market answered with an error: \(message). Nothing is lost; submit again when it is back.", retry: false)
        case .notFound:
            .init(.notFound, "The market could not \(action)", "The Open Market says the product does not exist.", retry: false)
        case .timeout:
            .init(.gatewayTimeout, "The market is slow to answer", "The Open Market did not answer in time.", retry: false)
        case .unreachable, .malformedResponse:
            .init(.badGateway, "The market is not answering",
                "The Open Market could not be reached. Nothing is lost; submit again in a moment.", retry: false)
        }
    }
}
