import DynamicTypeCore
import FontSystem
import TextStack

/// The text measuring and laid-out types of ``ScreenLayout`` for another layout engine (SwiftUI
/// views read from source): the same font resolution, strings lookup and line breaking a screen
/// file's labels get, so another engine's sizes are real and its result is drawn and checked as a
/// screen's.
package enum ExternalLayout {
    /// `spec`'s text laid out in `width` points (`.infinity`: on lines of unlimited width) at
    /// `category`, with the label's font, lines, line break, alignment and shrinking; `origin`
    /// and `box` are relative (0, 0) until the caller places it.
    package static func text(
        _ spec: LabelSpec, width: Double, category: ContentSizeCategory, environment: ScreenLayoutEnvironment
    ) throws -> LaidOutText {
        let pass = ScreenLayoutPass(environment: environment, category: category)
        let settings = try pass.labelSettings(spec, category: category)
        let resolved = pass.text(spec.text, fields: [:])
        if width.isInfinite {
            let natural = try ScreenTextLayout.naturalWidth(resolved.text, settings: settings, resolver: environment.resolver)
            return try ScreenTextLayout.layout(resolved, settings: settings, width: max(1, natural + 0.01), resolver: environment.resolver)
        }
        return try ScreenTextLayout.layout(resolved, settings: settings, width: max(1, width), resolver: environment.resolver)
    }

    /// The size of an image at `category` (`@ScaledMetric` scaling and its cap included).
    package static func imageSize(_ spec: ImageSpec, category: ContentSizeCategory, environment: ScreenLayoutEnvironment) throws -> Size {
        try ScreenLayoutPass(environment: environment, category: category).imageSize(spec, category: category)
    }

    /// The point size of `font` at `category` (a text style's, or a custom font scaled with its style).
    package static func pointSize(_ font: FontSpec, category: ContentSizeCategory, environment: ScreenLayoutEnvironment) throws -> Double {
        try ScreenFontResolution.font(font, category: category, adjusts: true, environment: environment).font.pointSize
    }
}

extension LaidOutScreen {
    /// A screen laid out by another engine: `views` parents first, in document order.
    package static func external(
        screen: Screen, category: ContentSizeCategory, locale: String?, size: Size, foldHeight: Double, views: [LaidOutView],
        contentHeight: Double
    ) -> LaidOutScreen {
        LaidOutScreen(
            screen: screen, category: category, locale: locale, size: size, foldHeight: foldHeight, views: views,
            contentHeight: contentHeight)
    }
}

extension LaidOutView {
    /// A view laid out by another engine.
    package static func external(
        path: String, kind: ScreenView.Kind, frame: Rect, parent: Int?, category: ContentSizeCategory, background: RGBAColor? = nil,
        cornerRadius: Double = 0, minimumTapTarget: Double? = nil, content: Content
    ) -> LaidOutView {
        LaidOutView(
            path: path, kind: kind, frame: frame, parent: parent, category: category, background: background,
            cornerRadius: cornerRadius, minimumTapTarget: minimumTapTarget, content: content)
    }
}
