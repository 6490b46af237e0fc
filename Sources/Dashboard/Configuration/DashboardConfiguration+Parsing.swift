import Foundation
import HTTPServer

extension DashboardConfiguration {
    /// One option: its flag, its environment variable, and how it applies a value.
    struct Option: Sendable {
        let flag: String
        let environment: String?
        let help: String
        let apply: @Sendable (inout DashboardConfiguration, String) throws(ConfigurationError) -> Void
    }

    static let options: [Option] = [
        Option(flag: "--host", environment: "DASHBOARD_HOST", help: "address to listen on (default 127.0.0.1; localhost binds IPv4 and IPv6)") { c, v throws(ConfigurationError) in
            guard !v.isEmpty else { throw .invalid("--host needs an address, such as 127.0.0.1") }
            c.host = v
        },
        Option(flag: "--accounts", environment: "DASHBOARD_ACCOUNTS", help: "auto (on once an account exists) or required (always on) (default auto)") { c, v throws(ConfigurationError) in
            guard let setting = AccountsSetting(rawValue: v.lowercased()) else {
                throw .invalid("--accounts must be auto or required, not \"\(v)\"")
            }
            c.accounts = setting
        },
        Option(flag: "--trusted-proxy", environment: "DASHBOARD_TRUSTED_PROXIES", help: "address of a reverse proxy whose X-Forwarded-For and X-Forwarded-Proto are believed (repeatable; env: comma-separated)") { c, v throws(ConfigurationError) in
            for item in listItems(v) {
                guard let address = NetworkAddress(item) else {
                    throw .invalid("--trusted-proxy must be the proxy's IP address, such as 127.0.0.1 or ::1, not \"\(item)\"")
                }
                if !c.trustedProxies.contains(address.description) { c.trustedProxies.append(address.description) }
            }
        },
        Option(flag: "--public-name", environment: "DASHBOARD_PUBLIC_NAMES", help: "a host name people reach the dashboard by, which the Host check accepts (repeatable; env: comma-separated)") { c, v throws(ConfigurationError) in
            for item in listItems(v) {
                guard let name = publicName(item) else {
                    throw .invalid("--public-name must be a host name such as shop.example.com or an IP address, without scheme or port, not \"\(item)\"")
                }
                if !c.publicNames.contains(name) { c.publicNames.append(name) }
            }
        },
        Option(flag: "--port", environment: "DASHBOARD_PORT", help: "port to listen on (default 8080; 0 picks a free port)") { c, v throws(ConfigurationError) in
            guard let port = Int(v), (0...65535).contains(port) else {
                throw .invalid("--port must be a number from 0 to 65535, not \"\(v)\"")
            }
            c.port = port
        },
        Option(flag: "--upstream", environment: "OPENMARKET_BASE_URL", help: "Open Market API base URL (default: start the embedded market)") { c, v throws(ConfigurationError) in
            guard let url = URL(string: v), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
                throw .invalid("--upstream must be an http(s) URL such as https://openmarket.yagom-academy.kr, not \"\(v)\"")
            }
            c.marketURL = url
        },
        Option(flag: "--identifier", environment: "OPENMARKET_IDENTIFIER", help: "vendor identifier for writes (default: the embedded market's vendor)") { c, v in
            c.identifier = v
        },
        Option(flag: "--secret", environment: "OPENMARKET_SECRET", help: "vendor secret for writes (never shown or logged; visible in the process list, prefer --secret-file)") { c, v in
            c.secret = v
        },
        Option(flag: "--secret-file", environment: "OPENMARKET_SECRET_FILE", help: "file whose first line is the vendor secret") { c, v throws(ConfigurationError) in
            c.secret = try readSecretFile(v)
        },
        Option(flag: "--vendor-id", environment: "OPENMARKET_VENDOR_ID", help: "the vendor_id of --identifier (default: learned from the first product registered)") { c, v throws(ConfigurationError) in
            guard let id = Int(v), id > 0 else {
                throw .invalid("--vendor-id must be a whole number above 0 (the vendor_id on your products), not \"\(v)\"")
            }
            c.vendorID = id
        },
        Option(flag: "--read-timeout", environment: "OPENMARKET_READ_TIMEOUT", help: "seconds a market read may take (default 8)") { c, v throws(ConfigurationError) in
            c.readTimeout = try seconds(v, flag: "--read-timeout")
            // The CSV and "My products" wait for a first count as long as a read may take.
            c.catalog.waitLimit = c.readTimeout
        },
        Option(flag: "--write-timeout", environment: "OPENMARKET_WRITE_TIMEOUT", help: "seconds a market write may take (default 30)") { c, v throws(ConfigurationError) in
            c.writeTimeout = try seconds(v, flag: "--write-timeout")
        },
        Option(flag: "--data-dir", environment: "DASHBOARD_DATA_DIR", help: "where the embedded market and form drafts live") { c, v in
            c.dataDirectory = URL(fileURLWithPath: v, isDirectory: true)
        },
        Option(flag: "--cache-dir", environment: "DASHBOARD_CACHE_DIR", help: "where cached product images live") { c, v in
            c.cacheDirectory = URL(fileURLWithPath: v, isDirectory: true)
        },
        Option(flag: "--public-dir", environment: "DASHBOARD_PUBLIC_DIR", help: "static files (default: ./Public, else Public/ beside the executable)") { c, v in
            c.publicDirectory = URL(fileURLWithPath: v, isDirectory: true)
        },
        Option(flag: "--templates-dir", environment: "DASHBOARD_TEMPLATES_DIR", help: "page templates (default: ./Templates, else Templates/ beside the executable)") { c, v in
            c.templatesDirectory = URL(fileURLWithPath: v, isDirectory: true)
        },
        Option(flag: "--log-level", environment: "DASHBOARD_LOG_LEVEL", help: "debug, info, warning, error or off (default info)") { c, v throws(ConfigurationError) in
            guard let level = ServerLogger.Level(name: v) else {
                throw .invalid("--log-level must be debug, info, warning, error or off, not \"\(v)\"")
            }
            c.logLevel = level
        },
        Option(flag: "--time-zone", environment: "DASHBOARD_TIME_ZONE", help: "IANA time zone pages show times in, such as Asia/Seoul (default: the machine's)") { c, v throws(ConfigurationError) in
            c.timeZone = try timeZone(v)
        },
        Option(flag: "--request-timeout", environment: "DASHBOARD_REQUEST_TIMEOUT", help: "seconds a request's head and body may take to arrive (default 60)") { c, v throws(ConfigurationError) in
            guard let seconds = Int(v), (1...3600).contains(seconds) else {
                throw .invalid("--request-timeout must be a whole number of seconds from 1 to 3600, not \"\(v)\"")
            }
            c.requestTimeout = .seconds(seconds)
        },
        Option(flag: "--image-memory-cache-mb", environment: "DASHBOARD_IMAGE_MEMORY_CACHE_MB", help: "memory for cached images, in MB (default 32)") { c, v throws(ConfigurationError) in
            c.imageMemoryCacheBytes = try megabytes(v, flag: "--image-memory-cache-mb")
        },
        Option(flag: "--image-disk-cache-mb", environment: "DASHBOARD_IMAGE_DISK_CACHE_MB", help: "disk for cached images, in MB (default 256)") { c, v throws(ConfigurationError) in
            c.imageDiskCacheBytes = try megabytes(v, flag: "--image-disk-cache-mb")
        },
        Option(flag: "--dev", environment: "DASHBOARD_DEV", help: "re-read templates when they change (true/false)") { c, v throws(ConfigurationError) in
            c.developmentMode = try boolean(v, flag: "--dev")
        },
        Option(flag: "--page-cache", environment: "DASHBOARD_PAGE_CACHE", help: "keep rendered list pages while their data is unchanged (true/false, default true)") { c, v throws(ConfigurationError) in
            c.pageCache = try boolean(v, flag: "--page-cache")
        },
        Option(flag: "--low-stock", environment: "DASHBOARD_LOW_STOCK", help: "a product with 1 to N left is low on stock (default 5)") { c, v throws(ConfigurationError) in
            guard let count = Int(v), (1...1_000_000).contains(count) else {
                throw .invalid("--low-stock must be a whole number from 1 to 1000000, not \"\(v)\"")
            }
            c.lowStockThreshold = count
        },
        Option(flag: "--history-days", environment: "DASHBOARD_HISTORY_DAYS", help: "days the history of writes is kept (default 90)") { c, v throws(ConfigurationError) in
            c.historyDays = try days(v, flag: "--history-days")
        },
        Option(flag: "--price-history-days", environment: "DASHBOARD_PRICE_HISTORY_DAYS", help: "days each product's price states are kept (default 400)") { c, v throws(ConfigurationError) in
            c.priceHistoryDays = try days(v, flag: "--price-history-days")
        },
        Option(flag: "--reference-days", environment: "DASHBOARD_REFERENCE_DAYS", help: "days before a sale whose lowest price is its reference (default 30)") { c, v throws(ConfigurationError) in
            c.referenceDays = try days(v, flag: "--reference-days", in: 1...365)
        },
        Option(flag: "--trash-days", environment: "DASHBOARD_TRASH_DAYS", help: "days the recycle bin keeps a deleted product (default 30)") { c, v throws(ConfigurationError) in
            c.trash.retentionDays = try days(v, flag: "--trash-days")
        },
        Option(flag: "--trash-bytes", environment: "DASHBOARD_TRASH_BYTES", help: "bytes of images the recycle bin keeps, such as 536870912, 512M or 2G (default 512M)") { c, v throws(ConfigurationError) in
            c.trash.byteBudget = try byteSize(v, flag: "--trash-bytes")
        },
    ]

    /// An IANA zone name Foundation knows: `Area/Location` (`Asia/Seoul`, `America/New_York`,
    /// `Etc/GMT-9`) or `UTC`. Abbreviations are refused even where Foundation maps them to a
    /// zone: `IST` names India, Ireland and Israel, and `PST` resolves to a fixed UTC-8 that
    /// never switches to summer time, so a vendor on the US west coast would see every time an
    /// hour off for half the year. Offsets such as `GMT+9` are refused too: a fixed offset never
    /// follows a place's summer time (`Etc/GMT-9` still names one, for whoever wants it).
    static func timeZone(_ value: String) throws(ConfigurationError) -> TimeZone {
        guard !value.isEmpty else {
            throw .invalid("--time-zone needs an IANA time zone name, such as Asia/Seoul, America/New_York or UTC")
        }
        guard value == "UTC" || value.contains("/"), let zone = TimeZone(identifier: value) else {
            throw .invalid(
                "--time-zone must be an IANA time zone name such as Asia/Seoul, America/New_York or UTC, not \"\(value)\" (abbreviations such as KST or PST are not accepted)")
        }
        return zone
    }

    /// The items of a repeatable option's value: split at commas (an environment variable
    /// holds several), trimmed, empty ones dropped; one empty item when there is none, so that
    /// an empty flag is refused.
    private static func listItems(_ value: String) -> [String] {
        let items = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return items.isEmpty ? [""] : items
    }

    /// A name for the `Host` check: a DNS name (letters, digits, `-`, `.`, `_`), lower-cased,
    /// or an address literal (IPv6 in brackets, as a `Host` header writes it); nil otherwise.
    static func publicName(_ value: String) -> String? {
        if let address = NetworkAddress(value) {
            return address.description.contains(":") ? "[\(address.description)]" : address.description
        }
        let name = value.lowercased()
        guard !name.isEmpty, name.utf8.count <= 253, !name.hasPrefix("."), !name.hasPrefix("-"),
            name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || "-._".unicodeScalars.contains($0) })
        else { return nil }
        return name
    }

    private static func days(_ value: String, flag: String, in range: ClosedRange<Int> = 1...3650) throws(ConfigurationError) -> Int {
        guard let days = Int(value), range.contains(days) else {
            throw .invalid("\(flag) must be a whole number of days from \(range.lowerBound) to \(range.upperBound), not \"\(value)\"")
        }
        return days
    }

    /// Bytes, plain or with a unit: `536870912`, `512K`, `512M`, `2G` (`KB`, `MB`, `GB` too;
    /// powers of 1024), at most 1 PB.
    static func byteSize(_ value: String, flag: String) throws(ConfigurationError) -> Int {
        var text = value.trimmingCharacters(in: .whitespaces).uppercased()
        if text.hasSuffix("B") { text.removeLast() }
        var unit = 1
        switch text.last {
        case "K": unit = 1024
        case "M": unit = 1024 * 1024
        case "G": unit = 1024 * 1024 * 1024
        default: break
        }
        if unit > 1 { text.removeLast() }
        guard let number = Int(text), number >= 0, case let (bytes, overflow) = number.multipliedReportingOverflow(by: unit), !overflow,
            bytes <= 1 << 50
        else {
            throw .invalid("\(flag) must be a number of bytes such as 536870912, 512M or 2G, not \"\(value)\"")
        }
        return bytes
    }

    private static func boolean(_ value: String, flag: String) throws(ConfigurationError) -> Bool {
        switch value.lowercased() {
        case "", "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: throw .invalid("\(flag) must be true or false, not \"\(value)\"")
        }
    }

    /// A timeout: seconds, decimals allowed (`2.5`), from 0.1 to 600.
    private static func seconds(_ value: String, flag: String) throws(ConfigurationError) -> Duration {
        guard let seconds = Double(value), seconds.isFinite, (0.1...600).contains(seconds) else {
            throw .invalid("\(flag) must be a number of seconds from 0.1 to 600, such as 30, not \"\(value)\"")
        }
        return .milliseconds(Int((seconds * 1000).rounded()))
    }

    private static func megabytes(_ value: String, flag: String) throws(ConfigurationError) -> Int {
        guard let mb = Int(value), (0...1_000_000).contains(mb) else {
            throw .invalid("\(flag) must be a whole number of megabytes, not \"\(value)\"")
        }
        return mb * 1024 * 1024
    }

    /// Flags win over environment variables, which win over defaults.
    /// Flags take `--flag value` or `--flag=value`; `--dev` alone means true.
    public static func parse(arguments: [String], environment: [String: String]) throws(ConfigurationError) -> DashboardConfiguration {
        var configuration = DashboardConfiguration(
            dataDirectory: defaultDirectory(environment, xdg: "XDG_DATA_HOME", fallback: ".local/share"),
            cacheDirectory: defaultDirectory(environment, xdg: "XDG_CACHE_HOME", fallback: ".cache"))
        try checkSecretSources(arguments: arguments, environment: environment)
        for option in options {
            if let name = option.environment, let value = environment[name], !value.isEmpty {
                try option.apply(&configuration, value)
            }
        }
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--help" || argument == "-h" { throw .helpRequested }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let flag = String(parts[0])
            guard let option = options.first(where: { $0.flag == flag }) else {
                throw .invalid("unknown option \"\(argument)\" (see --help)")
            }
            var value: String
            if parts.count == 2 {
                value = String(parts[1])
            } else if flag == "--dev" {
                value = "true"
            } else {
                guard index < arguments.count else { throw .invalid("\(flag) needs a value (see --help)") }
                value = arguments[index]
                index += 1
            }
            try option.apply(&configuration, value)
        }
        if (configuration.identifier == nil) != (configuration.secret == nil) && configuration.marketURL != nil {
            throw .invalid("--identifier and --secret go together: give both, or neither")
        }
        // A window longer than the kept prices would find every reference insufficient.
        if configuration.referenceDays > configuration.priceHistoryDays {
            throw .invalid(
                "--reference-days (\(configuration.referenceDays)) must be at most --price-history-days (\(configuration.priceHistoryDays)): "
                    + "keep prices at least as long as a sale's window")
        }
        return configuration
    }

    public static var usage: String {
        var lines = [
            "Usage: dashboard [options]",
            "",
            "Serves the Open Market dashboard. With no --upstream, an embedded market with sample",
            "products starts too. Every option can also be set by its environment variable.",
            "",
        ]
        for option in options {
            let flag = option.flag == "--dev" ? option.flag : option.flag + " VALUE"
            lines.append("  " + flag.padding(toLength: 30, withPad: " ", startingAt: 0) + option.help)
            if let env = option.environment { lines.append(String(repeating: " ", count: 32) + "env " + env) }
        }
        lines.append("  --help                        show this text")
        return lines.joined(separator: "\n")
    }

    static func defaultDirectory(_ environment: [String: String], xdg: String, fallback: String) -> URL {
        if let base = environment[xdg], base.hasPrefix("/") {
            return URL(fileURLWithPath: base).appendingPathComponent("open-market-dashboard", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSTemporaryDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(fallback).appendingPathComponent("open-market-dashboard", isDirectory: true)
    }

    /// `Public/` or `Templates/`: in the working directory first (`swift run dashboard` starts in
    /// the checkout), then beside the executable (a copied install). When neither holds it, the
    /// working directory's, which start-up then reports as missing, naming the flag to set.
    static func defaultResourceDirectory(
        _ name: String, workingDirectory: String = FileManager.default.currentDirectoryPath,
        executable: URL? = Bundle.main.executableURL
    ) -> URL {
        let local = URL(fileURLWithPath: workingDirectory, isDirectory: true).appendingPathComponent(name, isDirectory: true)
        if FileManager.default.fileExists(atPath: local.path) { return local }
        if let beside = executable?.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent(name, isDirectory: true),
            FileManager.default.fileExists(atPath: beside.path)
        {
            return beside
        }
        return local
    }
}
