/// Turns parser events into `MultipartPart`s, each held in memory: the request body already is
/// (the server reads a body whole, within its route's cap), and the parser enforces the size
/// limits as bytes stream.
///
/// An empty file input (`filename=""` and no bytes, what a browser sends for an untouched
/// `<input type=file>`) is dropped: it means "no file chosen".
public struct MultipartCollector: Sendable {
    public let limits: MultipartLimits
    /// Complete parts so far, in body order.
    public private(set) var parts: [MultipartPart] = []
    /// True once the parser reported `.end`.
    public private(set) var isComplete = false

    private var head: MultipartPartHead?
    private var pending: [UInt8] = []

    public init(limits: MultipartLimits = MultipartLimits()) {
        self.limits = limits
    }

    /// Pulls events from `parser` until it needs more data (false) or ends (true).
    public mutating func collect(from parser: inout MultipartParser) throws(MultipartError) -> Bool {
        while true {
            let event = try parser.next()
            switch event {
            case .needMoreData: return false
            case .end:
                consume(event)
                return true
            default:
                consume(event)
            }
        }
    }

    /// Applies one event.
    public mutating func consume(_ event: MultipartEvent) {
        switch event {
        case .partHeaders(let newHead):
            head = newHead
            pending.removeAll(keepingCapacity: true)
        case .partBody(let chunk):
            pending.append(contentsOf: chunk)
        case .partEnd:
            guard let head else { return }
            let bytes = pending
            self.head = nil
            pending = []
            // An untouched file input: "no file chosen".
            if head.filename == "", bytes.isEmpty { return }
            parts.append(MultipartPart(head: head, bytes: bytes))
        case .end:
            isComplete = true
        case .needMoreData:
            break
        }
    }
}
