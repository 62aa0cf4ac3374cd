import DynamicTypeCore
import DynamicTypeScreens

/// How the SwiftUI layout measures and draws `Text`, injected so the layout can be checked
/// without fonts (the conformance suite's ``FixedAdvanceTextMeasurer``); commands use
/// ``FontTextMeasurer``, the project's fonts and line breaking.
package protocol SwiftUITextMeasuring {
    /// The size `source` takes for `proposal` in `env`. A text proposed no width at all takes
    /// none ("`lengthThatFits` … `proposal.width == .zero` … `.zero`", OpenSwiftUI
    /// `View/Text/Text/Text+View.swift`, `StyledTextLayoutEngine`), so its least width in a stack is 0.
    func size(of source: TextSource, _ proposal: Proposal, _ env: TextEnvironment, in pass: SwiftUILayoutPass) throws -> Size
    /// The text laid out for drawing in a box of `size`, placed with `proposal`; nil when the
    /// measurer only measures.
    func draw(_ source: TextSource, size: Size, _ proposal: Proposal, _ env: TextEnvironment, in pass: SwiftUILayoutPass) throws -> LaidOutText?
}

/// Text measured with the project's fonts, shaping and line breaking (``SwiftUILayoutPass/textLayout(_:width:height:_:)``).
package struct FontTextMeasurer: SwiftUITextMeasuring {
    /// The measurer.
    package init() {}

    /// The text's size in the fonts (its widest line, rounded up; its lines' height).
    package func size(of source: TextSource, _ proposal: Proposal, _ env: TextEnvironment, in pass: SwiftUILayoutPass) throws -> Size {
        if proposal.width == 0 {
            // No width: none taken; one line's height kept, as a text always shows one line.
            let ideal = try pass.textLayout(source, width: .infinity, height: nil, env)
            return Size(width: 0, height: ideal.lines.first?.rect.height ?? ideal.box.height)
        }
        let text = try pass.textLayout(source, width: proposal.width ?? .infinity, height: proposal.height, env)
        return Size(width: pass.textWidth(text, proposed: proposal.width), height: text.box.height)
    }

    /// The text laid out in the fonts for drawing and for the screen checks.
    package func draw(_ source: TextSource, size: Size, _ proposal: Proposal, _ env: TextEnvironment, in pass: SwiftUILayoutPass) throws -> LaidOutText? {
        // Laid out again in the width it took (half a point of room for rounding), so lines break
        // where they did when measured.
        let width = proposal.width.map { min($0, size.width + 0.5) } ?? size.width + 0.5
        return try pass.textLayout(source, width: width, height: proposal.height, env)
    }
}

/// Text measured with a fixed advance per character and a fixed line height, for checking the
/// layout against SwiftUI's rules without fonts (as Yoga's and Taffy's test suites measure text
/// with fixed sizes). Lines break at spaces, a word wider than the line at characters; a
/// `lineLimit` or a proposed height ends the text at the lines that fit (at least one).
package struct FixedAdvanceTextMeasurer: SwiftUITextMeasuring {
    /// The width of every character.
    package var advance: Double
    /// The height of every line.
    package var lineHeight: Double

    /// A measurer (10 pt per character, 20 pt lines by default).
    package init(advance: Double = 10, lineHeight: Double = 20) {
        self.advance = advance
        self.lineHeight = lineHeight
    }

    /// The lines of `text` broken for `width` (nil: no width limit), as character counts.
    package func lines(_ text: String, width: Double?) -> [Int] {
        var lines: [Int] = []
        let perLine = width.map { max(1, Int(($0 / advance).rounded(.down))) }
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let perLine else {
                lines.append(paragraph.count)
                continue
            }
            var current = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                var length = word.count
                let needed = current == 0 ? length : current + 1 + length
                if needed <= perLine {
                    current = needed
                    continue
                }
                if current > 0 { lines.append(current) }
                // A word longer than a line breaks at characters.
                while length > perLine {
                    lines.append(perLine)
                    length -= perLine
                }
                current = length
            }
            lines.append(current)
        }
        return lines
    }

    /// The widest line's characters × the advance; the lines × the line height.
    package func size(of source: TextSource, _ proposal: Proposal, _ env: TextEnvironment, in pass: SwiftUILayoutPass) throws -> Size {
        if proposal.width == 0 { return Size(width: 0, height: lineHeight) }
        var text: String
        switch source {
        case .literal(let value), .key(let value), .keyWithoutArguments(let value): text = value
        }
        // A LocalizedStringKey's Markdown markers are not drawn.
        if env.markdown { text = MarkdownInline.plainText(text) }
        let width = proposal.width.flatMap { $0.isFinite ? $0 : nil }
        var lines = lines(text, width: width)
        var count = lines.count
        if let limit = env.lineLimit { count = min(count, limit) }
        if let height = proposal.height, height.isFinite { count = min(count, max(1, Int((height / lineHeight + 0.001).rounded(.down)))) }
        lines = Array(lines.prefix(count))
        let widest = Double(lines.max() ?? 0) * advance
        return Size(width: width.map { min($0, widest) } ?? widest, height: Double(count) * lineHeight)
    }

    /// Nil: this measurer only measures (nothing is drawn, the frames are what is checked).
    package func draw(_ source: TextSource, size: Size, _ proposal: Proposal, _ env: TextEnvironment, in pass: SwiftUILayoutPass) throws -> LaidOutText? {
        nil
    }
}
