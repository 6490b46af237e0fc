import Foundation
import Testing

@testable import Dashboard

/// A person's steps through the forms that the history tests repeat: register, edit, delete,
/// read the history, undo, restore, each through the dashboard's own pages.
struct HistoryFlow {
    var session: FormSession

    init(_ harness: DashboardHarness) {
        session = FormSession(port: harness.port)
    }

    /// Registers a product with `pictures` (distinct bytes each) and returns its id.
    mutating func register(name: String = "Undo Kettle", pictures: [TestFile] = [.jpeg("k1.jpg", fill: 51), .png("k2.png", fill: 52)]) async throws -> Int {
        _ = try await session.open("/products/new")
        let response = try await session.post("/products", replacing(validProductFields, "name", with: name), files: pictures)
        return try #require(productID(fromLocation: response.header("Location")), "register: \(response.status)")
    }

    /// Saves the edit form of `id` with `changes` over the valid fields (name `name`).
    mutating func edit(_ id: Int, name: String = "Undo Kettle", _ changes: [(String, String)]) async throws -> TestResponse {
        _ = try await session.open("/products/\(id)/edit")
        var fields = replacing(validProductFields, "name", with: name)
        for (field, value) in changes { fields = replacing(fields, field, with: value) }
        return try await session.postURLEncoded("/products/\(id)/edit", fields)
    }

    mutating func delete(_ id: Int) async throws -> TestResponse {
        _ = try await session.open("/products/\(id)/delete")
        return try await session.postURLEncoded("/products/\(id)/delete", [])
    }

    /// The history page at `path`, as this browser sees it (its tokens taken).
    mutating func history(_ path: String = "/history") async throws -> TestResponse {
        try await session.open(path)
    }

    mutating func undo(_ entry: Int) async throws -> TestResponse {
        _ = try await session.open("/history")
        return try await session.postURLEncoded("/history/\(entry)/undo", [])
    }

    mutating func restore(_ entry: Int) async throws -> TestResponse {
        _ = try await session.open("/trash")
        return try await session.postURLEncoded("/trash/\(entry)/restore", [])
    }
}

/// One `<li data-entry-id="N" data-kind="K">` of a history page.
struct ShownEntry: Equatable {
    var id: Int
    var kind: String
    /// The entry's HTML.
    var html: String
}

enum HistoryHTML {
    /// The entries of a history page, in page order.
    static func entries(_ html: String) -> [ShownEntry] {
        var found: [ShownEntry] = []
        var rest = html[...]
        while let start = rest.range(of: "<li class=\"entry\"") {
            let tail = rest[start.lowerBound...]
            let end = tail.range(of: "</li>")?.upperBound ?? tail.endIndex
            let block = String(tail[..<end])
            let tag = HTMLScan.tags("li", in: block).first
            if let id = tag?["data-entry-id"].flatMap({ Int($0) }), let kind = tag?["data-kind"] {
                found.append(ShownEntry(id: id, kind: kind, html: block))
            }
            rest = tail[end...]
        }
        return found
    }
}
