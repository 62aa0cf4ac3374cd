import DynamicTypeCore
import FontSystem
import Foundation
import TextStack

// Text views: a storage (highlighted by rules, or styled whole) laid out by a layout manager in one
// or more columns around exclusions, as tall as its text or its fixed height.

extension ScreenLayoutPass {
    /// Places a text view at (x, y), `width` wide; returns its height.
    func placeTextView(
        _ spec: TextViewSpec, x: Double, y: Double, width: Double, parent: Int?, category: ContentSizeCategory, path: String,
        fields: [String: String]
    ) throws -> Double {
        let resolved = try textViewText(spec, path: path, fields: fields)
        let textWidth = width - spec.insets.horizontal
        guard textWidth >= 1 else { throw ScreenLayoutError.noRoom(view: path, width: textWidth) }
        let settings = try self.settings(
            font: spec.font, adjusts: spec.adjustsFontForContentSizeCategory, color: spec.color, alignment: .natural, lines: 0,
            lineBreak: .wordWrap, minimumScaleFactor: nil, category: category)
        let storage = try textViewStorage(spec, text: resolved.text, settings: settings, category: category, path: path)
        let manager = try LayoutManager(resolver: environment.resolver, defaultFont: settings.font)
        // Columns (seed 004): one storage through N containers side by side, the view's height each.
        let columns = max(1, spec.columns)
        let columnGap = 16.0
        let columnWidth = (textWidth - columnGap * Double(columns - 1)) / Double(columns)
        guard columnWidth >= 1 else { throw ScreenLayoutError.noRoom(view: path, width: columnWidth) }
        let columnHeight = columns > 1 ? max(1, (spec.height ?? 0) - spec.insets.vertical) : .infinity
        let container = TextContainer(size: Size(width: columnWidth, height: columnHeight), lineFragmentPadding: 5)
        let placedImages = try addExclusions(spec.exclusions, to: container, x: x + spec.insets.leading, y: y + spec.insets.top, path: path)
        manager.addTextContainer(container)
        for _ in 1..<columns {
            manager.addTextContainer(TextContainer(size: Size(width: columnWidth, height: columnHeight), lineFragmentPadding: 5))
        }
        manager.attach(to: storage)
        // Lines of later columns move right, so the text view's lines share one coordinate space
        // (drawing, overlap and findings need no container origins).
        let lines = manager.lineFragments.map { line -> LineFragment in
            guard line.containerIndex > 0 else { return line }
            var moved = line
            let dx = Double(line.containerIndex) * (columnWidth + columnGap)
            moved.rect = moved.rect.offsetBy(dx: dx, dy: 0)
            moved.usedRect = moved.usedRect.offsetBy(dx: dx, dy: 0)
            for index in moved.attachments.indices { moved.attachments[index].rect = moved.attachments[index].rect.offsetBy(dx: dx, dy: 0) }
            return moved
        }
        let overflow = columns > 1 && manager.overflowRange != nil
        let textHeight =
            overflow
            ? columnHeight + settings.font.lineHeight  // text left over: it needs more than the box
            : (lines.map(\.rect.maxY).max() ?? settings.font.lineHeight)
        let height = spec.height ?? (textHeight + spec.insets.vertical)
        let origin = Point(x: x + spec.insets.leading, y: y + spec.insets.top)
        var laid = LaidOutText(
            resolved: resolved, storage: storage, lines: lines, origin: origin,
            box: Rect(x: origin.x, y: origin.y, width: textWidth, height: max(0, height - spec.insets.vertical)),
            font: settings.font, sizeAtLarge: settings.sizeAtLarge, scales: settings.scales, color: spec.color,
            isTruncated: false, lineBreak: .wordWrap, lineLimit: 0, neededHeight: textHeight, shrinkScale: 1,
            truncatedVariants: [], fallbacks: manager.fallbacks)
        laid.overflowLength = columns > 1 ? manager.overflowRange?.length ?? 0 : 0
        laid.columns = columns
        laid.images = placedImages
            + (try InlineImages.placed(lines: lines, origin: origin, loader: environment.images, base: environment.baseDirectory, view: path))
        views.append(
            LaidOutView(
                path: path, kind: .textView, frame: Rect(x: x, y: y, width: width, height: height), parent: parent,
                category: category, background: spec.background, cornerRadius: 0, minimumTapTarget: nil, content: .text(laid)))
        return height
    }

    /// A text view's text: its file's contents, or its (localized, substituted) text.
    private func textViewText(_ spec: TextViewSpec, path: String, fields: [String: String]) throws -> ResolvedText {
        guard let file = spec.file else { return text(spec.text ?? .literal(""), fields: fields) }
        let full = try ScreenFontResolution.containedPath(file, base: environment.baseDirectory, view: path, what: "text file")
        do {
            let data = try InputFile.read(atPath: full, limit: .default)
            let text = String(decoding: data, as: UTF8.self)
            return ResolvedText(variants: [.init(name: nil, text: text)])
        } catch {
            throw ScreenLayoutError.textFileUnreadable(
                view: path, path: full, reason: "\(error)", missing: ScreenLayoutError.isMissing(error))
        }
    }

    /// A text view's storage: highlighted by its rules (body text only, as the notepad's editor),
    /// else styled whole by its settings; inline image markers become attachments either way.
    private func textViewStorage(
        _ spec: TextViewSpec, text: String, settings: TextSettings, category: ContentSizeCategory, path: String
    ) throws -> TextStorage {
        if let rules = spec.rules, spec.font == .style(.body) {
            let set: HighlightRuleSet
            if rules == "seeds" {
                set = .seeds
            } else {
                let full = try ScreenFontResolution.containedPath(rules, base: environment.baseDirectory, view: path, what: "rules")
                do { set = try HighlightRuleSet(contentsOf: full) } catch {
                    let missing: Bool
                    if case .fileMissing? = error as? HighlightRuleError { missing = true } else { missing = false }
                    throw ScreenLayoutError.rulesUnusable(view: path, path: full, reason: "\(error)", missing: missing)
                }
            }
            let inline = try InlineImages.attributed(text, attributes: TextAttributes())
            let highlighted = try SyntaxHighlightTextStorage(
                string: inline.text.string, resolver: environment.resolver, profile: environment.profile,
                category: spec.adjustsFontForContentSizeCategory ? category : .large, legibilityWeight: environment.legibility,
                rules: set, baseAttributes: { var base = TextAttributes(); base.foregroundColor = spec.color; return base }())
            let storage = highlighted.storage
            // The highlighter styled the text; the images go on top (it restyles nothing later:
            // a screen is laid out afresh at each category).
            var location = 0
            for run in inline.text.runs {
                if let attachment = run.attributes.attachment {
                    var attributes = TextAttributes()
                    attributes.attachment = attachment
                    storage.addAttributes(attributes, range: NSRange(location: location, length: run.length))
                }
                location += run.length
            }
            return storage
        } else {
            return TextStorage(try InlineImages.attributed(text, attributes: ScreenTextLayout.attributes(settings, font: settings.font)).text)
        }
    }

    /// Adds a text view's exclusions to its first column's container (in the text box's
    /// coordinates); returns the images drawn for image exclusions, framed in screen coordinates
    /// from the text box's origin (`boxX`, `boxY`).
    private func addExclusions(
        _ exclusions: [TextViewExclusion], to container: TextContainer, x boxX: Double, y boxY: Double, path: String
    ) throws -> [PlacedImage] {
        var placedImages: [PlacedImage] = []
        for exclusion in exclusions {
            switch exclusion {
            case .rect(let x, let y, let w, let h): container.exclusionPaths.append(BezierPath(rect: Rect(x: x, y: y, width: w, height: h)))
            case .ellipse(let x, let y, let w, let h):
                container.exclusionPaths.append(BezierPath(ovalIn: Rect(x: x, y: y, width: w, height: h)))
            case .polygon(let points):
                container.exclusionPaths.append(BezierPath(polygon: points))
            case .image(let file, let ix, let iy, let iw):
                let full = try ScreenFontResolution.containedPath(file, base: environment.baseDirectory, view: path, what: "image")
                let image: ScreenImage
                do {
                    guard let loader = environment.images else {
                        throw ScreenLayoutError.imageUnreadable(view: path, path: full, reason: "no image reader", missing: false)
                    }
                    image = try loader.image(atPath: full)
                } catch let error as ScreenLayoutError {
                    throw error
                } catch {
                    throw ScreenLayoutError.imageUnreadable(
                        view: path, path: full, reason: "\(error)", missing: ScreenLayoutError.isMissing(error))
                }
                let mask = try ExclusionMask(
                    alpha: image.alpha, width: image.width, height: image.height, scale: Double(image.width) / iw,
                    origin: Point(x: ix, y: iy))
                container.exclusionMasks.append(mask)
                let height = iw * Double(image.height) / Double(image.width)
                placedImages.append(
                    PlacedImage(frame: Rect(x: boxX + ix, y: boxY + iy, width: iw, height: height), image: image))
            }
        }
        return placedImages
    }
}
