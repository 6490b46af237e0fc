import Dashboard
import Foundation
import HTTPServer
import Lifecycle
import LocalMarket
import LocalMarketEmbedding

// Reads configuration, starts the dashboard, prints where it listens, and shuts down
// gracefully on SIGINT/SIGTERM (stop accepting, finish requests in flight, exit 0).

// `dashboard accounts add NAME --role ROLE`: a command on the data directory, no server.
if CommandLine.arguments.dropFirst().first == "accounts" {
    exit(AccountsCommand.run(arguments: Array(CommandLine.arguments.dropFirst(2)), environment: ProcessInfo.processInfo.environment))
}

// First, before anything starts a thread: a SIGINT or SIGTERM during start-up then waits for
// the server to be up and shuts it down gracefully, instead of being lost or killing it half-started.
TerminationSignals.holdUntilReady()

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("dashboard: \(message)\n".utf8))
    exit(2)
}

let configuration: DashboardConfiguration
do {
    configuration = try DashboardConfiguration.parse(
        arguments: Array(CommandLine.arguments.dropFirst()),
        environment: ProcessInfo.processInfo.environment)
} catch .helpRequested {
    print(DashboardConfiguration.usage)
    exit(0)
} catch {
    fail(error.description)
}

let app: DashboardApp
do {
    app = try DashboardApp(configuration: configuration, startEmbedded: LocalMarket.embeddedMarket)
    try app.start()
} catch let error as ConfigurationError {
    fail(error.description)
} catch {
    fail("could not start: \(error)")
}

print("Listening on \(app.url)")
do {
    if let address = try app.setupAddress() {
        print("No owner account yet: open \(address) within an hour to set one up (the address works once)")
    }
} catch {
    fail("could not start the first owner's setup: \(error)")
}
fflush(nil)

TerminationSignals.wait {
    FileHandle.standardError.write(Data("dashboard: shutting down\n".utf8))
    app.shutdown()
}
