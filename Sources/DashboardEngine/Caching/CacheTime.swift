/// A reading of the continuous clock, kept as the time since a fixed origin: a `Duration`, a
/// frozen pair of integers.
///
/// `ContinuousClock.Instant` belongs to a module built for library evolution, so its size is
/// not known when this module is compiled: every struct holding one (a cached value, a list
/// page's memo entry) is then copied, compared and destroyed through the runtime, a metadata
/// lookup and a value-witness call each time. Those structs pass through every cached answer,
/// so they hold this instead; clocks still read `ContinuousClock.Instant` (tests inject them),
/// converted here once per reading.
package struct CacheTime: Hashable, Comparable, Sendable {
    let sinceOrigin: Duration

    /// The reading at `instant` (a page's memo of its entries compares readings).
    package init(_ instant: ContinuousClock.Instant) {
        sinceOrigin = Self.origin.duration(to: instant)
    }

    /// Any fixed instant will do: only differences between readings mean something.
    private static let origin = ContinuousClock.now

    /// How long from `self` to `later` (negative if `later` is earlier).
    func duration(to later: CacheTime) -> Duration {
        later.sinceOrigin - sinceOrigin
    }

    package static func < (a: CacheTime, b: CacheTime) -> Bool {
        a.sinceOrigin < b.sinceOrigin
    }
}
