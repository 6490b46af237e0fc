import Foundation
import MarketClient

/// A deleted product the recycle bin holds: its detail as the market last showed it, and the
/// bytes of its original images (files under `data-dir/trash/{entry}/`).
package struct TrashItem: Sendable, Equatable {
    /// Where the delete stands.
    package enum State: String, Sendable {
        /// Sent, not answered yet (or interrupted by a crash: see `RecycleBin.init`).
        case deleting
        case deleted
        /// Sent, and whether the market deleted it is unknown.
        case unknown
    }

    /// The delete's journal entry, which names the item.
    package var entry: Int
    package var productID: Int
    package var name: String
    package var keptAt: Date
    /// Images the product had.
    var imageCount: Int
    /// Images whose bytes are kept (0 once the byte budget took them).
    package var keptImages: Int
    /// Bytes of the kept images.
    var bytes: Int
    package var state: State
    /// The product registered again from this item, once restored.
    package var restoredID: Int?
    /// The byte budget took the images (the oldest go first).
    var imagesEvicted: Bool
    /// The full detail (nil in listings, which do not read it).
    package var detail: ProductDetail?

    /// Every image is kept, so a restore can send them again.
    package var canRestoreImages: Bool { keptImages > 0 && keptImages == imageCount && !imagesEvicted }
}

/// An image file the recycle bin kept.
package struct KeptImage: Sendable, Equatable {
    var number: Int
    package var format: ImageFormat
    package var bytes: [UInt8]
}
