import DashboardEngine
import HTTPServer
import MarketClient

/// The body of `POST /products/import`, read where it lies (the server spools it to a file;
/// `SpooledBody.withMappedBytes`): the text fields, the CSV file, and the images' names in a
/// first walk; the images the CSV names, one at a time, in a second. No more than one image
/// and the CSV file are ever copied out of the file.
struct ImportUpload: Sendable {
    var fields: [URLEncodedForm.Field] = []
    /// The `csv` file's bytes and name; nil when none was chosen.
    var csv: [UInt8]?
    var csvName = ""
    /// The names of the files of the `images` input, in order.
    var imageNames: [String] = []

    static let maxCSVBytes = BatchLimits.maxImportCSVBytes
    /// The whole request (the route's cap).
    static let maxRequestBytes = BatchLimits.maxImportRequestBytes

    /// The parser's limits: the route's cap bounds the files; many small images are fine.
    static let limits = MultipartLimits(
        maxParts: 20_000, maxPartHeaderBytes: 8 * 1024, maxFieldBytes: 64 * 1024, maxFileBytes: maxRequestBytes,
        maxTotalFileBytes: maxRequestBytes)

    enum Problem: Error, Equatable {
        /// Not `multipart/form-data` (415).
        case notMultipart
        /// The body cannot be read (400), or a part over the parser's limits (413).
        case unreadable(MultipartError)
        case csvTooLarge
        /// The spooled file could not be read back.
        case storage(String)
    }

    func value(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// The first walk: fields, the CSV file (stopping at 5 MB), the images' names.
    static func read(_ request: HTTPRequest) throws(Problem) -> ImportUpload {
        guard let boundary = MultipartForm.boundary(fromContentType: request.headers["Content-Type"] ?? "") else { throw .notMultipart }
        var upload = ImportUpload()
        var current: MultipartPartHead?
        var bytes: [UInt8] = []
        var tooLarge = false
        try walk(request, boundary: boundary) { event in
            switch event {
            case .partHeaders(let head):
                current = head
                bytes.removeAll(keepingCapacity: true)
            case .partBody(let chunk):
                guard let head = current else { return true }
                if head.filename == nil || (head.name == "csv" && upload.csv == nil) { bytes += chunk }
                if head.name == "csv", bytes.count > maxCSVBytes {
                    tooLarge = true
                    return false
                }
            case .partEnd:
                guard let head = current else { return true }
                current = nil
                if let filename = head.filename {
                    if head.name == "csv", upload.csv == nil, !(filename.isEmpty && bytes.isEmpty) {
                        upload.csv = bytes
                        upload.csvName = filename
                    } else if head.name == "images", !filename.isEmpty {
                        upload.imageNames.append(filename)
                    }
                } else {
                    upload.fields.append(URLEncodedForm.Field(head.name, String(decoding: bytes, as: UTF8.self)))
                }
            case .end, .needMoreData:
                break
            }
            return true
        }
        if tooLarge { throw .csvTooLarge }
        return upload
    }

    /// The second walk: each `images` file whose name is in `wanted`, checked as the register
    /// form checks images, given to `keep` under its name in lower case (the first file of each
    /// name). Names match whatever their case: a camera's `IMG_1.JPG` is the sheet's
    /// `img_1.jpg` (look it up with `ImportPlanner.imageKey`). A file over the size limit is counted, not copied.
    static func images(
        in request: HTTPRequest, named wanted: Set<String>, _ keep: (String, Result<ImageUpload, ImageProblem>) -> Void
    ) throws(Problem) {
        guard !wanted.isEmpty else { return }
        let wanted = Set(wanted.map(ImportPlanner.imageKey))
        guard let boundary = MultipartForm.boundary(fromContentType: request.headers["Content-Type"] ?? "") else { throw .notMultipart }
        var current: String?
        var bytes: [UInt8] = []
        var size = 0
        var kept = Set<String>()
        try walk(request, boundary: boundary) { event in
            switch event {
            case .partHeaders(let head):
                current = head.name == "images" ? head.filename.map(ImportPlanner.imageKey).flatMap { wanted.contains($0) && !kept.contains($0) ? $0 : nil } : nil
                bytes.removeAll(keepingCapacity: true)
                size = 0
            case .partBody(let chunk):
                guard current != nil else { return true }
                size += chunk.count
                if size <= ProductFieldRules.maxImageBytes { bytes += chunk }
            case .partEnd:
                guard let name = current else { return true }
                current = nil
                kept.insert(name)
                keep(name, check(name, bytes, size: size))
            case .end, .needMoreData:
                break
            }
            return true
        }
    }

    /// The register form's checks: JPEG or PNG by its bytes, at most 300 KB, a whole header.
    static func check(_ name: String, _ bytes: [UInt8], size: Int) -> Result<ImageUpload, ImageProblem> {
        guard size <= ProductFieldRules.maxImageBytes else { return .failure(.tooLarge(bytes: size)) }
        guard let format = ImageFormat(sniffing: bytes), format == .jpeg || format == .png else { return .failure(.notJPEGOrPNG) }
        guard UploadedImageHeader(bytes) != nil else { return .failure(.damaged(format: format == .png ? "PNG" : "JPEG")) }
        return .success(ImageUpload(filename: StashedImage.uploadName(name, number: 1, format: format), contentType: format.contentType, bytes: bytes))
    }

    /// Walks the request's body, spooled or in memory.
    private static func walk(_ request: HTTPRequest, boundary: String, _ visit: (MultipartEvent) -> Bool) throws(Problem) {
        do {
            if let file = request.bodyFile {
                try file.withMappedBytes { bytes in try MultipartForm.scan(bytes, boundary: boundary, limits: limits, visit) }
            } else {
                try request.body.withUnsafeBytes { bytes in try MultipartForm.scan(bytes, boundary: boundary, limits: limits, visit) }
            }
        } catch let error as MultipartError {
            throw .unreadable(error)
        } catch {
            throw .storage("\(error)")
        }
    }
}
