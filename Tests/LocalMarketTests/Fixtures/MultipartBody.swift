import Foundation

/// Builds `multipart/form-data` bodies the way API clients do (CRLF line endings).
struct MultipartBody {
    let boundary: String
    /// The parts so far, without the close delimiter.
    private(set) var content: [UInt8] = []

    init(boundary: String = "Boundary-test") {
        self.boundary = boundary
    }

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    func part(_ name: String, filename: String? = nil, contentType: String? = nil, _ body: [UInt8]) -> MultipartBody {
        var copy = self
        var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\""
        if let filename { head += "; filename=\"\(filename)\"" }
        head += "\r\n"
        if let contentType { head += "Content-Type: \(contentType)\r\n" }
        head += "\r\n"
        copy.content += Array(head.utf8) + body + Array("\r\n".utf8)
        return copy
    }

    func json(_ name: String, _ object: [String: Any]) -> MultipartBody {
        let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
        return part(name, contentType: "application/json", Array(data))
    }

    func files(_ name: String, _ images: [[UInt8]]) -> MultipartBody {
        var body = self
        for (index, image) in images.enumerated() {
            let isPNG = image.first == 0x89
            body = body.part(
                name, filename: "\(index + 1).\(isPNG ? "png" : "jpg")",
                contentType: isPNG ? "image/png" : "image/jpeg", image)
        }
        return body
    }

    /// The whole body, with its close delimiter.
    var bytes: [UInt8] { content + Array("--\(boundary)--\r\n".utf8) }
}
