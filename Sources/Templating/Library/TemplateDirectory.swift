import Foundation

/// A template file found under a template directory.
struct TemplateFile: Sendable, Equatable {
    /// The template name: the relative path without the extension, `/`-separated.
    let name: String
    /// The path to read, also used in error messages (`Templates/layout/head.html`).
    let path: String
    let fingerprint: FileFingerprint
}

/// What changes when a file is edited: its modification time and its size (the size also
/// catches two writes within one tick of a coarse file-system clock).
struct FileFingerprint: Sendable, Equatable {
    let modified: Date
    let size: Int
}

/// Lists the templates of a directory, recursively and in name order.
enum TemplateDirectory {
    static func scan(_ directory: String) throws -> [TemplateFile] {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw TemplateError(.unreadableFile(directory))
        }
        let root = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        guard let enumerator = fileManager.enumerator(atPath: root) else {
            throw TemplateError(.unreadableFile(directory))
        }
        let suffix = "." + TemplateLibrary.fileExtension
        var files: [TemplateFile] = []
        while let relative = enumerator.nextObject() as? String {
            let components = relative.split(separator: "/")
            guard relative.hasSuffix(suffix), !components.contains(where: { $0.hasPrefix(".") }) else { continue }
            let path = root + "/" + relative
            let attributes = try fileManager.attributesOfItem(atPath: path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            let fingerprint = FileFingerprint(
                modified: attributes[.modificationDate] as? Date ?? .distantPast,
                size: (attributes[.size] as? NSNumber)?.intValue ?? 0
            )
            files.append(TemplateFile(name: String(relative.dropLast(suffix.count)), path: path, fingerprint: fingerprint))
        }
        return files.sorted { $0.name < $1.name }
    }
}
