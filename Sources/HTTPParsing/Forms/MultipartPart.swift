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
    public enum Content: Sendable, Equatable {
        case memory([UInt8])
        /// Spooled to a temp file owned by the `MultipartCollector` that made it
        /// (removed by its `cleanup()`).
        case file(path: String, size: Int)
    }

    public var head: MultipartPartHead
    public var content: Content

    public init(head: MultipartPartHead, content: Content) {
        self.head = head
        self.content = content
    }

    public init(
        name: String, filename: String? = nil, contentType: String? = nil,
        headers: HTTPHeaders = [:], content: Content
    ) {
        self.init(
            head: MultipartPartHead(name: name, filename: filename, contentType: contentType, headers: headers),
            content: content)
    }

    public var name: String { head.name }
    public var filename: String? { head.filename }
    public var contentType: String? { head.contentType }
    public var headers: HTTPHeaders { head.headers }
    public var isFile: Bool { head.isFile }

    public var size: Int {
        switch content {
        case .memory(let bytes): bytes.count
        case .file(_, let size): size
        }
    }

    /// The part's bytes, read from its spool file if it has one.
    public func bytes() throws(MultipartError) -> [UInt8] {
        switch content {
        case .memory(let bytes): bytes
        case .file(let path, _): try MultipartSpool.readFile(path)
        }
    }

    /// The bytes decoded as UTF-8 (invalid sequences become U+FFFD), as a field's value.
    /// Empty if a spooled file cannot be read.
    public var text: String {
        String(decoding: (try? bytes()) ?? [], as: UTF8.self)
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
