import DynamicTypeAudit
import DynamicTypeCore
import Foundation
import Notepad
import Rendering
import TextStack

/// Draws the notepad's screens — for image snapshots and for `dyntype preview`: letterpressed blue
/// titles on the list's grey with separators, and the editor's first screen with the time
/// indicator's circle and date.
package enum NotepadDrawing {
    /// The seed's separator grey.
    package static let separatorColor = ViewDrawing.separatorColor
    /// The list background.
    package static let listBackground = RGBAColor(red: 247 / 255, green: 247 / 255, blue: 247 / 255)
    /// The time indicator's fill.
    package static let indicatorColor = RGBAColor(red: 0.175, green: 0.458, blue: 0.831)

    /// The list, exactly as tall as its rows (at least one point).
    package static func draw(list: NotesList, scale: Double) -> RGBAImage {
        render(list: list, scale: scale).image
    }

    /// The tallest image drawn, in pixels (``ViewDrawing/maximumPixelHeight``): a list of
    /// hundreds of notes at the accessibility sizes is cut there; findings still cover every row.
    package static let maximumPixelHeight = ViewDrawing.maximumPixelHeight

    /// The list at least `minimumHeight` tall (a screen), with the canvas's warnings (glyphs that
    /// failed to load) and, when the list is taller than ``maximumPixelHeight``, a sentence saying
    /// where the image was cut.
    package static func render(list: NotesList, scale: Double, minimumHeight: Double = 1)
        -> (image: RGBAImage, warnings: [String], cut: String?)
    {
        let fullHeight = max(minimumHeight, list.contentHeight)
        let height = min(fullHeight, (Double(maximumPixelHeight) / scale).rounded(.down))
        let canvas = Canvas(size: Size(width: list.width, height: height), scale: scale, background: listBackground)
        var y = 0.0
        for row in list.rows {
            guard y < height else { break }
            let textHeight = row.lines.last?.rect.maxY ?? 0
            let top = y + max(0, (row.height - textHeight) / 2)
            let storage = TextStorage(string: row.title, attributes: NotesList.titleAttributes(list.headline))
            canvas.drawText(
                row.lines, storage: storage, origin: Point(x: NotesList.horizontalInset, y: top),
                clip: Rect(x: 0, y: y, width: list.width, height: row.height))
            y += row.height
            canvas.strokeLine(
                from: Point(x: NotesList.horizontalInset, y: y - 0.25), to: Point(x: list.width, y: y - 0.25), width: 0.5,
                color: separatorColor)
        }
        return (canvas.image, canvas.warnings, listCut(list, scale: scale, minimumHeight: minimumHeight))
    }

    /// Where the list's image at `scale` is cut, when the list is taller than
    /// ``maximumPixelHeight``: a sentence for an `imageCut` finding, known without drawing.
    package static func listCut(_ list: NotesList, scale: Double, minimumHeight: Double = 1) -> String? {
        let fullHeight = max(minimumHeight, list.contentHeight)
        let height = min(fullHeight, (Double(maximumPixelHeight) / scale).rounded(.down))
        guard fullHeight > height else { return nil }
        var y = 0.0
        var drawnRows = 0
        for row in list.rows {
            guard y < height else { break }
            drawnRows += 1
            y += row.height
        }
        return "the notes list is \(Int((fullHeight * scale).rounded())) px tall at \(list.setting.category.name); the image shows its first "
            + "\(Int((height * scale).rounded())) px (rows 1–\(drawnRows) of \(list.rows.count)), the report covers every row"
    }

    /// The editor's first screen (the view size).
    package static func draw(editor: NoteEditor, scale: Double) -> RGBAImage {
        render(editor: editor, scale: scale).image
    }

    /// The editor's first screen with the canvas's warnings: the text scrolled by the editor's
    /// content offset and cut at the text view's bottom, the keyboard below it while it is up.
    package static func render(editor: NoteEditor, scale: Double) -> (image: RGBAImage, warnings: [String]) {
        if editor.layout != .scrolling { return renderContainers(editor: editor, scale: scale) }
        let canvas = Canvas(size: editor.viewSize, scale: scale, background: .white)
        let offset = editor.contentOffset
        let textView = Rect(x: 0, y: 0, width: editor.viewSize.width, height: editor.textViewHeight)
        let indicator = editor.timeIndicator
        // The indicator is a subview of the text view: it scrolls with the text.
        canvas.withClip(textView) {
            canvas.fill(
                BezierPath(
                    arcCenter: Point(x: indicator.center.x, y: indicator.center.y - offset), radius: indicator.radius, startAngle: -.pi,
                    endAngle: 2 * .pi, clockwise: true),
                color: indicatorColor)
        }
        canvas.withClip(textView) { drawFigures(editor, on: canvas, dy: -offset) }
        // Only the lines in view, taken in one pass that stops below it (lines go down the page).
        var lines: [LineFragment] = []
        for line in editor.layoutManager.lazyLineFragments {
            guard line.rect.minY + NoteEditor.textContainerInset < offset + textView.height || line.containerIndex > 0 else { break }
            if line.rect.maxY + NoteEditor.textContainerInset > offset { lines.append(line) }
        }
        canvas.drawText(
            lines, storage: editor.textStorage.storage, origin: Point(x: 0, y: NoteEditor.textContainerInset - offset), clip: textView)
        var attributes = TextAttributes(resolvedFont: indicator.font)
        attributes.foregroundColor = .white
        let label = TextStorage(string: indicator.text, attributes: attributes)
        canvas.drawText(
            indicator.lines, storage: label, origin: Point(x: indicator.labelFrame.origin.x, y: indicator.labelFrame.origin.y - offset),
            clip: textView)
        KeyboardDrawing.draw(on: canvas, width: editor.viewSize.width, bottom: editor.viewSize.height, height: editor.keyboardHeight)
        return (canvas.image, canvas.warnings)
    }

    /// The editor's figures (seed 004's image views), scaled to their frames, moved by `dy`.
    static func drawFigures(_ editor: NoteEditor, on canvas: Canvas, dy: Double) {
        for figure in editor.figures {
            guard let pixels = try? RGBAImage(width: figure.pixelWidth, height: figure.pixelHeight, pixels: figure.rgba) else { continue }
            canvas.draw(pixels, in: figure.frame.offsetBy(dx: 0, dy: dy))
        }
    }

    /// The widest image of pages drawn, in pixels (pages past it are listed, not drawn).
    package static let maximumPixelWidth = 16_384
    /// The most pages drawn side by side: a preview shows how text flows from page to page;
    /// `report.json` has every page's share, and the findings cover them all.
    package static let maximumDrawnPages = 8

    /// Columns side by side in the view, or pages side by side (as a paging scroll view lays them
    /// out) with a grey gap between them; the time indicator in its container.
    static func renderContainers(editor: NoteEditor, scale: Double) -> (image: RGBAImage, warnings: [String]) {
        let containers = editor.layoutManager.textContainers.count
        let pages = editor.layout == .pages
        // At most ``maximumDrawnPages`` pages are drawn (the report lists every page's share).
        let fullWidth = pages ? Double(min(containers, maximumDrawnPages)) * editor.viewSize.width : editor.viewSize.width
        let width = min(fullWidth, (Double(maximumPixelWidth) / scale).rounded(.down))
        let canvas = Canvas(size: Size(width: width, height: editor.viewSize.height), scale: scale, background: .white)
        let indicator = editor.timeIndicator
        // The indicator is a subview of the view: cut at its edge, never painted on the next page.
        canvas.withClip(Rect(x: 0, y: 0, width: editor.viewSize.width, height: editor.viewSize.height)) {
            canvas.fill(
                BezierPath(
                    arcCenter: Point(x: indicator.center.x, y: indicator.center.y), radius: indicator.radius,
                    startAngle: -.pi, endAngle: 2 * .pi, clockwise: true),
                color: indicatorColor)
        }
        drawFigures(editor, on: canvas, dy: 0)
        let lines = editor.layoutManager.lineFragments
        var start = 0
        for index in 0..<containers {
            let origin = editor.containerOrigin(index)
            guard origin.x < width else { break }
            var end = start
            while end < lines.count, lines[end].containerIndex == index { end += 1 }
            let box = Rect(x: origin.x, y: 0, width: pages ? editor.viewSize.width : editor.textContainer.size.width, height: editor.viewSize.height)
            canvas.drawText(Array(lines[start..<end]), storage: editor.textStorage.storage, origin: origin, clip: box)
            if pages, index > 0 {
                canvas.fill(Rect(x: origin.x - 1, y: 0, width: 2, height: editor.viewSize.height), color: separatorColor)
            }
            start = end
        }
        var attributes = TextAttributes(resolvedFont: indicator.font)
        attributes.foregroundColor = .white
        let label = TextStorage(string: indicator.text, attributes: attributes)
        canvas.drawText(indicator.lines, storage: label, origin: indicator.labelFrame.origin, clip: nil)
        return (canvas.image, canvas.warnings)
    }
}
