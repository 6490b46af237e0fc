// The engine-free helpers (Tests/TestSupport) come with this module: a target that imports
// EngineTestSupport has both.
@_exported import TestSupport
