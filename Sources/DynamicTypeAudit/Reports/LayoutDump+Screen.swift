import DynamicTypeCore
import DynamicTypeScreens
import FontSystem
import Foundation
import TextStack

extension LayoutDump {
    /// The dump of a laid-out screen.
    package static func screen(_ laidOut: LaidOutScreen, profile: TypeRampProfile, boldText: Bool, findings: [Finding]) -> String {
        var out: [String] = [header]
        out.append(
            "screen: \(quote(laidOut.screen.name)) · locale \(laidOut.locale ?? "none") · size \(num(laidOut.size.width))×\(num(laidOut.size.height)) · content height \(num(laidOut.contentHeight))"
        )
        out.append(settingLine(TextSizeSetting(category: laidOut.category, legibilityWeight: boldText ? .bold : .regular), profile: profile))
        for view in laidOut.views {
            let depth = String(repeating: "  ", count: depth(of: view, in: laidOut))
            let frame = view.frame
            var line = "\(depth)\(view.kind.rawValue) \(view.path) · frame \(num(frame.minX)) \(num(frame.minY)) \(num(frame.width))×\(num(frame.height))"
            // Views read from a file (Interface Builder) say where: `Main.storyboard:12 · id abc-12-xyz`.
            if let source = view.declaration { line += " · \(source.file):\(source.line) · id \(source.id)" }
            if view.category != laidOut.category { line += " · sees \(view.category.name)" }
            if case .stack(let axis, let natural, let available, _) = view.content {
                line += " · \(axis.rawValue) · needs \(num(natural)) of \(num(available))"
            }
            guard let text = view.text else {
                out.append(line)
                continue
            }
            line += " · \(fontName(text.font))"
            if text.isTruncated { line += " · truncated" }
            if text.shrinkScale < 1 { line += " · shrunk \(num(text.shrinkScale))" }
            if text.neededHeight > text.box.height + 0.5 { line += " · needs \(num(text.neededHeight)) of \(num(text.box.height))" }
            out.append(line)
            let baseStyle = style(ScreenTextStyle.base(text))
            for (index, fragment) in text.lines.enumerated() {
                out.append(
                    depth
                        + fragmentLine(
                            index: index, line: fragment, storage: text.storage, origin: 0, top: 0, relative: false, base: text.font,
                            baseStyle: baseStyle))
            }
        }
        out += findingLines(findings)
        return out.joined(separator: "\n") + "\n"
    }

    static func depth(of view: LaidOutView, in laidOut: LaidOutScreen) -> Int {
        var depth = 0
        var parent = view.parent
        while let index = parent {
            depth += 1
            parent = laidOut.views[index].parent
        }
        return depth
    }
}

/// The attributes every run of a view's text shares (only runs that differ are listed in dumps).
enum ScreenTextStyle {
    static func base(_ text: LaidOutText) -> TextAttributes {
        var attributes = TextAttributes(resolvedFont: text.font)
        attributes.foregroundColor = text.color
        return attributes
    }
}
