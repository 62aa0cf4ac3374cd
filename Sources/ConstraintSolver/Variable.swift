// A variable of a linear constraint system: a name for messages, an identity of its own.

/// An unknown of a constraint system, such as a view's left edge or width.
///
/// Two variables are equal only if one was copied from the other: each `Variable(_:)` call makes a
/// new, unique identity, whatever its name (as `kiwi::Variable` is a shared pointer). The name
/// only appears in descriptions and error messages. A variable holds no value: ask the ``Solver``
/// that solved for it with ``Solver/value(of:)``, so one variable can be solved in several solvers.
public struct Variable: Hashable, Sendable, CustomStringConvertible {
    /// A reference whose address is the variable's identity: unique for as long as any copy of
    /// the variable lives, with no global counter to synchronise.
    private final class Identity: Sendable {}

    private let identity: Identity

    /// The name given at creation, for messages; not necessarily unique.
    public let name: String

    /// Creates a new variable, distinct from every other one.
    /// - Parameter name: a name for messages, such as `"label1.left"`.
    public init(_ name: String) {
        self.identity = Identity()
        self.name = name
    }

    /// Whether both are copies of the same variable (names are not compared).
    public static func == (lhs: Variable, rhs: Variable) -> Bool {
        lhs.identity === rhs.identity
    }

    /// Hashes the identity, not the name.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(identity))
    }

    /// The variable's name.
    public var description: String { name }
}
