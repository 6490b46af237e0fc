import DashboardEngine
import Foundation

/// The recycle bin downloads a deleted product's original images through the image cache: an
/// image the dashboard showed is not asked of the market again.
extension ImageCache: ImageSource {
    func imageBytes(at url: URL) async throws -> [UInt8] {
        try await image(for: url).bytes
    }
}
