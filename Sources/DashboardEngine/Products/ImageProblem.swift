/// What is wrong with an uploaded image, so it cannot be used (the register form keeps the
/// others, an import row says which of its images it is). `busy` and `unavailable` are the
/// server's side of the same answer: the form words each with what to do.
package enum ImageProblem: Error, Sendable, Equatable {
    case notJPEGOrPNG
    /// Over `ProductFieldRules.maxImageBytes`; its size.
    case tooLarge(bytes: Int)
    /// A JPEG or PNG cut short or damaged; the format's name.
    case damaged(format: String)
    /// A sixth image.
    case tooMany
    /// The server keeps too many unfinished forms now.
    case busy
    /// The server could not keep it (its folder failed).
    case unavailable
}

extension ImageProblem: StoredCode {
    var stored: CodeAndArguments {
        switch self {
        case .notJPEGOrPNG: CodeAndArguments("not-jpeg-or-png")
        case .tooLarge(let bytes): CodeAndArguments("too-large", bytes)
        case .damaged(let format): CodeAndArguments("damaged", format)
        case .tooMany: CodeAndArguments("too-many")
        case .busy: CodeAndArguments("busy")
        case .unavailable: CodeAndArguments("unavailable")
        }
    }

    init?(stored: CodeAndArguments) {
        switch stored.code {
        case "not-jpeg-or-png": self = .notJPEGOrPNG
        case "too-large": guard let bytes = stored.integer(0) else { return nil }; self = .tooLarge(bytes: bytes)
        case "damaged": guard let format = stored.text(0) else { return nil }; self = .damaged(format: format)
        case "too-many": self = .tooMany
        case "busy": self = .busy
        case "unavailable": self = .unavailable
        default: return nil
        }
    }
}
