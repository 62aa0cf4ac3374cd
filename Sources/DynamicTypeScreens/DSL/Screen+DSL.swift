import DynamicTypeCore
import TextStack

extension Screen {
    /// A screen written in Swift, SwiftUI-style:
    ///
    /// ```swift
    /// let screen = Screen(name: "Checkout", device: "iphone-se") {
    ///     Label("Total").font(.headline).id("total")
    ///     Button(key: "Add to basket").font(.headline)
    /// }
    /// ```
    ///
    /// Views without `.id(_:)` get `label-1`, `button-1`, `stack-1`, … numbered per kind in
    /// document order. Two views given the same id stop the program (a programming error).
    public init(
        name: String, device: String? = nil, width: Double? = nil, background: RGBAColor = .white,
        padding: EdgeInsets = EdgeInsets(all: 16), spacing: Double = 8, scrolls: Bool = true,
        minimumCategory: ContentSizeCategory? = nil, maximumCategory: ContentSizeCategory? = nil,
        @ScreenBuilder views: () -> [ScreenViewDraft]
    ) {
        self.init(
            name: name, device: device, width: width, background: background, padding: padding, spacing: spacing, scrolls: scrolls,
            minimumCategory: minimumCategory, maximumCategory: maximumCategory, views: ScreenViewIDs.resolve(views()))
    }
}
