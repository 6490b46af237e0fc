import DashboardEngine

/// An image a person already uploaded with a form that was not accepted yet, kept on disk by
/// `ImageStash` so the re-rendered form can show it and the next submit can send it.
struct StashedImage: Sendable, Equatable {
    /// Stable within its form (1, 2, ...): names the thumbnail URL and the `remove_image` value.
    let number: Int
    /// What the browser called it; shown to the person and sent upstream, never used as a path.
    let filename: String
    let format: ImageFormat
    let size: Int
    /// SHA-256 of the bytes, hex: the same picture uploaded twice is kept once.
    let digest: String
    let path: String
}

extension StashedImage {
    /// The name sent upstream: the person's, when it is plain; otherwise a neutral one.
    var uploadName: String {
        Self.uploadName(filename, number: number, format: format)
    }

    /// The name sent upstream for an image called `filename`, the `number`th of its product.
    static func uploadName(_ filename: String, number: Int, format: ImageFormat) -> String {
        let plain = filename.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 && $0 != "\"" && $0 != "\\" && $0 != "/" }
        if plain, !filename.isEmpty, filename.count <= 100 { return filename }
        return "image-\(number)." + (format == .png ? "png" : "jpg")
    }
}
