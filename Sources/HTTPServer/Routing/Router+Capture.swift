extension Router.Route {
    /// Same method, same segments by shape: two such routes match exactly the same requests.
    func hasSameShape(as other: Router.Route) -> Bool {
        method == other.method && segments.count == other.segments.count
            && zip(segments, other.segments).allSatisfy { $0.hasSameShape(as: $1) }
    }
}

extension Router {
    /// Matches a path's UTF-8 bytes against a route's segments and returns the captured
    /// parameters, or nil. The path reads as its `/`-separated pieces with empty ones dropped
    /// (`/static//a.css` is `static`, `a.css`), walked in place: no array of pieces, no
    /// Strings but the captured values. With `keep` false nothing is captured (no parameters
    /// means a match): the check `match` runs on every route it tries.
    static func capture(_ segments: [Segment], _ path: UnsafeBufferPointer<UInt8>, keep: Bool = true) -> PathParameters? {
        var params = PathParameters()
        var position = 0
        for (index, segment) in segments.enumerated() {
            position = nextPiece(in: path, from: position)
            guard position < path.count else { return nil }
            switch segment {
            case .rest(let name):
                // Not last (an odd pattern): the pieces must number exactly the segments, or
                // at least as many when the pattern also ends in a rest parameter.
                if index != segments.count - 1 {
                    let needed = segments.count - index
                    let count = pieceCount(in: path, from: position)
                    if case .rest = segments.last {
                        guard count >= needed else { return nil }
                    } else {
                        guard count == needed else { return nil }
                    }
                }
                if keep { params[name] = String(decoding: UnsafeBufferPointer(rebasing: path[position...]), as: UTF8.self) }
                return params
            case .literal(let literal):
                let end = pieceEnd(in: path, from: position)
                guard end - position == literal.count else { return nil }
                for offset in 0..<literal.count where path[position + offset] != literal[offset] { return nil }
                position = end
            case .parameter(let name):
                let end = pieceEnd(in: path, from: position)
                if keep { params[name] = value(UnsafeBufferPointer(rebasing: path[position..<end])) }
                position = end
            case .suffixed(let name, let suffix):
                // The piece ends with the suffix, and at least one byte comes before it.
                let end = pieceEnd(in: path, from: position)
                let valueEnd = end - suffix.count
                guard valueEnd > position else { return nil }
                for offset in 0..<suffix.count where path[valueEnd + offset] != suffix[offset] { return nil }
                if keep { params[name] = value(UnsafeBufferPointer(rebasing: path[position..<valueEnd])) }
                position = end
            }
        }
        return nextPiece(in: path, from: position) == path.count ? params : nil
    }

    private static let slash = UInt8(ascii: "/")

    /// A parameter's value, percent-decoded (`+` stays a plus: this is a path, not a form).
    private static func value(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        // Most values (ids, image keys) have nothing to decode: no copy to decode into.
        raw.contains(UInt8(ascii: "%"))
            ? String(decoding: URLEncodedForm.percentDecode(raw, plusAsSpace: false), as: UTF8.self)
            : String(decoding: raw, as: UTF8.self)
    }

    /// The start of the next non-empty piece at or after `position` (the end if none).
    private static func nextPiece(in path: UnsafeBufferPointer<UInt8>, from position: Int) -> Int {
        var position = position
        while position < path.count, path[position] == slash { position += 1 }
        return position
    }

    /// The end of the piece starting at `position` (the next `/` or the end of the path).
    private static func pieceEnd(in path: UnsafeBufferPointer<UInt8>, from position: Int) -> Int {
        var end = position
        while end < path.count, path[end] != slash { end += 1 }
        return end
    }

    /// How many non-empty pieces start at or after `position`.
    private static func pieceCount(in path: UnsafeBufferPointer<UInt8>, from position: Int) -> Int {
        var count = 0
        var previous = slash
        for b in UnsafeBufferPointer(rebasing: path[position...]) {
            if b != slash && previous == slash { count += 1 }
            previous = b
        }
        return count
    }
}
