import Synchronization

/// The templates of a directory, as the server uses them.
///
/// By default the directory is loaded once (start-up fails on any template error). In
/// development mode each render first checks the files' modification times and sizes (one
/// cheap listing and stat per render) and reloads the whole directory when a file was
/// changed, added or removed; a template error then surfaces from `render`, and the next
/// render retries until the file is fixed.
public final class TemplateRenderer: Sendable {
    public let directory: String
    public let developmentMode: Bool
    /// Outside development mode: the library loaded at start, read by every render without a
    /// lock (many server threads render at once; a Mutex here would be contended per page).
    private let loadedLibrary: TemplateLibrary?
    /// Development mode: the library and the files it came from, reloaded when they change.
    private let state: Mutex<State>

    private struct State {
        var library: TemplateLibrary
        var fingerprints: [String: FileFingerprint]
    }

    public init(directory: String, developmentMode: Bool = false) throws {
        self.directory = directory
        self.developmentMode = developmentMode
        let files = try TemplateDirectory.scan(directory)
        let library = try TemplateLibrary(files: files)
        state = Mutex(State(library: library, fingerprints: Self.fingerprints(of: files)))
        loadedLibrary = developmentMode ? nil : library
    }

    /// The library as of the last load (without checking the files).
    public var library: TemplateLibrary {
        loadedLibrary ?? state.withLock { $0.library }
    }

    public func render(_ name: String, _ context: TemplateValue) throws -> [UInt8] {
        try currentLibrary().render(name, context)
    }

    public func render(_ name: String, _ context: TemplateValue, into output: inout [UInt8]) throws {
        try currentLibrary().render(name, context, into: &output)
    }

    public func renderString(_ name: String, _ context: TemplateValue) throws -> String {
        try currentLibrary().renderString(name, context)
    }

    /// In development mode, reloads first if any template file changed.
    private func currentLibrary() throws -> TemplateLibrary {
        if let loadedLibrary { return loadedLibrary }
        return try state.withLock { state in
            let files = try TemplateDirectory.scan(directory)
            let fingerprints = Self.fingerprints(of: files)
            if fingerprints != state.fingerprints {
                state.library = try TemplateLibrary(files: files)
                state.fingerprints = fingerprints
            }
            return state.library
        }
    }

    private static func fingerprints(of files: [TemplateFile]) -> [String: FileFingerprint] {
        Dictionary(files.map { ($0.path, $0.fingerprint) }, uniquingKeysWith: { first, _ in first })
    }
}
