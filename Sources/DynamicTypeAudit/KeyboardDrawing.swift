import DynamicTypeCore
import Rendering
import TextStack

/// The system keyboard drawn over the bottom of a screen: iOS's light keyboard — a grey panel with
/// four rows of white keys (10, 9, 7 between shift and delete, then the space bar row) — so a
/// preview shows what the keyboard covers. Keys have no letters: what matters is the area taken.
package enum KeyboardDrawing {
    /// The panel's grey (iOS 7's light keyboard).
    package static let panelColor = RGBAColor(red: 209 / 255, green: 213 / 255, blue: 219 / 255)
    /// The keys' colour.
    package static let keyColor = RGBAColor.white
    /// The darker keys (shift, delete, 123, return).
    package static let functionKeyColor = RGBAColor(red: 172 / 255, green: 179 / 255, blue: 188 / 255)

    /// Draws a keyboard `height` points tall at the bottom of a canvas area `width` wide whose
    /// bottom edge is at `bottom`.
    package static func draw(on canvas: Canvas, width: Double, bottom: Double, height: Double) {
        guard height > 0 else { return }
        let top = bottom - height
        canvas.fill(Rect(x: 0, y: top, width: width, height: height), color: panelColor)
        // Four rows of keys in the top 4/5 of the panel (the rest is the home-indicator margin).
        let rowHeight = min(54, height * 0.8 / 4)
        let gap = max(2, width / 80)
        let keyWidth = (width - gap * 11) / 10
        var y = top + gap * 2
        for (row, count) in [10, 9, 7, 0].enumerated() {
            let keyHeight = rowHeight - gap * 2
            switch row {
            case 3:
                // 123, space, return.
                let small = keyWidth * 1.25
                key(canvas, Rect(x: gap, y: y, width: small, height: keyHeight), functionKeyColor)
                key(canvas, Rect(x: gap * 2 + small, y: y, width: width - small * 3 - gap * 4, height: keyHeight), keyColor)
                key(canvas, Rect(x: width - gap - small * 2 + gap, y: y, width: small * 2 - gap, height: keyHeight), functionKeyColor)
            default:
                let rowWidth = Double(count) * keyWidth + Double(count - 1) * gap
                var x = (width - rowWidth) / 2
                if row == 2 {
                    key(canvas, Rect(x: gap, y: y, width: keyWidth * 1.3, height: keyHeight), functionKeyColor)
                    key(canvas, Rect(x: width - gap - keyWidth * 1.3, y: y, width: keyWidth * 1.3, height: keyHeight), functionKeyColor)
                }
                for _ in 0..<count {
                    key(canvas, Rect(x: x, y: y, width: keyWidth, height: keyHeight), keyColor)
                    x += keyWidth + gap
                }
            }
            y += rowHeight
        }
    }

    private static func key(_ canvas: Canvas, _ rect: Rect, _ color: RGBAColor) {
        guard rect.width > 0, rect.height > 0 else { return }
        canvas.fill(ScreenDrawing.rounded(rect, radius: min(5, rect.width / 4)), color: color)
    }
}
