import Foundation

/// A write body: the payload's fields plus `secret`, which only the client adds, at the moment
/// it encodes the request. Keys are sorted so the bytes are the same every time.
struct SecretBearing<Payload: Encodable>: Encodable {
    let payload: Payload
    let secret: String

    private enum CodingKeys: String, CodingKey {
        case secret
    }

    func encode(to encoder: any Encoder) throws {
        try payload.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(secret, forKey: .secret)
    }

    func jsonBytes() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(self))
    }
}

/// The archived lookup's payload: nothing but the secret.
struct NoFields: Encodable {
    func encode(to encoder: any Encoder) throws {
        _ = encoder.container(keyedBy: AnyCodingKey.self)
    }
}
