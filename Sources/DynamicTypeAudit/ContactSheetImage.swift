import DynamicTypeCore
import FontSystem
import Foundation
import Rendering
import TextStack

/// `contact-sheet.png`: the contact sheet as one image (views × categories, the first category
/// with a problem framed in red), for README files and pull-request comments.
package enum ContactSheetImage {
    static let thumbnailWidth = 96
    /// The narrowest thumbnail a sheet with many views shrinks to before it leaves views out.
    static let minimumThumbnailWidth = 32
    static let gap = 8.0
    static let labelHeight = 22.0
    static let labelWidth = 150.0

    /// How a sheet of `views` rows fits ``ViewDrawing/maximumPixelHeight``: thumbnails shrink
    /// from 96 px wide down to 32 px; past that, the first views that fit are shown and a last line
    /// says how many more `index.html` has. Decided before rendering, so only the thumbnails shown
    /// are kept in memory.
    package struct Fit: Sendable {
        /// Thumbnail width in pixels.
        package var thumbnailWidth: Int
        /// The first views shown.
        package var shownViews: Int
        /// All views.
        package var totalViews: Int

        /// The fit of `views` rows of a view of `viewWidth × viewHeight` points.
        package init(views: Int, viewWidth: Double, viewHeight: Double) {
            let available = Double(ViewDrawing.maximumPixelHeight) - ContactSheetImage.labelHeight * 2 - ContactSheetImage.gap
            let aspect = viewHeight / max(1, viewWidth)
            func rowHeight(_ width: Int) -> Double { (Double(width) * aspect).rounded() + ContactSheetImage.gap }
            totalViews = views
            var width = ContactSheetImage.thumbnailWidth
            while width > ContactSheetImage.minimumThumbnailWidth && Double(views) * rowHeight(width) > available { width -= 4 }
            thumbnailWidth = width
            shownViews = min(views, max(1, Int(available / rowHeight(width))))
        }
    }

    /// The first screen of a rendered view, scaled to the thumbnail width.
    static func thumbnail(_ image: RGBAImage, viewHeight: Double, scale: Double, width: Int = thumbnailWidth) -> RGBAImage {
        let screenHeight = min(image.height, Int((viewHeight * scale).rounded()))
        let cropped: RGBAImage
        if screenHeight < image.height, let top = try? RGBAImage(
            width: image.width, height: screenHeight, pixels: Array(image.pixels[0..<(image.width * screenHeight * 4)]))
        {
            cropped = top
        } else {
            cropped = image
        }
        // Halved first while the half is still at least twice the thumbnail's width: the exact
        // resampler then reads a sixteenth of the pixels (a 786 px preview → 196 px → a 96 px
        // thumbnail; resampling the whole image was 15 % of a preview).
        var source = cropped
        while source.width >= 2 * width * 2, let half = source.halvedIfOpaque() { source = half }
        return source.scaled(toWidth: width)
    }

    /// The sheet of a preview: views × categories, the first category with a problem framed in red.
    package static func render(report: PreviewReport, results: [Preview.CategoryResult], fit: Fit, resolver: FontResolver) throws
        -> RGBAImage
    {
        try render(report: report, columns: results.map { Column(category: $0.category, thumbnails: $0.thumbnails) }, fit: fit, resolver: resolver)
    }

    /// One category's thumbnails: view id → image.
    package struct Column: Sendable {
        package var category: ContentSizeCategory
        package var thumbnails: [String: RGBAImage]

        /// The column of `category`.
        package init(category: ContentSizeCategory, thumbnails: [String: RGBAImage]) {
            self.category = category
            self.thumbnails = thumbnails
        }
    }

    /// The sheet from thumbnails gathered elsewhere (`dyntype merge` reads each shard's).
    package static func render(report: PreviewReport, columns results: [Column], fit: Fit, resolver: FontResolver) throws -> RGBAImage {
        let columns = results.count
        let rows = min(report.views.count, fit.shownViews)
        let hidden = report.views.count - rows
        // The tallest thumbnail, so rows never overlap and the sheet does not depend on dictionary order.
        let thumbHeight = Double(results.flatMap { $0.thumbnails.values.map(\.height) }.max() ?? 200)
        let cellWidth = Double(fit.thumbnailWidth) + gap
        let cellHeight = thumbHeight + gap
        let size = Size(
            width: labelWidth + Double(columns) * cellWidth + gap,
            height: labelHeight + Double(rows) * cellHeight + gap + (hidden > 0 ? labelHeight : 0))
        // Drawn at scale 1: thumbnails are already in pixels.
        let canvas = Canvas(size: size, scale: 1, background: RGBAColor(white: 0.96))
        let font = try resolver.resolve(FontDescriptor.preferred(for: .caption1, category: .large, profile: .ios))
        func label(_ text: String, at point: Point, width: Double, color: RGBAColor = .black) throws {
            var attributes = TextAttributes(resolvedFont: font)
            attributes.foregroundColor = color
            let storage = TextStorage(string: text, attributes: attributes)
            let manager = try LayoutManager(resolver: resolver, defaultFont: font)
            let container = TextContainer(size: Size(width: width, height: .infinity), lineFragmentPadding: 0)
            container.maximumNumberOfLines = 1
            container.lineBreakMode = .byTruncatingTail
            manager.addTextContainer(container)
            manager.attach(to: storage)
            canvas.drawText(manager.lineFragments, storage: storage, origin: point)
        }
        for (column, result) in results.enumerated() {
            try label(result.category.abbreviation, at: Point(x: labelWidth + Double(column) * cellWidth + 2, y: 4), width: cellWidth)
        }
        if hidden > 0 {
            try label(
                "… and \(hidden) more views: open index.html", at: Point(x: 6, y: labelHeight + Double(rows) * cellHeight + 4),
                width: size.width - 12)
        }
        for (row, view) in report.views.prefix(rows).enumerated() {
            let y = labelHeight + Double(row) * cellHeight
            try label(view.title, at: Point(x: 6, y: y + 4), width: labelWidth - 12)
            for (column, result) in results.enumerated() {
                guard let thumbnail = result.thumbnails[view.id] else { continue }
                let x = labelWidth + Double(column) * cellWidth
                let problems = (view.findings[result.category.name] ?? []).contains { $0.severity >= .warning }
                if problems {
                    let color = view.firstProblemCategory == result.category.name
                        ? RGBAColor(red: 0.85, green: 0, blue: 0) : RGBAColor(red: 0.95, green: 0.6, blue: 0.6)
                    canvas.fill(Rect(x: x - 3, y: y - 3, width: Double(thumbnail.width) + 6, height: Double(thumbnail.height) + 6), color: color)
                }
                canvas.draw(thumbnail, at: Point(x: x, y: y))
            }
        }
        return canvas.image
    }
}
