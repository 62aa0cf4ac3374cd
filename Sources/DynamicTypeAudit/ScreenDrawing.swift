import DynamicTypeCore
import DynamicTypeScreens
import Foundation
import Rendering
import TextStack

/// Draws a laid-out screen: the screen's background, each view's background (buttons rounded),
/// image placeholders, text cut to its box, and table separators. Taller than
/// ``ViewDrawing/maximumPixelHeight`` it is cut there, with a sentence saying so.
package enum ScreenDrawing {
    /// The table separators' grey (as the notes list's).
    package static let separatorColor = ViewDrawing.separatorColor

    /// The screen as an image, with the canvas's warnings and, when cut, where.
    package static func render(_ laidOut: LaidOutScreen, scale: Double) -> (image: RGBAImage, warnings: [String], cut: String?) {
        let fullHeight = laidOut.size.height
        let height = min(fullHeight, (Double(ViewDrawing.maximumPixelHeight) / scale).rounded(.down))
        let canvas = Canvas(
            size: Size(width: laidOut.size.width, height: height), scale: scale, background: laidOut.screen.background)
        for view in laidOut.views where view.frame.minY < height {
            if let background = view.background, background.alpha > 0 {
                canvas.fill(rounded(view.frame, radius: view.cornerRadius), color: background)
            }
            switch view.content {
            case .image(let circular, let color):
                let path = circular ? BezierPath(ovalIn: view.frame) : rounded(view.frame, radius: min(8, view.frame.width / 4))
                canvas.fill(path, color: color)
            case .table(let separators, _):
                for y in separators {
                    canvas.strokeLine(
                        from: Point(x: view.frame.minX + 16, y: y - 0.25), to: Point(x: view.frame.maxX, y: y - 0.25), width: 0.5,
                        color: separatorColor)
                }
            case .text(let text):
                for placed in text.images {
                    if let pixels = try? RGBAImage(width: placed.image.width, height: placed.image.height, pixels: placed.image.rgba) {
                        canvas.draw(pixels, in: placed.frame)
                    }
                }
                // Text is cut to its box's height (a fixed row, a text view), not its width: a
                // squeezed label's overflow is what the findings are about, and it shows.
                let clip = Rect(x: 0, y: text.box.minY, width: laidOut.size.width, height: max(0, text.box.height))
                canvas.drawText(text.lines, storage: text.storage, origin: text.origin, clip: clip)
            case .stack:
                break
            }
        }
        if laidOut.keyboardHeight > 0 {
            KeyboardDrawing.draw(on: canvas, width: laidOut.size.width, bottom: laidOut.foldHeight, height: laidOut.keyboardHeight)
        }
        return (canvas.image, canvas.warnings, cut(laidOut, scale: scale))
    }

    /// Where the screen's image at `scale` is cut, when it is taller than
    /// ``ViewDrawing/maximumPixelHeight``: a sentence for an `imageCut` finding, known without drawing.
    package static func cut(_ laidOut: LaidOutScreen, scale: Double) -> String? {
        let fullHeight = laidOut.size.height
        let height = min(fullHeight, (Double(ViewDrawing.maximumPixelHeight) / scale).rounded(.down))
        guard fullHeight > height else { return nil }
        return "the screen \(laidOut.screen.name) is \(Int((fullHeight * scale).rounded())) px tall at \(laidOut.category.name); "
            + "the image shows its first \(Int((height * scale).rounded())) px, the report covers every view"
    }

    /// A rectangle with rounded corners (a plain one for radius 0).
    static func rounded(_ rect: Rect, radius: Double) -> BezierPath {
        let r = min(radius, rect.width / 2, rect.height / 2)
        guard r > 0 else { return BezierPath(rect: rect) }
        // Quarter circles as cubic Béziers (k = 0.5523, the usual circle approximation).
        let k = 0.5523 * r
        var path = BezierPath()
        path.move(to: Point(x: rect.minX + r, y: rect.minY))
        path.addLine(to: Point(x: rect.maxX - r, y: rect.minY))
        path.addCurve(
            to: Point(x: rect.maxX, y: rect.minY + r), control1: Point(x: rect.maxX - r + k, y: rect.minY),
            control2: Point(x: rect.maxX, y: rect.minY + r - k))
        path.addLine(to: Point(x: rect.maxX, y: rect.maxY - r))
        path.addCurve(
            to: Point(x: rect.maxX - r, y: rect.maxY), control1: Point(x: rect.maxX, y: rect.maxY - r + k),
            control2: Point(x: rect.maxX - r + k, y: rect.maxY))
        path.addLine(to: Point(x: rect.minX + r, y: rect.maxY))
        path.addCurve(
            to: Point(x: rect.minX, y: rect.maxY - r), control1: Point(x: rect.minX + r - k, y: rect.maxY),
            control2: Point(x: rect.minX, y: rect.maxY - r + k))
        path.addLine(to: Point(x: rect.minX, y: rect.minY + r))
        path.addCurve(
            to: Point(x: rect.minX + r, y: rect.minY), control1: Point(x: rect.minX, y: rect.minY + r - k),
            control2: Point(x: rect.minX + r - k, y: rect.minY))
        path.close()
        return path
    }
}
