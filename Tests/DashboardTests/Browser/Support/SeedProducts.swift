import Foundation

/// The id of a seed product of the dashboard's own vendor, found through the market's search.
func ownProduct(_ dashboard: DashboardHarness, named name: String) async throws -> Int {
    try await seedProduct(dashboard, named: name)
}

/// The id of the seed product named `name` (of any vendor), found through the market's search.
func seedProduct(_ dashboard: DashboardHarness, named name: String) async throws -> Int {
    let ids = try await dashboard.marketPageIDs(page: 1, perPage: 10, search: name)
    for id in ids where try await dashboard.marketProduct(id)["name"] as? String == name {
        return id
    }
    throw HTTPTestClient.Failure(description: "no seed product named \(name)")
}
