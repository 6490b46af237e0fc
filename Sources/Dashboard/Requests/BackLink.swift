/// The `back` a form or a link carries: the page to return to after a post, checked so that it
/// can only lead to a page of this site.
enum BackLink {
    /// `path` when it is a path on this site (`/products?...`), never `//host` or `/\host`,
    /// which browsers read as another site.
    static func localPath(_ path: String?) -> String? {
        guard let path, path.hasPrefix("/"), !path.hasPrefix("//"), !path.hasPrefix("/\\"), path.utf8.count <= 4096,
            !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else { return nil }
        return path
    }
}
