import DynamicTypeCore
import TextStack

/// An image in the DSL (`UIImageView`, drawn as a placeholder):
/// `Image(id: "avatar", width: 64, height: 64).scaled(relativeTo: .title1).circular()`.
public struct Image: ScreenViewBuilder {
    /// The image as a draft.
    public var draft: ScreenViewDraft

    /// An image of a fixed size in points (at the default category).
    public init(id: String? = nil, width: Double, height: Double) {
        draft = ScreenViewDraft(view: .image(ImageSpec(id: "", width: width, height: height)), givenID: id)
    }

    private func editImage(_ change: (inout ImageSpec) -> Void) -> Image {
        with {
            if case .image(var spec) = $0.view {
                change(&spec)
                $0.view = .image(spec)
            }
        }
    }

    /// Scales the size like `@ScaledMetric(relativeTo:)`, up to `maximum` points when given.
    public func scaled(relativeTo style: TextStyle, maximum: Double? = nil) -> Image {
        editImage {
            $0.scalesWith = style
            $0.maximumSize = maximum
        }
    }

    /// Drawn as a circle (an avatar).
    public func circular(_ circular: Bool = true) -> Image { editImage { $0.circular = circular } }

    /// The placeholder's fill.
    public func foregroundColor(_ color: RGBAColor) -> Image { editImage { $0.color = color } }

    /// What the image shows (its accessibility label).
    public func accessibilityLabel(_ label: String) -> Image { editImage { $0.label = label } }
}
