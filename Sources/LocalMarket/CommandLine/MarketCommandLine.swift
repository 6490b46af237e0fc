import Foundation

/// The options of `local-market`, the executable that serves the embedded market alone.
public struct MarketCommandLine: Sendable, Equatable {
    public var host = "127.0.0.1"
    public var port = 8081
    public var dataDirectory: URL
    /// `--seed-count N`: a new data directory gets N generated products instead of the samples.
    public var seedCount: Int?

    /// What a new data directory is filled with.
    public var catalog: MarketCatalog {
        seedCount.map { .generated(count: $0) } ?? .samples
    }

    public enum Problem: Error, Equatable, CustomStringConvertible {
        case helpRequested
        case invalid(String)

        public var description: String {
            switch self {
            case .helpRequested: "help requested"
            case .invalid(let message): message
            }
        }
    }

    public static let usage = """
        Usage: local-market [--host HOST] [--port PORT] [--data-dir DIR] [--seed-count N]

        Serves the embedded Open Market API alone (the same API the dashboard uses).

          --host HOST      address to bind (default 127.0.0.1)
          --port PORT      port to bind, 0 picks a free one (default 8081)
          --data-dir DIR   where products and images are kept; seeded with sample products
                           when empty (default $XDG_DATA_HOME/open-market-dashboard/local-market,
                           or ~/.local/share/open-market-dashboard/local-market)
          --seed-count N   fill a new data directory with N generated products (deterministic
                           names, prices and stock; a few shared images) instead of the ~60
                           samples; ignored when the directory already holds a market
          --help           show this text

        Vendor credentials of the market (identifier header and secret):
        \(MarketVendor.all.map { "  \($0.name) (vendor_id \($0.id)): identifier \($0.identifier), secret \($0.secret)" }.joined(separator: "\n"))
        """

    public static func parse(arguments: [String], environment: [String: String]) throws(Problem) -> MarketCommandLine {
        var options = MarketCommandLine(dataDirectory: defaultDataDirectory(environment))
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(Problem) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
                    throw .invalid("\(name) needs a value")
                }
                return next
            }
            switch name {
            case "--help", "-h":
                throw .helpRequested
            case "--host":
                options.host = try value()
                guard !options.host.isEmpty else { throw .invalid("--host must not be empty") }
            case "--port":
                let text = try value()
                guard let port = Int(text), (0...65535).contains(port) else {
                    throw .invalid("--port must be a number from 0 to 65535, got \"\(text)\"")
                }
                options.port = port
            case "--data-dir":
                let path = try value()
                guard !path.isEmpty else { throw .invalid("--data-dir must not be empty") }
                options.dataDirectory = URL(fileURLWithPath: path, isDirectory: true)
            case "--seed-count":
                let text = try value()
                guard let count = Int(text), (0...10_000_000).contains(count) else {
                    throw .invalid("--seed-count must be a number from 0 to 10000000, got \"\(text)\"")
                }
                options.seedCount = count
            default:
                throw .invalid("unknown option \(argument) (see --help)")
            }
        }
        return options
    }

    static func defaultDataDirectory(_ environment: [String: String]) -> URL {
        let base: URL
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            // As the dashboard's folders do: an empty HOME is no home (not the working directory).
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share")
        }
        return base.appendingPathComponent("open-market-dashboard/local-market", isDirectory: true)
    }
}
