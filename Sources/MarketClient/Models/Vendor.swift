/// The vendor of a product, as the detail's `vendors` object carries it (`{"id":15,"name":"red123"}`).
public struct Vendor: Sendable, Hashable, Identifiable, Codable {
    public var id: Int
    public var name: String

    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: AnyCodingKey.self)
        id = try c.required(Int.self, "id")
        name = (try? c.value(String.self, "name")) ?? ""
    }

    enum CodingKeys: String, CodingKey {
        case id, name
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
    }
}
