// libFuzzer harness for MultipartParser, MultipartCollector and MultipartForm, compiled into
// the HTTPParsing module by Scripts/fuzz/run. Input layout:
//   byte 0        limits: even = the defaults, odd = tiny limits from bytes 1–5
//   bytes 1–5     (tiny limits only) parts, part header bytes, field bytes, file bytes, total
//   next 2 bytes  a split point in the body
//   next byte     a piece size (1–32) for a third feeding
//   a line        a Content-Type value (`multipart/form-data; boundary=X`) or a bare boundary
//   the rest      the body
// Invariants: fed whole, split in two, or in small pieces, the body gives the same parts or the
// same error; MultipartForm.parse agrees; errors are 400 or 413; parts stay within the limits;
// a boundary taken from a Content-Type is valid.

func fuzzMultipartFeed(
    _ body: [UInt8], cutAt points: [Int], boundary: String, limits: MultipartLimits
) -> Result<[MultipartPart], MultipartError> {
    var parser = MultipartParser(boundary: boundary, limits: limits)
    var collector = MultipartCollector(limits: limits)
    do throws(MultipartError) {
        for piece in fuzzPieces(body, at: points) {
            parser.append(piece)
            if try collector.collect(from: &parser) { break }
        }
        parser.finish()
        fuzzCheck(try collector.collect(from: &parser), "no end after finish()")
        return .success(collector.parts)
    } catch {
        do throws(MultipartError) {
            _ = try parser.next()
            fuzzCheck(false, "the parser went on after \(error)")
        } catch let again {
            fuzzCheck(again == error, "a second next() threw \(again), not \(error)")
        }
        return .failure(error)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMultipart(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    var limits = MultipartLimits()
    if input.byte() & 1 == 1 {
        limits.maxParts = 1 + Int(input.byte() % 8)
        limits.maxPartHeaderBytes = 1 + Int(input.byte())
        limits.maxFieldBytes = Int(input.byte())
        limits.maxFileBytes = Int(input.byte())
        limits.maxTotalFileBytes = Int(input.byte()) * 2
    }
    let split = input.uint16()
    let pieceSize = 1 + Int(input.byte() % 32)
    let contentType = String(decoding: input.line(limit: 200), as: UTF8.self)
    let body = input.rest

    let boundary: String
    if let parsed = MultipartForm.boundary(fromContentType: contentType) {
        fuzzCheck(MultipartForm.isValidBoundary(parsed), "invalid boundary \(parsed) from \(contentType)")
        boundary = parsed
    } else {
        boundary = contentType
    }

    let whole = fuzzMultipartFeed(body, cutAt: [], boundary: boundary, limits: limits)
    let cut = split % (body.count + 1)
    let halves = fuzzMultipartFeed(body, cutAt: [cut], boundary: boundary, limits: limits)
    fuzzCheck(halves == whole, "split at \(cut): \(halves) != whole \(whole)")
    let pieces = fuzzMultipartFeed(body, cutAt: fuzzEvery(pieceSize, in: body.count), boundary: boundary, limits: limits)
    fuzzCheck(pieces == whole, "\(pieceSize)-byte pieces: \(pieces) != whole \(whole)")

    let form = Result { () throws(MultipartError) in try MultipartForm.parse(body, boundary: boundary, limits: limits) }
    fuzzCheck(form == whole, "MultipartForm.parse: \(form) != fed \(whole)")

    switch whole {
    case .success(let parts):
        fuzzCheck(parts.count <= limits.maxParts, "\(parts.count) parts > \(limits.maxParts)")
        var fileBytes = 0
        for part in parts {
            if part.isFile {
                fuzzCheck(part.size <= limits.maxFileBytes, "file \(part.size) > \(limits.maxFileBytes)")
                fileBytes += part.size
            } else {
                fuzzCheck(part.size <= limits.maxFieldBytes, "field \(part.size) > \(limits.maxFieldBytes)")
            }
        }
        fuzzCheck(fileBytes <= limits.maxTotalFileBytes, "files \(fileBytes) > \(limits.maxTotalFileBytes)")
    case .failure(let error):
        fuzzCheck([400, 413].contains(error.status.rawValue), "status \(error.status.rawValue) for \(error)")
        fuzzCheck(!error.message.isEmpty, "an error without a message")
    }
    return 0
}
