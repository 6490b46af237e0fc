extension DashboardDatabase {
    /// Every feature's migrations, in the order they are applied. A feature adds its own list
    /// here; released migrations are never edited, only followed by new ones.
    package static let migrations: [Migration] = HistoryJournal.migrations + RecycleBin.migrations + BatchStore.migrations
}
