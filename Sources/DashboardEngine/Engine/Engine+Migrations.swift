import SQLite

extension Engine {
    /// Every feature's migrations, in the order they are applied: the one list the engine opens
    /// its database with. A feature declares its own list next to its tables and joins it here;
    /// released migrations are never edited, only followed by new ones.
    package static let migrations: [SQLiteMigration] =
        HistoryJournal.migrations + RecycleBin.migrations + BatchStore.migrations + AccountStore.migrations
        + PriceTimeline.migrations
}
