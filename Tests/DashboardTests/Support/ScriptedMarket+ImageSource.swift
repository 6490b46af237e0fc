import DashboardEngine
import Foundation
import TestSupport

/// The recycle bin's images, served by a scripted market from memory (its image URLs lead
/// nowhere).
extension ScriptedMarket: ImageSource {
    package func imageBytes(at url: URL) async throws -> [UInt8] { try await image(url).bytes }
}
