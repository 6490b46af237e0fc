/// Turns parser events into `MultipartPart`s. File parts stay in memory up to
/// `limits.memoryThreshold` bytes; past that they spool to a file in a private directory
/// (0700, files 0600) made under `spoolDirectory` on first need. The parser enforces the size
/// limits as bytes stream, so the collector never holds more than the threshold plus one chunk
/// of a spooled part.
///
/// An empty file input (`filename=""` and no bytes, what a browser sends for an untouched
/// `<input type=file>`) is dropped: it means "no file chosen".
///
/// Spooled files belong to the collector: call `cleanup()` when done with the parts (copy a file
/// elsewhere first to keep it). `collect(from:)` cleans up by itself when it throws.
public struct MultipartCollector: Sendable {
    public let limits: MultipartLimits
    /// Where the private spool directory is made; nil keeps every part in memory.
    public let spoolParent: String?
    /// Complete parts so far, in body order.
    public private(set) var parts: [MultipartPart] = []
    /// True once the parser reported `.end`.
    public private(set) var isComplete = false
    /// The private directory holding spooled parts, once one was needed.
    public private(set) var spoolDirectory: String?
    /// Every file spooled so far (also those of parts still being read).
    public private(set) var spooledFiles: [String] = []

    private var head: MultipartPartHead?
    private var pending: [UInt8] = []
    private var spoolFile: String?
    private var spooledSize = 0

    /// Bytes gathered before each write to a spool file.
    static let flushSize = 64 * 1024

    public init(limits: MultipartLimits = MultipartLimits(), spoolDirectory: String?) {
        self.limits = limits
        self.spoolParent = spoolDirectory
    }

    /// Pulls events from `parser` until it needs more data (false) or ends (true).
    /// On error, removes anything spooled, then throws.
    public mutating func collect(from parser: inout MultipartParser) throws(MultipartError) -> Bool {
        do {
            while true {
                let event = try parser.next()
                switch event {
                case .needMoreData: return false
                case .end:
                    try consume(event)
                    return true
                default:
                    try consume(event)
                }
            }
        } catch {
            cleanup()
            throw error
        }
    }

    /// Applies one event.
    public mutating func consume(_ event: MultipartEvent) throws(MultipartError) {
        switch event {
        case .partHeaders(let newHead):
            head = newHead
            pending.removeAll(keepingCapacity: true)
            spoolFile = nil
            spooledSize = 0
        case .partBody(let chunk):
            pending.append(contentsOf: chunk)
            if let path = spoolFile {
                if pending.count >= Self.flushSize { try flush(to: path) }
            } else if let parent = spoolParent, head?.isFile == true, pending.count > limits.memoryThreshold {
                try startSpool(in: parent)
            }
        case .partEnd:
            guard let head else { return }
            let content: MultipartPart.Content
            if let path = spoolFile {
                try flush(to: path)
                content = .file(path: path, size: spooledSize)
            } else {
                content = .memory(pending)
            }
            self.head = nil
            spoolFile = nil
            pending = []
            // An untouched file input: "no file chosen".
            if head.filename == "", content == .memory([]) { return }
            parts.append(MultipartPart(head: head, content: content))
        case .end:
            isComplete = true
        case .needMoreData:
            break
        }
    }

    /// Removes every spooled file and the private directory. Parts with `.file` content
    /// cannot be read afterwards.
    public func cleanup() {
        guard let spoolDirectory else { return }
        MultipartSpool.remove(files: spooledFiles, directory: spoolDirectory)
    }

    private mutating func startSpool(in parent: String) throws(MultipartError) {
        let directory: String
        if let spoolDirectory {
            directory = spoolDirectory
        } else {
            directory = try MultipartSpool.makeDirectory(in: parent)
            spoolDirectory = directory
        }
        let path = "\(directory)/part-\(spooledFiles.count + 1)"
        try MultipartSpool.create(path, with: pending)
        spooledFiles.append(path)
        spoolFile = path
        spooledSize = pending.count
        pending.removeAll(keepingCapacity: true)
    }

    private mutating func flush(to path: String) throws(MultipartError) {
        guard !pending.isEmpty else { return }
        try MultipartSpool.append(pending, to: path)
        spooledSize += pending.count
        pending.removeAll(keepingCapacity: true)
    }
}
