/// What a part's header block says: its field name, the file name if it is a file, its type.
public struct MultipartPartHead: Sendable, Equatable {
    /// The `name` parameter of `Content-Disposition`, with a browser's `%22`, `%0D`, `%0A` decoded.
    public var name: String
    /// The file name (from `filename*` when present, else `filename`), nil for a plain field.
    /// It is what the client sent: never use it as a path.
    public var filename: String?
    /// The part's `Content-Type`, nil when absent.
    public var contentType: String?
    /// Every header of the part, in order.
    public var headers: HTTPHeaders

    public init(name: String, filename: String? = nil, contentType: String? = nil, headers: HTTPHeaders = [:]) {
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.headers = headers
    }

    /// A file input, even an empty one (`filename=""`).
    public var isFile: Bool { filename != nil }
}

/// One collected part of a `multipart/form-data` body.
public struct MultipartPart: Sendable, Equatable {
    public var head: MultipartPartHead
    /// The part's body.
    public var bytes: [UInt8]

    public init(head: MultipartPartHead, bytes: [UInt8]) {
        self.head = head
        self.bytes = bytes
    }

    public init(
        name: String, filename: String? = nil, contentType: String? = nil,
        headers: HTTPHeaders = [:], bytes: [UInt8]
    ) {
        self.init(
            head: MultipartPartHead(name: name, filename: filename, contentType: contentType, headers: headers),
            bytes: bytes)
    }

    public var name: String { head.name }
    public var filename: String? { head.filename }
    public var contentType: String? { head.contentType }
    public var headers: HTTPHeaders { head.headers }
    public var isFile: Bool { head.isFile }
    public var size: Int { bytes.count }

    /// The bytes decoded as UTF-8 (invalid sequences become U+FFFD), as a field's value.
    public var text: String {
        String(decoding: bytes, as: UTF8.self)
    }
}

/// What `MultipartParser.next()` reports, in order: for each part `partHeaders`, any number of
/// `partBody` chunks, `partEnd`; then `end` once. `needMoreData` asks for `append` or `finish`.
public enum MultipartEvent: Sendable, Equatable {
    case partHeaders(MultipartPartHead)
    /// A chunk of the current part's body (at most 64 KB). Index it through its own indices:
    /// its `startIndex` is usually not 0.
    case partBody(ArraySlice<UInt8>)
    case partEnd
    case end
    case needMoreData
}
