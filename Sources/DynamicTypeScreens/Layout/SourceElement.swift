/// Where a view laid out by another engine is declared in its source file — the file's name, the
/// line of its element and its id there (an Interface Builder object id) — so a layout dump can
/// point each frame at the element that made it.
package struct SourceElement: Hashable, Sendable {
    /// The file's name, without its folders (dumps are committed and must not carry a machine's paths).
    package var file: String
    /// The 1-based line of the element.
    package var line: Int
    /// The element's id in the file.
    package var id: String

    /// An element `id` at `line` of `file`.
    package init(file: String, line: Int, id: String) {
        self.file = file
        self.line = line
        self.id = id
    }
}
