// The shared test helpers for every file of this target, without an import in each:
// Tests/EngineTestSupport (ScriptedMarket, ManualWallClock, the batch waits…) and, through it,
// Tests/TestSupport (SplitMix64, Gate, Patience…).
@_exported import EngineTestSupport
