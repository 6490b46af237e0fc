/// How a note is kept in the database: one JSON object, `{"field":"price","code":
/// "price-under-discount","args":["500"]}`, with `"cell":"abc"` for an import's cell; a list of
/// notes is a JSON array (`BatchStore`). A code this version does not know reads as a sentence
/// with the code itself, so a database written by a newer version still opens; a note without
/// a cell reads as it did.
extension BatchNote: Codable {
    private enum CodingKeys: String, CodingKey { case field, code, args, cell }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        field = try container.decodeIfPresent(String.self, forKey: .field).flatMap(ProductField.init(rawValue:))
        let stored = CodeAndArguments(
            code: try container.decode(String.self, forKey: .code),
            arguments: try container.decodeIfPresent([String].self, forKey: .args) ?? [])
        code = Code(stored: stored) ?? .sentence(en: stored.code, ko: stored.code)
        cell = try container.decodeIfPresent(String.self, forKey: .cell)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(field?.rawValue, forKey: .field)
        let stored = code.stored
        try container.encode(stored.code, forKey: .code)
        if !stored.args.isEmpty { try container.encode(stored.args, forKey: .args) }
        try container.encodeIfPresent(cell, forKey: .cell)
    }
}

extension BatchNote.Code: StoredCode {
    var stored: CodeAndArguments {
        switch self {
        case .field(let problem): problem.stored
        case .row(let problem): problem.stored
        case .warning(let warning): warning.stored
        case .columns(let columns): columns.stored
        case .sentence(let en, let ko): CodeAndArguments("sentence", en, ko)
        }
    }

    init?(stored: CodeAndArguments) {
        if let problem = FieldProblem(stored: stored) {
            self = .field(problem)
        } else if let problem = BatchProblem(stored: stored) {
            self = .row(problem)
        } else if let warning = BatchWarning(stored: stored) {
            self = .warning(warning)
        } else if let columns = IgnoredColumns(stored: stored) {
            self = .columns(columns)
        } else if stored.code == "sentence", let en = stored.text(0), let ko = stored.text(1) {
            self = .sentence(en: en, ko: ko)
        } else {
            return nil
        }
    }
}

extension BatchProblem: StoredCode {
    var stored: CodeAndArguments {
        switch self {
        case .notFound(let id): CodeAndArguments("not-found", id)
        case .notOwn: CodeAndArguments("not-own")
        case .badID(let text): CodeAndArguments("bad-id", text)
        case .tooManyImages(let count): CodeAndArguments("too-many-images", count)
        case .imageNotUploaded(let name): CodeAndArguments("image-not-uploaded", name)
        case .stockBelowZero(let stock, let taken): CodeAndArguments("stock-below-zero", stock, taken)
        }
    }

    init?(stored: CodeAndArguments) {
        switch stored.code {
        case "not-found": guard let id = stored.integer(0) else { return nil }; self = .notFound(id: id)
        case "not-own": self = .notOwn
        case "bad-id": guard let text = stored.text(0) else { return nil }; self = .badID(text)
        case "too-many-images": guard let count = stored.integer(0) else { return nil }; self = .tooManyImages(count)
        case "image-not-uploaded": guard let name = stored.text(0) else { return nil }; self = .imageNotUploaded(name)
        case "stock-below-zero":
            guard let stock = stored.integer(0), let taken = stored.integer(1) else { return nil }
            self = .stockBelowZero(stock: stock, taken: taken)
        default: return nil
        }
    }
}

extension BatchWarning: StoredCode {
    var stored: CodeAndArguments {
        switch self {
        case .priceJump(let percent, let up): CodeAndArguments("price-jump", percent, up ? "up" : "down")
        case .deepDiscount(let percent): CodeAndArguments("deep-discount", percent)
        case .duplicateName: CodeAndArguments("duplicate-name")
        case .duplicateInFile(let line): CodeAndArguments("duplicate-in-file", line)
        case .changedSinceOpened(let fields): CodeAndArguments("changed-since-opened", fields.storedText)
        }
    }

    init?(stored: CodeAndArguments) {
        switch stored.code {
        case "price-jump":
            guard let percent = stored.integer(0), let direction = stored.text(1) else { return nil }
            self = .priceJump(percent: percent, up: direction == "up")
        case "deep-discount": guard let percent = stored.integer(0) else { return nil }; self = .deepDiscount(percent: percent)
        case "duplicate-name": self = .duplicateName
        case "duplicate-in-file": guard let line = stored.integer(0) else { return nil }; self = .duplicateInFile(line: line)
        case "changed-since-opened":
            guard let text = stored.text(0), let fields = RecordedFields(storedText: text) else { return nil }
            self = .changedSinceOpened(fields)
        default: return nil
        }
    }
}

extension IgnoredColumns: StoredCode {
    var stored: CodeAndArguments {
        switch self {
        case .computed(let names): CodeAndArguments(code: "computed-columns", arguments: names)
        case .unrecognised(let names): CodeAndArguments(code: "unknown-columns", arguments: names)
        case .repeated(let names): CodeAndArguments(code: "repeated-columns", arguments: names)
        }
    }

    init?(stored: CodeAndArguments) {
        switch stored.code {
        case "computed-columns": self = .computed(stored.args)
        case "unknown-columns": self = .unrecognised(stored.args)
        case "repeated-columns": self = .repeated(stored.args)
        default: return nil
        }
    }
}
