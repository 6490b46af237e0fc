extension HTTPParserLimits {
    /// The parser's limits from the server's configuration.
    public init(_ configuration: ServerConfiguration) {
        self.init(
            maxRequestLineBytes: configuration.maxRequestLineBytes,
            maxHeaderBytes: configuration.maxHeaderBytes,
            maxHeaderFields: configuration.maxHeaderFields)
    }
}
