import Foundation
import MarketClient

/// A deleted product the recycle bin holds: its detail as the market last showed it, and the
/// bytes of its original images (files under `data-dir/trash/{entry}/`).
struct TrashItem: Sendable, Equatable {
    /// Where the delete stands.
    enum State: String, Sendable {
        /// Sent, not answered yet (or interrupted by a crash: see `RecycleBin.init`).
        case deleting
        case deleted
        /// Sent, and whether the market deleted it is unknown.
        case unknown
    }

    /// The delete's journal entry, which names the item.
    var entry: Int
    var productID: Int
    var name: String
    var keptAt: Date
    /// Images the product had.
    var imageCount: Int
    /// Images whose bytes are kept (0 once the byte budget took them).
    var keptImages: Int
    /// Bytes of the kept images.
    var bytes: Int
    var state: State
    /// The product registered again from this item, once restored.
    var restoredID: Int?
    /// The byte budget took the images (the oldest go first).
    var imagesEvicted: Bool
    /// The full detail (nil in listings, which do not read it).
    var detail: ProductDetail?

    /// Every image is kept, so a restore can send them again.
    var canRestoreImages: Bool { keptImages > 0 && keptImages == imageCount && !imagesEvicted }
}

/// An image file the recycle bin kept.
struct KeptImage: Sendable, Equatable {
    var number: Int
    var format: ImageFormat
    var bytes: [UInt8]
}
