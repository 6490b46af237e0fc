import Foundation

/// Where the recycle bin downloads a deleted product's original images from, before the delete
/// is sent: the dashboard's image cache (tests pass a double).
package protocol ImageSource: Sendable {
    /// The image's bytes; throws when it cannot be had.
    func imageBytes(at url: URL) async throws -> [UInt8]
}
