import UIKit

/// The app's fonts. The custom faces are scaled where they are used (see CardCell).
enum FontCatalog {
    static let cardTitle = UIFont(name: "AvenirNext-DemiBold", size: 20)!
    static let cardBody = UIFont(name: "AvenirNext-Regular", size: 15)!
    static let legacyCaption = UIFont.italicSystemFont(ofSize: 12) // expect: fixed-font-uikit

    static func monospaced(size: CGFloat) -> UIFont {
        UIFont.monospacedDigitSystemFont(ofSize: size, weight: .regular) // expect: fixed-font-uikit
    }

    static func scaledTitle() -> UIFont {
        let base = UIFont.boldSystemFont(ofSize: 22)
        return UIFontMetrics(forTextStyle: .title1).scaledFont(for: base, maximumPointSize: 44)
    }

    static var body: UIFont {
        UIFontMetrics.default.scaledFont(for: UIFont(name: "AvenirNext-Regular", size: 17) ?? .systemFont(ofSize: 17))
    }
}
