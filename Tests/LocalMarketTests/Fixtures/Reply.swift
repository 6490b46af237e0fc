import Foundation
import HTTPServer
@testable import LocalMarket

/// A response with its body read (file bodies too) and parsed as JSON when it is JSON.
struct Reply {
    var status: Int
    var headers: HTTPHeaders
    var bytes: [UInt8]

    init(_ response: HTTPResponse) {
        status = response.status.rawValue
        headers = response.headers
        switch response.body {
        case .bytes(let bytes): self.bytes = bytes
        case .file(let path, _): self.bytes = (FileManager.default.contents(atPath: path).map { Array($0) }) ?? []
        case .stream(let stream): self.bytes = stream.collect()
        }
    }

    init(status: Int, headers: HTTPHeaders, bytes: [UInt8]) {
        self.status = status
        self.headers = headers
        self.bytes = bytes
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    var json: JSONValue { (try? JSONValue.parse(bytes)) ?? .null }

    /// The `message` of a `{"code","message"}` error body.
    var message: String { json["message"]?.string ?? "" }
}

extension JSONValue {
    var int: Int? {
        if case .number(let text) = self { return Int(text) }
        return nil
    }

    var double: Double? {
        if case .number(let text) = self { return Double(text) }
        return nil
    }

    /// The number as the server spelled it (`20000.0`, `6.0E7`).
    var literal: String? {
        if case .number(let text) = self { return text }
        return nil
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    var array: [JSONValue] {
        if case .array(let values) = self { return values }
        return []
    }

    var keys: [String] {
        if case .object(let members) = self { return members.map(\.key) }
        return []
    }
}
