/// One text container's share of a text — a note's columns and pages in reports (``TextContainer``
/// holds the geometry; this names what it shows).
package struct ContainerUsage: Hashable, Sendable, Codable {
    /// `column 2`, `page 3`, `text view`.
    public var name: String
    /// The UTF-16 range it shows, `120..<512` (`none` when empty).
    public var characters: String
    /// Its line count.
    public var lines: Int

    /// A container's usage.
    public init(name: String, characters: String, lines: Int) {
        self.name = name
        self.characters = characters
        self.lines = lines
    }
}
