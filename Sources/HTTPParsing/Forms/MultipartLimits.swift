/// Bounds for one `multipart/form-data` body, all enforced while the body streams through
/// `MultipartParser`, so an oversized part fails as soon as it crosses its limit.
public struct MultipartLimits: Sendable, Equatable {
    /// Parts in the body, counting empty file inputs (a browser sends one per empty `<input type=file>`).
    public var maxParts: Int
    /// Bytes of one part's header block, up to and including its blank line.
    public var maxPartHeaderBytes: Int
    /// Bytes of a plain field (a part without `filename`).
    public var maxFieldBytes: Int
    /// Bytes of one file part.
    public var maxFileBytes: Int
    /// Bytes of all file parts together.
    public var maxTotalFileBytes: Int

    public init(
        maxParts: Int = 16,
        maxPartHeaderBytes: Int = 8 * 1024,
        maxFieldBytes: Int = 64 * 1024,
        maxFileBytes: Int = 1024 * 1024,
        maxTotalFileBytes: Int = 4 * 1024 * 1024
    ) {
        self.maxParts = maxParts
        self.maxPartHeaderBytes = maxPartHeaderBytes
        self.maxFieldBytes = maxFieldBytes
        self.maxFileBytes = maxFileBytes
        self.maxTotalFileBytes = maxTotalFileBytes
    }
}
