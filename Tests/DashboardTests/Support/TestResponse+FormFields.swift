import Foundation

extension TestResponse {
    /// The fields a browser would post from the form on this page: every named input (hidden
    /// ones included; radios only when checked), textarea and selected option, as shown.
    var formFields: [(String, String)] {
        var fields: [(String, String)] = []
        for input in HTMLScan.tags("input", in: text) {
            guard let name = input["name"], input["type"] != "file" else { continue }
            if input["type"] == "radio" || input["type"] == "checkbox", input["checked"] == nil { continue }
            fields.append((name, input["value"] ?? ""))
        }
        for block in HTMLScan.blocks(in: text, from: "<textarea", to: "</textarea>") {
            guard let tag = HTMLScan.tags("textarea", in: block).first, let name = tag["name"],
                let open = block.firstIndex(of: ">")
            else { continue }
            let inner = block[block.index(after: open)...].dropLast("</textarea>".count)
            fields.append((name, HTMLScan.unescape(inner)))
        }
        for block in HTMLScan.blocks(in: text, from: "<select", to: "</select>") {
            guard let name = HTMLScan.tags("select", in: block).first?["name"],
                let selected = HTMLScan.tags("option", in: block).first(where: { $0["selected"] != nil })
            else { continue }
            fields.append((name, selected["value"] ?? ""))
        }
        return fields
    }
}
