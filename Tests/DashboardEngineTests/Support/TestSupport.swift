// The shared test helpers (Tests/TestSupport: SplitMix64, Gate, ScriptedMarket…) for every file
// of this target, without an import in each.
@_exported import TestSupport
