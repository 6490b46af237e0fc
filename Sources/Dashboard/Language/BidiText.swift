/// Names from the market or the person placed inside our sentences, kept from reordering
/// the words around them. A name may hold right-to-left letters (Hebrew, Arabic) or bidi
/// controls (U+202E RIGHT-TO-LEFT OVERRIDE), even unbalanced ones, which the market stores as
/// typed; without isolation an override turns the rest of its sentence around ("“evil” was
/// deleted." shown as "“live .deleted saw ”"). Where a template shows a name as an element it
/// is in `<bdi>`; inside a sentence it goes between FIRST STRONG ISOLATE (U+2068) and POP
/// DIRECTIONAL ISOLATE (U+2069), the same isolation in plain text: the PDI also ends any
/// embedding or override the name left open (Unicode Bidirectional Algorithm, rule X6a).
///
/// Names that can move nothing (Latin, Korean, digits, no controls) are left as they are, so
/// most texts stay byte for byte what they were.
enum BidiText {
    /// `name` isolated from the text around it, when it needs to be.
    static func isolated(_ name: String) -> String {
        guard name.unicodeScalars.contains(where: movesText) else { return name }
        return "\u{2068}" + name + "\u{2069}"
    }

    /// A character that can reorder text: an explicit bidi control or mark, or a letter of a
    /// right-to-left script.
    static func movesText(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200E, 0x200F, 0x061C: true  // LRM, RLM, ALM
        case 0x202A...0x202E, 0x2066...0x2069: true  // embeddings, overrides, isolates
        case 0x0590...0x08FF: true  // Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic
        case 0xFB1D...0xFDFF, 0xFE70...0xFEFE: true  // Hebrew and Arabic presentation forms
        case 0x10800...0x10FFF, 0x1E800...0x1EFFF: true  // historic and other right-to-left scripts
        default: false
        }
    }
}
