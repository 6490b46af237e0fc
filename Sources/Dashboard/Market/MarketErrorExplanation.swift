import HTTPServer
import MarketClient

/// What a person sees when a market call fails: the status, the heading, the message and
/// whether the page offers **Try again**. The one place a `MarketError` becomes an answer; the
/// product pages (`ProductBrowsing.marketFailure`) and the forms (`ProductForms.explain`) both
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
struct MarketErrorExplanation: Equatable, Sendable {
    /// Where the failure is shown.
    enum Situation: Equatable, Sendable {
        /// A page that reads from the market; `productID` when it shows one product.
        case page(productID: Int?)
        /// A form that writes.
        case form(action: Wording.WriteAction)
    }

    let status: HTTPStatus
    let heading: String
    let message: String
    let offersRetry: Bool

    /// Any other error (a cancelled task) reads as a market that cannot be reached. The words
    /// come from `wording`, in the reader's language.
    init(_ error: any Error, _ situation: Situation, _ wording: Wording = Wording(.en)) {
        let error = error as? MarketError ?? .unreachable
        switch situation {
        case .page(let productID): self = Self.page(error, productID: productID, wording)
        case .form(let action): self = Self.form(error, action: action, wording)
        }
    }

    private init(_ status: HTTPStatus, _ text: Wording.ErrorText, retry: Bool) {
        self.status = status
        self.heading = text.heading
        self.message = text.message
        self.offersRetry = retry
    }

    private static func page(_ error: MarketError, productID: Int?, _ wording: Wording) -> MarketErrorExplanation {
        switch error {
        case .timeout:
            .init(.gatewayTimeout, wording.marketSlow, retry: true)
        case .malformedResponse:
            .init(.badGateway, wording.marketUnexpected, retry: true)
        case .rejected(_, let message):
            .init(.badGateway, wording.marketRefusedRequest(message), retry: true)
        case .notFound:
            if let productID {
                .init(.notFound, wording.productNotFound(id: productID), retry: false)
            } else {
                .init(.badGateway, wording.marketFoundNothing, retry: true)
            }
        case .unauthorized:
            .init(.badGateway, wording.marketRejectedCredentials, retry: true)
        case .invalidRequest(let what):
            .init(.internalServerError, wording.nothingSent(what), retry: false)
        case .unreachable:
            .init(.badGateway, wording.marketDown(product: productID != nil), retry: true)
        }
    }

    private static func form(_ error: MarketError, action: Wording.WriteAction, _ wording: Wording) -> MarketErrorExplanation {
        switch error {
        case .unauthorized:
            .init(.forbidden, wording.marketRefused(action), retry: false)
        case .rejected(let status, let message) where (400..<500).contains(status):
            .init(.unprocessableContent, wording.marketRejectedInput(message), retry: false)
        case .invalidRequest(let what):
            .init(.unprocessableContent, wording.nothingSent(what), retry: false)
        case .rejected(_, let message):
            .init(.badGateway, wording.marketFailed(action, said: message), retry: false)
        case .notFound:
            .init(.notFound, wording.marketFailed(action, said: nil), retry: false)
        case .timeout:
            .init(.gatewayTimeout, wording.marketSlowOnWrite, retry: false)
        case .unreachable, .malformedResponse:
            .init(.badGateway, wording.marketUnreachable, retry: false)
        }
    }
}
