// libFuzzer harness for the template parser and linker, compiled into the Templating module by
// Scripts/fuzz/run. Input: up to four template sources separated by NUL bytes, named `main`,
// `a`, `b`, `c` (so `{{> a}}` links). Invariants: each source parses or throws a TemplateError
// with a location inside it; a library loads or throws a TemplateError with a location; a
// loaded library renders every template with an empty context, twice the same, never trapping.

let fuzzTemplateNames = ["main", "a", "b", "c"]

/// Checks that a load error points inside the source it names.
func fuzzCheckLocation(_ error: TemplateError, sources: [String: [UInt8]]) {
    guard let location = error.location else { return fuzzCheck(false, "no location: \(error)") }
    guard let source = sources[location.file] else { return fuzzCheck(false, "unknown file: \(error)") }
    let lines = source.count { $0 == UInt8(ascii: "\n") } + 1
    fuzzCheck((1...lines).contains(location.line), "line out of range: \(error)")
    fuzzCheck(location.column >= 1 && location.column <= source.count + 1, "column out of range: \(error)")
    fuzzCheck(!error.description.isEmpty, "an error without a description")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplates(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size).rest
    var raw: [String: [UInt8]] = [:]
    for (name, piece) in zip(fuzzTemplateNames, input.split(separator: 0, omittingEmptySubsequences: false)) {
        raw[name] = Array(piece)
    }

    // The parser over raw bytes (what a file on disk gives, invalid UTF-8 included).
    for (name, source) in raw {
        do {
            _ = try TemplateParser.parse(name: name, file: name, source: source)
        } catch let error as TemplateError {
            fuzzCheckLocation(error, sources: raw)
        } catch {
            fuzzCheck(false, "parse threw a non-TemplateError: \(error)")
        }
    }

    // The library over Strings, as `TemplateLibrary(templates:)` takes them.
    let sources = raw.mapValues { String(decoding: $0, as: UTF8.self) }
    let library: TemplateLibrary
    do {
        library = try TemplateLibrary(templates: sources)
    } catch let error as TemplateError {
        fuzzCheckLocation(error, sources: sources.mapValues { Array($0.utf8) })
        return 0
    } catch {
        fuzzCheck(false, "load threw a non-TemplateError: \(error)")
        return 0
    }
    for name in library.names {
        do {
            let first = try library.render(name, [:])
            let second = try library.render(name, [:])
            fuzzCheck(first == second, "two renders of \(name) differ")
        } catch {
            fuzzCheck(false, "rendering \(name) with an empty context threw \(error)")
        }
    }
    return 0
}
