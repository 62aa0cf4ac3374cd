import SwiftUI

/// Fixture: sizes kept as constants (issue 33): read as the numbers they are.
enum Metrics {
    static let titleFontSize: CGFloat = 22
    static let gap: CGFloat = 24
    static let isCompact = false
    /// A ternary on a literal Bool: the false branch, 16.
    static let rowSpacing: CGFloat = isCompact ? 12 : 16
}

enum Constants {
    static let avatarSize = CGFloat(48)
}

enum Theme {
    enum Metrics {
        /// Arithmetic on another type's constant: 48 / 4 + 4 = 16.
        static let inset: CGFloat = (Constants.avatarSize / 4) + 4
        static var cornerRadius: CGFloat { 8 }
    }
}

/// A file-level constant.
let bannerHeight: CGFloat = 2 * 30
