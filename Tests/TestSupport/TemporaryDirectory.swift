import Foundation

/// A fresh folder under the system's temporary directory, removed by `remove()`.
public struct TemporaryDirectory: Sendable {
    public let url: URL

    public init() {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("dashboard-tests-\(UUID().uuidString)", isDirectory: true)
    }

    /// Regular files in it, by name.
    public var fileNames: Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [])
    }

    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
