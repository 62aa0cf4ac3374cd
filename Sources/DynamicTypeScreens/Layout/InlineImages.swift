import Foundation
import TextStack

/// Inline images in a screen's texts (`NSTextAttachment`): `{image:<file> <width>x<height>}` —
/// optionally `{image:<file> <width>x<height>+<baseline offset>}` — in a literal text or a
/// translation becomes an attachment of that size in points on U+FFFC; the line grows to fit it
/// as TextKit's does, and the image is drawn where the line puts it.
enum InlineImages {
    /// One image marker found in a text.
    struct Marker {
        var range: Range<String.Index>
        var file: String
        var size: Size
        var baselineOffset: Double
    }

    /// The markers in `text`, in order.
    static func markers(in text: String) -> [Marker] {
        guard text.contains("{image:") else { return [] }
        var result: [Marker] = []
        var search = text.startIndex
        while let start = text.range(of: "{image:", range: search..<text.endIndex),
            let end = text.range(of: "}", range: start.upperBound..<text.endIndex)
        {
            let body = text[start.upperBound..<end.lowerBound]
            search = end.upperBound
            // "<file> <w>x<h>[+<offset>|-<offset>]"
            guard let space = body.lastIndex(of: " ") else { continue }
            let file = body[..<space].trimmingCharacters(in: .whitespaces)
            var geometry = String(body[body.index(after: space)...])
            var offset = 0.0
            if let sign = geometry.lastIndex(where: { $0 == "+" || $0 == "-" }), sign != geometry.startIndex {
                offset = Double(geometry[sign...]) ?? 0
                geometry = String(geometry[..<sign])
            }
            let parts = geometry.split(separator: "x").compactMap { Double($0) }
            guard !file.isEmpty, parts.count == 2, parts.allSatisfy({ $0 > 0 && $0 <= 2000 }) else { continue }
            result.append(Marker(range: start.lowerBound..<end.upperBound, file: file, size: Size(width: parts[0], height: parts[1]), baselineOffset: offset))
        }
        return result
    }

    /// `text` with each marker replaced by an attachment character carrying `attributes` plus the
    /// attachment (named by the file), and the files in order.
    static func attributed(_ text: String, attributes: TextAttributes) -> (text: AttributedText, files: [String]) {
        let found = markers(in: text)
        guard !found.isEmpty else { return (AttributedText(text, attributes: attributes), []) }
        var pieces: [(String, TextAttributes)] = []
        var cursor = text.startIndex
        for marker in found {
            if cursor < marker.range.lowerBound { pieces.append((String(text[cursor..<marker.range.lowerBound]), attributes)) }
            var withImage = attributes
            withImage.attachment = TextAttachment(size: marker.size, baselineOffset: marker.baselineOffset, name: marker.file)
            pieces.append((TextAttachment.string, withImage))
            cursor = marker.range.upperBound
        }
        if cursor < text.endIndex { pieces.append((String(text[cursor...]), attributes)) }
        return (AttributedText(pieces), found.map(\.file))
    }

    /// The images the lines place, in screen points (`origin` is the text container's), read
    /// through `loader` relative to `base`.
    static func placed(
        lines: [LineFragment], origin: Point, loader: (any ScreenImageLoader)?, base: String?, view: String
    ) throws -> [PlacedImage] {
        var result: [PlacedImage] = []
        var cache: [String: ScreenImage] = [:]
        for line in lines {
            for placement in line.attachments {
                guard let file = placement.attachment.name else { continue }
                let full = ScreenFontResolution.path(file, base: base)
                let image: ScreenImage
                if let known = cache[full] {
                    image = known
                } else {
                    guard let loader else { throw ScreenLayoutError.imageUnreadable(view: view, path: full, reason: "no image reader") }
                    do { image = try loader.image(atPath: full) } catch {
                        throw ScreenLayoutError.imageUnreadable(view: view, path: full, reason: "\(error)")
                    }
                    cache[full] = image
                }
                result.append(PlacedImage(frame: placement.rect.offsetBy(dx: origin.x, dy: origin.y), image: image))
            }
        }
        return result
    }
}
