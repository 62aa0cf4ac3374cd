import Foundation

/// A colour in sRGB with straight (not premultiplied) alpha, each component in 0…1
/// (UIKit `UIColor(red:green:blue:alpha:)`).
///
/// Parses `#RRGGBB`, `#RRGGBBAA` and the names of UIKit's class colours (`red`, `green`, `blue`,
/// `black`, `white`, …); measures WCAG 2 contrast.
///
/// ```swift
/// let title = RGBAColor.seedTitleBlue                 // the seed's notes-list title colour
/// try RGBAColor(parsing: "#FF0000") == .red           // true
/// RGBAColor.black.contrastRatio(with: .white)         // 21.0
/// ```
public struct RGBAColor: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0…1.
    public var red: Double
    /// Green, 0…1.
    public var green: Double
    /// Blue, 0…1.
    public var blue: Double
    /// Opacity, 0 (transparent) … 1 (opaque).
    public var alpha: Double

    /// A colour from components; each is clamped to 0…1 (NaN becomes 0), as UIKit clamps
    /// extended-range values when drawing in sRGB.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Self.clamp(red)
        self.green = Self.clamp(green)
        self.blue = Self.clamp(blue)
        self.alpha = Self.clamp(alpha)
    }

    /// A grey (UIKit `UIColor(white:alpha:)`).
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA` (hex digits in either case); `nil` for anything else.
    public init?(hex text: String) {
        let digits = Array(text.utf8)
        guard digits.first == UInt8(ascii: "#"), digits.count == 7 || digits.count == 9 else { return nil }
        var bytes: [Double] = []
        var index = 1
        while index < digits.count {
            guard let high = Self.hexValue(digits[index]), let low = Self.hexValue(digits[index + 1]) else { return nil }
            bytes.append(Double(high * 16 + low) / 255)
            index += 2
        }
        self.init(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 1)
    }

    /// Parses a hex colour (`#RRGGBB`, `#RRGGBBAA`) or a colour name from ``namedColors``
    /// (case-insensitive).
    ///
    /// - Throws: ``ColorParseError`` naming the accepted forms.
    public init(parsing text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let color = RGBAColor(hex: trimmed) {
            self = color
        } else if let named = Self.namedColors[trimmed.lowercased()] {
            self = named
        } else {
            throw ColorParseError(input: text)
        }
    }

    // MARK: Constants

    /// UIKit `blackColor`: 0, 0, 0.
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
    /// UIKit `whiteColor`: 1, 1, 1.
    public static let white = RGBAColor(red: 1, green: 1, blue: 1)
    /// UIKit `redColor`: 1, 0, 0 (the seed's ALLCAPS colour and seed 003's word marking).
    public static let red = RGBAColor(red: 1, green: 0, blue: 0)
    /// UIKit `greenColor`: 0, 1, 0.
    public static let green = RGBAColor(red: 0, green: 1, blue: 0)
    /// UIKit `blueColor`: 0, 0, 1.
    public static let blue = RGBAColor(red: 0, green: 0, blue: 1)
    /// UIKit `clearColor`: fully transparent black.
    public static let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
    /// The notes list's title colour in seed 000 (`colorWithRed:0.175 green:0.458 blue:0.831`).
    public static let seedTitleBlue = RGBAColor(red: 0.175, green: 0.458, blue: 0.831)

    /// Names accepted by ``init(parsing:)``, lower-cased: UIKit's class colours with UIKit's values.
    public static let namedColors: [String: RGBAColor] = [
        "black": .black, "white": .white, "red": .red, "green": .green, "blue": .blue, "clear": .clear,
        "gray": RGBAColor(white: 0.5), "darkgray": RGBAColor(white: 1.0 / 3), "lightgray": RGBAColor(white: 2.0 / 3),
        "cyan": RGBAColor(red: 0, green: 1, blue: 1), "yellow": RGBAColor(red: 1, green: 1, blue: 0),
        "magenta": RGBAColor(red: 1, green: 0, blue: 1), "orange": RGBAColor(red: 1, green: 0.5, blue: 0),
        "purple": RGBAColor(red: 0.5, green: 0, blue: 0.5), "brown": RGBAColor(red: 0.6, green: 0.4, blue: 0.2),
    ]

    // MARK: Contrast

    /// WCAG 2 relative luminance (0 for black … 1 for white), alpha ignored.
    ///
    /// Uses the sRGB transfer function with the IEC 61966-2-1 threshold 0.04045 (WCAG 2.0 prints
    /// 0.03928; no 8-bit value falls between the two, so results agree).
    public var relativeLuminance: Double {
        func linear(_ channel: Double) -> Double {
            channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2 contrast ratio with `other`, 1…21 (the order does not matter; alpha is ignored, so
    /// composite translucent colours over their background first).
    ///
    /// WCAG AA asks for 4.5 for body text and 3 for large text (≥ 18 pt, or ≥ 14 pt bold).
    public func contrastRatio(with other: RGBAColor) -> Double {
        let a = relativeLuminance, b = other.relativeLuminance
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    // MARK: Text

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque (components rounded to 8 bits).
    public var hexString: String {
        func byte(_ value: Double) -> String { String(format: "%02X", Int((value * 255).rounded())) }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }

    /// ``hexString``.
    public var description: String { hexString }

    private static func clamp(_ value: Double) -> Double {
        value.isNaN ? 0 : min(1, max(0, value))
    }

    private static func hexValue(_ digit: UInt8) -> Int? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(digit - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(digit - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(digit - UInt8(ascii: "A")) + 10
        default: nil
        }
    }
}

/// A colour string that is neither hex nor a known name.
package struct ColorParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The text that failed to parse.
    public let input: String

    /// The text, and the forms and names accepted.
    public var description: String {
        "unknown colour '\(input)'; use #RRGGBB, #RRGGBBAA or a name: "
            + RGBAColor.namedColors.keys.sorted().joined(separator: ", ")
    }
}
