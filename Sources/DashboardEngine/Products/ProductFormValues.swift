import Foundation
import MarketClient

/// What the person typed, as text, exactly as it came: the form is refilled from this after any
/// failure, so nothing typed is lost (the templates escape it).
package struct ProductFormValues: Sendable, Equatable {
    package var name = ""
    package var description = ""
    package var price = ""
    package var discountedPrice = "0"
    package var stock = ""
    package var currency = "KRW"
    /// Edit only: the image chosen as thumbnail (an id from the product's images), or empty.
    package var thumbnailID = ""

    package init() {}
}
