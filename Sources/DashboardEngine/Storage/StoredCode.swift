import Foundation

/// A code with its arguments as text: how a problem, a warning or a note is kept in the
/// dashboard's database (`{"code":"name-length","args":["2"]}`). The code names the case in
/// words that never change with a Swift rename; amounts are their exact decimal text.
struct CodeAndArguments: Sendable, Equatable, Codable {
    var code: String
    var args: [String]

    init(_ code: String, _ arguments: any CustomStringConvertible...) {
        self.code = code
        args = arguments.map(\.description)
    }

    init(code: String, arguments: [String]) {
        self.code = code
        args = arguments
    }

    func text(_ index: Int) -> String? {
        args.indices.contains(index) ? args[index] : nil
    }

    func integer(_ index: Int) -> Int? {
        text(index).flatMap { Int($0) }
    }

    func decimal(_ index: Int) -> Decimal? {
        text(index).flatMap { Decimal(string: $0, locale: Locale(identifier: "en_US_POSIX")) }
    }

    // An empty argument list is left out of the JSON.
    private enum CodingKeys: String, CodingKey { case code, args }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        code = try container.decode(String.self, forKey: .code)
        args = try container.decodeIfPresent([String].self, forKey: .args) ?? []
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        if !args.isEmpty { try container.encode(args, forKey: .args) }
    }
}

/// A value kept in the database as a `CodeAndArguments`; `init(stored:)` is nil for a code
/// this version does not know.
protocol StoredCode {
    var stored: CodeAndArguments { get }
    init?(stored: CodeAndArguments)
}
