import Foundation
import HTTPServer
import Lifecycle
import LocalMarket

// Serves the embedded Open Market alone: `swift run local-market [--host H] [--port P]
// [--data-dir D] [--seed-count N]`. Prints `Listening on http://HOST:PORT`; SIGINT/SIGTERM stop it gracefully.

// First, before anything starts a thread: a SIGINT or SIGTERM during start-up then waits for
// the server to be up and shuts it down gracefully, instead of being lost or killing it half-started.
TerminationSignals.holdUntilReady()

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("local-market: \(message)\n".utf8))
    exit(2)
}

let options: MarketCommandLine
do {
    options = try MarketCommandLine.parse(
        arguments: Array(CommandLine.arguments.dropFirst()),
        environment: ProcessInfo.processInfo.environment)
} catch .helpRequested {
    print(MarketCommandLine.usage)
    exit(0)
} catch {
    fail(error.description)
}

let market: LocalMarket
let url: URL
do {
    market = try LocalMarket(
        dataDirectory: options.dataDirectory, host: options.host, port: options.port, catalog: options.catalog)
    url = try market.start()
} catch {
    fail("could not start: \(error)")
}

print("Listening on \(url.absoluteString)")
fflush(nil)

TerminationSignals.wait {
    market.shutdown()
}
