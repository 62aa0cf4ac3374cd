import DynamicTypeCore
import FontSystem
import Foundation
import Notepad
import Rendering
import TextStack

/// Draws the notepad's screens: the notes list (rows, separators, letterpressed titles) and an
/// editor's first screen (highlighted text flowing around the time indicator).
enum NotepadRenderer {
    struct Rendered {
        var image: RGBAImage
        var warnings: [String]
    }

    /// The seed's separator grey and the time indicator's fill.
    static let separatorColor = RGBAColor(red: 0.78, green: 0.78, blue: 0.8)
    static let listBackground = RGBAColor(red: 0.97, green: 0.97, blue: 0.97)
    static let indicatorColor = RGBAColor(red: 0.175, green: 0.458, blue: 0.831)

    /// The list at least one screen tall (all rows when they need more).
    static func render(list: NotesList, viewSize: Size, scale: Double) throws -> Rendered {
        let height = max(viewSize.height, list.contentHeight)
        let canvas = Canvas(size: Size(width: viewSize.width, height: height), scale: scale, background: listBackground)
        var y = 0.0
        for row in list.rows {
            let textHeight = row.lines.last?.rect.maxY ?? 0
            let top = y + max(0, (row.height - textHeight) / 2)
            let storage = TextStorage(string: row.title, attributes: NotesList.titleAttributes(list.headline))
            canvas.drawText(
                row.lines, storage: storage, origin: Point(x: NotesList.horizontalInset, y: top),
                clip: Rect(x: 0, y: y, width: viewSize.width, height: row.height))
            y += row.height
            canvas.strokeLine(
                from: Point(x: NotesList.horizontalInset, y: y - 0.25), to: Point(x: viewSize.width, y: y - 0.25),
                width: 0.5, color: separatorColor)
        }
        return Rendered(image: canvas.image, warnings: canvas.warnings)
    }

    /// The editor's first screen (device height).
    static func render(editor: NoteEditor, scale: Double) throws -> Rendered {
        let canvas = Canvas(size: editor.viewSize, scale: scale, background: .white)
        let indicator = editor.timeIndicator
        canvas.fill(
            BezierPath(arcCenter: indicator.center, radius: indicator.radius, startAngle: -.pi, endAngle: 2 * .pi, clockwise: true),
            color: indicatorColor)
        let lines = editor.layoutManager.lineFragments.filter { $0.rect.minY < editor.viewSize.height }
        canvas.drawText(
            lines, storage: editor.textStorage.storage, origin: Point(x: 0, y: NoteEditor.textContainerInset),
            clip: Rect(x: 0, y: 0, width: editor.viewSize.width, height: editor.viewSize.height))
        // The date label, white on the circle.
        var attributes = TextAttributes(resolvedFont: indicator.font)
        attributes.foregroundColor = .white
        let label = TextStorage(string: indicator.text, attributes: attributes)
        canvas.drawText(indicator.lines, storage: label, origin: indicator.labelFrame.origin, clip: nil)
        return Rendered(image: canvas.image, warnings: canvas.warnings)
    }
}
