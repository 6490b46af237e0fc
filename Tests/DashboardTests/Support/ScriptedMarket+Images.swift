@testable import Dashboard

extension ScriptedMarket {
    /// The scripted market's image host as the image cache fetches from it.
    var imageFetcher: ImageCache.Fetcher {
        { url in try await self.image(url) }
    }
}
