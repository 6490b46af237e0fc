import DashboardEngine
import Foundation

/// Where the recycle bin downloads a deleted product's original images: through the image
/// cache, so that an image the dashboard showed is not asked of the market again, and with
/// its URL registered first, as a page registers what it shows. The memory tier then holds
/// only registered keys, which lets `ImageHandler` answer a picture in memory with one lookup
/// while the registry has forgotten none.
struct RegisteredImageSource: ImageSource {
    let cache: ImageCache
    let registry: ImageURLRegistry

    func imageBytes(at url: URL) async throws -> [UInt8] {
        try await cache.image(for: url, key: registry.register(url)).bytes
    }
}
