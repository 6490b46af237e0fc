extension MarketGateway {
    /// Why the market's latest answer to a read was none, or nil when it answered: pages shown
    /// from what was read earlier (the catalog snapshot) say the market is not answering before
    /// a count of their own fails. Worded here, as a count's failure is, so the gateway knows
    /// nothing of the catalog.
    package var readFailure: CatalogError.Code? { unansweredRead.map(CatalogSnapshotStore.reason) }
}
