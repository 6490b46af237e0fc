import DashboardEngine
import Foundation
import HTTPServer
import MarketClient

/// `GET /healthz`: the dashboard's own status, whether the upstream answers, and the caches'
/// sizes and hit rates. JSON for monitors; never credentials or upstream error texts.
struct HealthHandler: HTTPHandler {
    let api: any MarketAPI
    let imageCache: ImageCache
    let marketDescription: String
    let ownVendor: OwnVendor

    func handle(_ request: HTTPRequest) async throws -> HTTPResponse {
        let started = ContinuousClock.now
        let reachable = (try? await api.health()) ?? false
        let elapsed = ContinuousClock.now - started
        let vendor = ownVendor.current
        let report = HealthReport(
            market: .init(
                url: marketDescription, reachable: reachable,
                latencyMilliseconds: Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)),
            imageCache: imageCache.stats,
            vendor: .init(id: vendor.id, source: vendor.source.rawValue))
        let data = try report.json()
        var response = HTTPResponse.json(Array(data), status: reachable ? .ok : .serviceUnavailable)
        response.headers["Cache-Control"] = "no-store"
        return response
    }
}
