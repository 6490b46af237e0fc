@testable import Dashboard

extension UIText {
    /// Texts that are only a pattern for a script to fill in, with no words of their own:
    /// "{name}({from}KB → {to}KB)" against "{name}: {from} KB → {to} KB".
    static let patterns: Set<UIText> = [.shrunkFile, .shrinkListSeparator]
}
