import Foundation

/// The token in a delete path: base64 of `"{id}|{product uuid}"`. Its alphabet here never
/// yields `/` or `+` (the input is digits, hex, `-` and `|`), so it is one clean path segment.
enum DeleteToken {
    static func make(id: Int, uuid: String) -> String {
        Data("\(id)|\(uuid)".utf8).base64EncodedString()
    }

    static func parse(_ token: String) -> (id: Int, uuid: String)? {
        guard let data = Data(base64Encoded: token),
            let text = String(data: data, encoding: .utf8),
            let bar = text.firstIndex(of: "|"),
            let id = Int(text[..<bar])
        else { return nil }
        return (id, String(text[text.index(after: bar)...]))
    }
}
