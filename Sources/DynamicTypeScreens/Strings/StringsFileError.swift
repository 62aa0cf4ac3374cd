/// A strings file that cannot be used: which file, where in it, what is wrong and what would be
/// accepted there, so the message can be fixed without reading the parser.
package struct StringsFileError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file's path as it was given.
    public var file: String
    /// Where in the file: a JSON or plist path such as
    /// `strings["Add to basket"].localizations.de.stringUnit.value`, or `line:column` for
    /// `.strings` files; nil when the problem is the whole file (its size, encoding or extension).
    public var location: String?
    /// What is wrong.
    public var problem: String
    /// What is allowed instead; nil when there is nothing more to say.
    public var expected: String?

    /// An error.
    public init(file: String, location: String? = nil, problem: String, expected: String? = nil) {
        self.file = file
        self.location = location
        self.problem = problem
        self.expected = expected
    }

    /// `file:location: problem; expected`.
    public var description: String {
        var text = file
        if let location { text += ":\(location)" }
        text += ": \(problem)"
        if let expected { text += "; \(expected)" }
        return text
    }
}
