import DynamicTypeAudit
import DynamicTypeCore
import Foundation
import TextStack

/// A shape every editor's text flows around (`--exclusion`), in points: `rect:x,y,w,h`,
/// `ellipse:x,y,w,h` or `polygon:x,y;x,y;x,y` (three points or more).
package struct ExclusionShape: Sendable {
    /// The shape as written.
    package var text: String
    /// The shape as an exclusion path.
    package var path: BezierPath

    /// Parses `text`.
    ///
    /// - Throws: ``InputProblem`` (usage) naming the forms it takes.
    package init(parsing text: String) throws(InputProblem) {
        let fail = InputProblem(
            file: "--exclusion", kind: .usage,
            fullMessage: "invalid --exclusion '\(text)': give rect:x,y,w,h, ellipse:x,y,w,h or polygon:x,y;x,y;x,y in points")
        guard let colon = text.firstIndex(of: ":") else { throw fail }
        let kind = text[..<colon], body = text[text.index(after: colon)...]
        func numbers(_ part: Substring) throws(InputProblem) -> [Double] {
            let values = part.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard values.allSatisfy({ $0 != nil && $0!.isFinite }) else { throw fail }
            return values.map { $0! }
        }
        self.text = text
        switch kind {
        case "rect", "ellipse":
            let v = try numbers(body)
            guard v.count == 4, v[2] > 0, v[3] > 0 else { throw fail }
            let rect = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
            path = kind == "rect" ? BezierPath(rect: rect) : BezierPath(ovalIn: rect)
        case "polygon":
            var points: [Point] = []
            for part in body.split(separator: ";") {
                let v = try numbers(part)
                guard v.count == 2 else { throw fail }
                points.append(Point(x: v[0], y: v[1]))
            }
            guard points.count >= 3 else { throw fail }
            path = BezierPath(polygon: points)
        default:
            throw fail
        }
    }
}
