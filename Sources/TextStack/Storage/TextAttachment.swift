import DynamicTypeCore

/// An inline object in the text, such as an image (TextKit `NSTextAttachment`): set it as the
/// ``TextAttributes/attachment`` of an object replacement character, U+FFFC
/// (``TextAttachment/character``).
///
/// Layout gives the character the attachment's width as its advance and makes its line tall enough
/// for it; each ``LineFragment`` lists where its attachments go
/// (``LineFragment/attachments``) so a renderer can draw them. The attachment carries no pixels:
/// ``name`` tells the renderer which image to draw.
///
/// ```swift
/// let smiley = TextAttachment(size: Size(width: 40, height: 40), name: "smiley")
/// storage.append(AttributedText(TextAttachment.string, attributes: TextAttributes(attachment: smiley)))
/// ```
public struct TextAttachment: Hashable, Sendable, CustomStringConvertible {
    /// The object replacement character an attachment sits on.
    public static let character: Unicode.Scalar = "\u{FFFC}"
    /// ``character`` as a string.
    public static let string = "\u{FFFC}"

    /// Where the attachment is drawn relative to its place on the line, in points, as TextKit's
    /// `NSTextAttachment.bounds`: `origin.x` shifts it right from the pen position, `origin.y` lifts
    /// it *up* from the baseline (negative values drop it below, to align with the descender), and
    /// `size` is its size. The advance on the line is `size.width`.
    public var bounds: Rect
    /// What the renderer draws (an image name or file), opaque to layout.
    public var name: String?

    /// An attachment with TextKit's `bounds`.
    public init(bounds: Rect, name: String? = nil) {
        self.bounds = bounds
        self.name = name
    }

    /// An attachment of `size` sitting on the baseline, lifted by `baselineOffset` points (negative:
    /// lowered).
    public init(size: Size, baselineOffset: Double = 0, name: String? = nil) {
        self.init(bounds: Rect(x: 0, y: baselineOffset, width: size.width, height: size.height), name: name)
    }

    /// Height above the baseline (the line's ascent must reach it).
    var ascent: Double { max(0, bounds.height + bounds.origin.y) }
    /// Depth below the baseline (the line's descent must reach it).
    var descent: Double { max(0, -bounds.origin.y) }

    /// `attachment 40×40 at (0, 0) "smiley"`.
    public var description: String {
        "attachment \(bounds.size) at \(bounds.origin)" + (name.map { " \"\($0)\"" } ?? "")
    }
}
