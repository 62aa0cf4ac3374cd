import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import FontSystem
import Foundation
import TextStack

/// Text with the project's fonts: the font a `Text` gets from its environment, its layout and
/// width (``FontTextMeasurer`` measures with these), and an SF Symbol's box.
extension SwiftUILayoutPass {
    /// The font spec of `env` at layout time (a style with a weight becomes the style's font at
    /// `large`, of that weight, scaling with the style).
    func fontSpec(_ env: TextEnvironment) throws -> FontSpec {
        let choice = env.font
        let weight = env.weight ?? choice.weight
        let italic = env.italic || choice.italic
        if let style = choice.style {
            guard weight != nil || italic else { return .style(style) }
            let atLarge = try FontDescriptor.preferred(
                for: style, category: .large, legibilityWeight: environment.legibility, profile: environment.profile)
            return .custom(
                CustomFont(size: atLarge.size, weight: weight ?? atLarge.weight, italic: italic, relativeTo: style))
        }
        return .custom(
            CustomFont(family: choice.family, size: choice.size ?? 17, weight: weight ?? .regular, italic: italic, relativeTo: choice.relativeTo))
    }

    /// The side of an SF Symbol's box in `env`'s font: 1.2 × the point size (a medium-scale symbol).
    func symbolSide(_ env: TextEnvironment) throws -> Double {
        (try ExternalLayout.pointSize(try fontSpec(env), category: category(env), environment: environment) * 1.2).rounded()
    }

    /// `source` laid out `width` wide in `env`. SwiftUI's `Text` wraps by default; it truncates
    /// only at its `lineLimit` or when the proposed height has no room for more lines (then the
    /// last line that fits ends in "…", at least one line shown).
    func textLayout(_ source: TextSource, width: Double, height: Double?, _ env: TextEnvironment) throws -> LaidOutText {
        var text = source
        if let key = source.key, case .key(locale: nil)? = environment.texts.resolve(source).fallback {
            // No strings file in use: a LocalizedStringKey shows itself, formatted only when it has arguments.
            if case .key = source { text = .literal(PlaceholderSamples.fill(key)) } else { text = .literal(key) }
        }
        var spec = LabelSpec(
            id: "", text: text, font: try fontSpec(env), lines: env.lineLimit ?? 0, lineBreak: env.lineBreak,
            color: env.color ?? (env.inButton ? ViewBuilder.accent : .black), alignment: env.alignment,
            minimumScaleFactor: env.minimumScaleFactor)
        spec.markdown = env.markdown
        let seen = category(env)
        var laid: LaidOutText
        do {
            laid = try ExternalLayout.text(spec, width: width, category: seen, environment: environment)
        } catch {
            guard case .custom(var custom) = spec.font.kind, let family = custom.family else { throw error }
            // A family not installed here: the system font, said once per family.
            if fontFallbacks.insert(family).inserted {
                findings.append(
                    Finding(
                        kind: .fallbackFont, severity: .info, element: family, category: category,
                        message: "font family \"\(family)\" is not installed: laid out with the system font at its size"))
            }
            custom.family = nil
            spec.font = .custom(custom)
            laid = try ExternalLayout.text(spec, width: width, category: seen, environment: environment)
        }
        if let height, height.isFinite, laid.box.height > height + 0.5, spec.lines != 1 {
            let fitting = laid.lines.filter { $0.rect.maxY <= height + 0.5 }.count
            let lines = max(1, fitting)
            if spec.lines == 0 || lines < spec.lines {
                spec.lines = lines
                laid = try ExternalLayout.text(spec, width: width, category: seen, environment: environment)
            }
        }
        return laid
    }

    /// The width a text takes: its widest line (at most the proposal).
    func textWidth(_ text: LaidOutText, proposed: Double?) -> Double {
        let widest = text.lines.map(\.textWidth).max() ?? 0
        let width = widest.rounded(.up)
        guard let proposed, proposed.isFinite else { return width }
        return min(width, proposed)
    }
}
