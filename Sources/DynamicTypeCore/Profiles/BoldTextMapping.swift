/// How the Bold Text accessibility setting (legibility weight `.bold`) changes a font's weight.
///
/// Apple documents no weight-to-weight mapping for SF (type-ramps.md §7b), so each profile carries
/// one as data; ``standard`` is the documented default used when a profile gives none:
/// every weight moves up (ultraLight→light, thin→regular, light→medium, regular→semibold,
/// medium→bold, semibold→bold, bold→heavy, heavy→black, black→black), modelled on the iOS 7
/// observation that Regular became Medium and Medium became Heavy.
package struct BoldTextMapping: Hashable, Sendable {
    /// Weight → weight with Bold Text on. Weights not listed stay as they are.
    public var weights: [FontWeight: FontWeight]
    /// Where the mapping comes from.
    public var source: String

    /// A mapping from a table.
    public init(weights: [FontWeight: FontWeight], source: String) {
        self.weights = weights
        self.source = source
    }

    /// The weight to draw with for `legibility`.
    public func apply(_ weight: FontWeight, legibility: LegibilityWeight) -> FontWeight {
        guard legibility == .bold else { return weight }
        return weights[weight] ?? weight
    }

    /// The project's documented default (see the type's doc comment).
    public static let standard = BoldTextMapping(
        weights: [
            .ultraLight: .light, .thin: .regular, .light: .medium, .regular: .semibold, .medium: .bold,
            .semibold: .bold, .bold: .heavy, .heavy: .black, .black: .black,
        ],
        source: "DynamicTypeSimulator default: no Apple source documents Bold Text weights for SF (type-ramps.md §7b)")
}
