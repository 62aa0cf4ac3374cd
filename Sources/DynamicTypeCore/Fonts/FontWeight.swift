/// The nine named font weights of `UIFont.Weight`, ordered from thinnest to heaviest.
///
/// ``cssValue`` gives the OpenType/CSS weight class (100…900) that font matching uses.
public enum FontWeight: Int, CaseIterable, Comparable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// `UIFont.Weight.ultraLight`, OpenType weight class 100.
    case ultraLight = 100
    /// `UIFont.Weight.thin`, OpenType weight class 200.
    case thin = 200
    /// `UIFont.Weight.light`, OpenType weight class 300.
    case light = 300
    /// `UIFont.Weight.regular`, OpenType weight class 400.
    case regular = 400
    /// `UIFont.Weight.medium`, OpenType weight class 500.
    case medium = 500
    /// `UIFont.Weight.semibold`, OpenType weight class 600.
    case semibold = 600
    /// `UIFont.Weight.bold`, OpenType weight class 700.
    case bold = 700
    /// `UIFont.Weight.heavy`, OpenType weight class 800.
    case heavy = 800
    /// `UIFont.Weight.black`, OpenType weight class 900.
    case black = 900

    /// OpenType `usWeightClass` / CSS `font-weight` value.
    public var cssValue: Int { rawValue }

    /// Lower-case name as used in profiles and reports: `regular`, `semibold`, …
    public var name: String {
        switch self {
        case .ultraLight: "ultraLight"
        case .thin: "thin"
        case .light: "light"
        case .regular: "regular"
        case .medium: "medium"
        case .semibold: "semibold"
        case .bold: "bold"
        case .heavy: "heavy"
        case .black: "black"
        }
    }

    public var description: String { name }

    /// Parses a weight name case-insensitively (`semibold`, `Semi Bold`, `semi-bold`, `600`).
    public init?(name: String) {
        let key = name.lowercased().filter { $0.isLetter || $0.isNumber }
        switch key {
        case "ultralight", "extralight", "100": self = .ultraLight
        case "thin", "hairline", "200": self = .thin
        case "light", "300": self = .light
        case "regular", "normal", "book", "400": self = .regular
        case "medium", "500": self = .medium
        case "semibold", "demibold", "600": self = .semibold
        case "bold", "700": self = .bold
        case "heavy", "extrabold", "ultrabold", "800": self = .heavy
        case "black", "900": self = .black
        default: return nil
        }
    }

    /// The nearest named weight to an OpenType weight class (ties go to the heavier weight).
    public init(nearestTo cssValue: Int) {
        let clamped = min(900, max(100, cssValue))
        self = FontWeight.allCases.min {
            let a = abs($0.rawValue - clamped), b = abs($1.rawValue - clamped)
            return a == b ? $0.rawValue > $1.rawValue : a < b
        }!
    }

    public static func < (lhs: FontWeight, rhs: FontWeight) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let weight = FontWeight(name: text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "unknown weight '\(text)'; valid: "
                    + FontWeight.allCases.map(\.name).joined(separator: ", "))
        }
        self = weight
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}

/// The user's Bold Text setting (UIKit `UITraitCollection.legibilityWeight`).
public enum LegibilityWeight: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// Bold Text off.
    case regular
    /// Bold Text on: every text style is drawn one documented step heavier (see ``BoldTextMapping``).
    case bold

    public var description: String { rawValue }
}
