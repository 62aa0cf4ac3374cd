import DynamicTypeCore
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

    /// A marker whose size or offset is not a finite number in range (`30x30+nan`, `1e308x2`).
    struct MarkerError: Error {
        var marker: String
        var reason: String
    }

    /// The largest width, height or baseline offset of an inline image, in points.
    static let maximumSize = 2000.0

    /// The markers in `text`, in order. Text that only looks like a marker (no space before the
    /// size, no `x`) stays text; a marker with a file and a size that is out of range is an error.
    static func markers(in text: String) throws(MarkerError) -> [Marker] {
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
            guard !file.isEmpty, geometry.contains("x") else { continue }
            let marker = String(text[start.lowerBound..<end.upperBound])
            var offset = 0.0
            if let sign = geometry.lastIndex(where: { $0 == "+" || $0 == "-" }), sign != geometry.startIndex {
                guard let value = Double(geometry[sign...]), value.isFinite, abs(value) <= maximumSize else {
                    throw MarkerError(
                        marker: marker, reason: "the baseline offset must be a number from -\(Int(maximumSize)) to \(Int(maximumSize)) pt")
                }
                offset = value
                geometry = String(geometry[..<sign])
            }
            let parts = geometry.split(separator: "x", omittingEmptySubsequences: false).map { Double($0) }
            guard parts.count == 2, let width = parts[0], let height = parts[1], width > 0, height > 0,
                width <= maximumSize, height <= maximumSize
            else {
                throw MarkerError(marker: marker, reason: "width and height must be numbers above 0 and at most \(Int(maximumSize)) pt")
            }
            result.append(
                Marker(range: start.lowerBound..<end.upperBound, file: file, size: Size(width: width, height: height), baselineOffset: offset))
        }
        return result
    }

    /// `text` with each marker replaced by an attachment character carrying `attributes` plus the
    /// attachment (named by the file), and the files in order.
    static func attributed(_ text: String, attributes: TextAttributes) throws(MarkerError) -> (text: AttributedText, files: [String]) {
        let found = try markers(in: text)
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
                let full = try ScreenFontResolution.containedPath(file, base: base, view: view, what: "image")
                let image: ScreenImage
                if let known = cache[full] {
                    image = known
                } else {
                    guard let loader else {
                        throw ScreenLayoutError.imageUnreadable(view: view, path: full, reason: "no image reader", missing: false)
                    }
                    do { image = try loader.image(atPath: full) } catch {
                        throw ScreenLayoutError.imageUnreadable(
                            view: view, path: full, reason: "\(error)", missing: ScreenLayoutError.isMissing(error))
                    }
                    cache[full] = image
                }
                result.append(PlacedImage(frame: placement.rect.offsetBy(dx: origin.x, dy: origin.y), image: image))
            }
        }
        return result
    }
}
