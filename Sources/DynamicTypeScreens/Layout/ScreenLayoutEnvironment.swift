import DynamicTypeCore
import FontSystem
import TextStack

/// Everything a screen's layout depends on besides the screen and the category: the type ramp,
/// Bold Text, fonts, the size of the screen, where texts come from and where relative paths start.
package struct ScreenLayoutEnvironment: Sendable {
    /// The type ramp.
    public var profile: TypeRampProfile
    /// Bold Text.
    public var legibility: LegibilityWeight
    /// Where fonts come from.
    public var resolver: FontResolver
    /// The screen's width in points (the device's, unless the screen file names its own).
    public var width: Double
    /// The screen's height in points (the fold).
    public var height: Double
    /// Where texts and keys are turned into strings for one locale.
    public var texts: any ScreenTextProvider
    /// The folder relative font and text files are read from (the screen file's folder).
    public var baseDirectory: String?
    /// Space at the edges kept clear (status bar, notch, home indicator), added to the screen's padding.
    public var safeArea: EdgeInsets
    /// The keyboard's height while it is up (0: hidden); it covers the bottom of the screen.
    public var keyboardHeight: Double
    /// Reads images (text views' image exclusions); nil: a screen that names one is an error.
    public var images: (any ScreenImageLoader)?
    /// The device's pixels per point: a hairline (a SwiftUI `Divider`) is one pixel thick.
    public var scale: Double

    /// An environment.
    public init(
        profile: TypeRampProfile = .ios, legibility: LegibilityWeight = .regular, resolver: FontResolver, width: Double,
        height: Double, texts: any ScreenTextProvider, baseDirectory: String? = nil, safeArea: EdgeInsets = .zero,
        keyboardHeight: Double = 0, images: (any ScreenImageLoader)? = nil, scale: Double = 2
    ) {
        self.images = images
        self.scale = scale
        self.safeArea = safeArea
        self.keyboardHeight = keyboardHeight
        self.profile = profile
        self.legibility = legibility
        self.resolver = resolver
        self.width = width
        self.height = height
        self.texts = texts
        self.baseDirectory = baseDirectory
    }
}
