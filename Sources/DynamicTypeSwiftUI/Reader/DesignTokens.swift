import DynamicTypeCore
import DynamicTypeScreens
import Foundation
import Yams

/// A design system's tokens mapped to what they are (a `*.fonts.yml` file given as an input, or one
/// next to the Swift files): a font token to a text style or a font, a colour token to a colour.
///
/// ```yaml
/// fonts:
///   theme.fonts.body: body                          # a text style
///   theme.fonts.title: { style: title2, weight: bold }
///   AppFont.caption: { size: 12, relativeTo: caption }
///   Fonts.logo: { family: Avenir Next, size: 20 }   # no relativeTo: a fixed size
/// colors:
///   theme.colors.accent: "#0A84FF"
/// samples:                                          # text the source does not give (--samples)
///   item.title: "Weekend hiking trip to the Dolomites"   # an expression as written
///   Article.summary: "Two sentences of a real summary."  # a property of a type
///   username: "alexandra_schneider_1987"                 # every `….username`
/// views:                                            # third-party views (--views)
///   KFImage: Image                                  # an image loader: an image filling its frame
///   MarkdownText: Text                              # a rich-text view: its first argument is its text
///   LottieView: opaque                              # a box of its frame
///   ShimmerContainer: transparent                   # its content closure, as is
/// ```
///
/// A token is the expression as written (`theme.fonts.body`, `.appBody`), without `self.` or a
/// leading dot. `--fonts`, `--samples` and `--views` all read this format; each file may hold
/// any of the four maps.
package struct DesignTokens: Sendable, Hashable {
    /// Font tokens.
    package var fonts: [String: FontChoice] = [:]
    /// Colour tokens.
    package var colors: [String: RGBAColor] = [:]
    /// Sample texts by view and expression, expression, type and property, or property name
    /// (``ViewBuilder/sampleText(for:_:)``).
    package var samples: [String: String] = [:]
    /// What a view type the reader does not know is drawn as.
    package var views: [String: MappedView] = [:]

    /// What a mapped third-party view is drawn as.
    package enum MappedView: String, Sendable, Hashable, CaseIterable {
        /// A `Text` of its first unlabelled argument (or `text:`, `markdown:`, `verbatim:`).
        case text = "Text"
        /// A resizable image: it fills the frame it is given.
        case image = "Image"
        /// A box of its frame, counted as not laid out.
        case opaque
        /// Its content closure's views, as if the wrapper were not there.
        case transparent
    }

    /// The largest sample text (a paragraph is enough to show wrapping).
    package static let maximumSampleLength = 2_000

    /// Adds `other`'s tokens over these.
    package mutating func merge(_ other: DesignTokens) {
        fonts.merge(other.fonts) { $1 }
        colors.merge(other.colors) { $1 }
        samples.merge(other.samples) { $1 }
        views.merge(other.views) { $1 }
    }

    /// No tokens.
    package init() {}

    /// Why a token file could not be read.
    package struct ReadError: Error, CustomStringConvertible {
        /// The file.
        package var file: String
        /// What is wrong.
        package var reason: String
        package var description: String { "\(file): \(reason)" }
    }

    /// The largest token file read.
    package static let maximumBytes = 1 << 20

    /// Whether `path` names a token file (`*.fonts.yml`, `*.fonts.yaml`).
    package static func isTokenFile(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".fonts.yml") || lower.hasSuffix(".fonts.yaml")
    }

    /// The tokens of the YAML file at `path`, read as screen files are: a regular file only (a
    /// FIFO would block, a device never end), its size checked before a byte is read, and YAML
    /// anchors and aliases refused before any node exists (``parse(_:file:)``).
    package static func load(path: String) throws(ReadError) -> DesignTokens {
        let data: Data
        do {
            data = try InputFile.read(
                atPath: path, limit: InputSizeLimit(bytes: maximumBytes, howToRaise: "split the token map into several *.fonts.yml files"))
        } catch {
            throw ReadError(file: path, reason: error.reasonWithoutPath)
        }
        guard let text = String(data: data, encoding: .utf8) else { throw ReadError(file: path, reason: "not UTF-8 text") }
        return try parse(text, file: path)
    }

    /// The tokens in `text`.
    ///
    /// Anchors (`&name`) and aliases (`*name`) are refused with their line before the YAML is
    /// composed: an alias is expanded wherever the tree is walked, so a 1 KB "billion laughs" map
    /// ran for minutes through gigabytes (issue 32), and a token map needs neither.
    package static func parse(_ text: String, file: String) throws(ReadError) -> DesignTokens {
        if let found = YAMLEventCalls.firstAnchorOrAlias(in: Data(text.utf8)) {
            throw ReadError(
                file: file,
                reason: "line \(found.line), column \(found.column): YAML \(found.isAlias ? "aliases (*name)" : "anchors (&name)") "
                    + "are not supported in token maps; write the value out where it is used")
        }
        let root: Any?
        do {
            root = try Yams.compose(yaml: text).map { node throws(ReadError) in try plainValue(node, file: file) }
        } catch let error as ReadError {
            throw error
        } catch {
            throw ReadError(file: file, reason: "not YAML: \(error)")
        }
        guard let map = root as? [String: Any] else { throw ReadError(file: file, reason: "give a map with fonts: and colors:") }
        var tokens = DesignTokens()
        for (key, value) in map {
            switch key {
            case "fonts":
                guard let fonts = value as? [String: Any] else { throw ReadError(file: file, reason: "fonts: give token: style or font") }
                for (token, spec) in fonts { tokens.fonts[normalized(token)] = try font(spec, token: token, file: file) }
            case "colors", "colours":
                guard let colors = value as? [String: Any] else { throw ReadError(file: file, reason: "colors: give token: \"#RRGGBB\"") }
                for (token, spec) in colors {
                    guard let text = spec as? String, let color = try? RGBAColor(parsing: text) else {
                        throw ReadError(file: file, reason: "colors.\(token): give a colour as \"#RRGGBB\"")
                    }
                    tokens.colors[normalized(token)] = color
                }
            case "samples":
                guard let samples = value as? [String: Any] else { throw ReadError(file: file, reason: "samples: give expression: \"text\"") }
                for (name, sample) in samples {
                    guard let text = sample as? String ?? (sample as? Int).map(String.init) ?? (sample as? Double).map({ "\($0)" }) else {
                        throw ReadError(file: file, reason: "samples.\(name): give the text as a string")
                    }
                    guard text.count <= maximumSampleLength else {
                        throw ReadError(file: file, reason: "samples.\(name): longer than \(maximumSampleLength) characters; a sample stands for one text")
                    }
                    tokens.samples[normalized(name)] = text
                }
            case "views":
                guard let views = value as? [String: Any] else { throw ReadError(file: file, reason: "views: give ViewType: Text, Image, opaque or transparent") }
                for (name, kind) in views {
                    guard let text = kind as? String, let mapped = MappedView(rawValue: text) else {
                        throw ReadError(
                            file: file,
                            reason: "views.\(name): '\(kind)' is not one of \(MappedView.allCases.map(\.rawValue).joined(separator: ", "))")
                    }
                    tokens.views[normalized(name)] = mapped
                }
            default:
                throw ReadError(file: file, reason: "unknown key '\(key)': give fonts:, colors:, samples: or views:")
            }
        }
        return tokens
    }

    /// `node` as plain values (strings, numbers, booleans, lists, maps with text keys). Yams'
    /// own `load` force-unwraps a map key's text and crashed on `? { a: b }: c` (a map as a key,
    /// found by fuzzing): a key that is not plain text is refused here with its line instead.
    static func plainValue(_ node: Node, file: String) throws(ReadError) -> Any {
        switch node {
        case .mapping(let mapping):
            var result: [String: Any] = [:]
            for (key, value) in mapping {
                guard case .scalar(let scalar) = key else {
                    throw ReadError(file: file, reason: "line \(key.mark?.line ?? 1): a key must be plain text, not a list or a map")
                }
                result[scalar.string] = try plainValue(value, file: file)
            }
            return result
        case .sequence(let sequence):
            var result: [Any] = []
            for element in sequence { result.append(try plainValue(element, file: file)) }
            return result
        default:
            return Constructor.default.any(from: node)
        }
    }

    /// A token as looked up: without `self.` or a leading dot, without spaces.
    package static func normalized(_ token: String) -> String {
        var result = token.filter { !$0.isWhitespace }
        if result.hasPrefix("self.") { result.removeFirst(5) }
        if result.hasPrefix(".") { result.removeFirst() }
        return result
    }

    private static func font(_ spec: Any, token: String, file: String) throws(ReadError) -> FontChoice {
        func fail(_ reason: String) -> ReadError { ReadError(file: file, reason: "fonts.\(token): \(reason)") }
        if let name = spec as? String {
            guard let style = try? TextStyle(parsing: name) else { throw fail("'\(name)' is not a text style") }
            return .style(style)
        }
        guard let fields = spec as? [String: Any] else { throw fail("give a text style or { style:, size:, relativeTo:, family:, weight: }") }
        var choice = FontChoice()
        for (key, value) in fields {
            let text = "\(value)"
            switch key {
            case "style", "relativeTo":
                guard let style = try? TextStyle(parsing: text) else { throw fail("'\(text)' is not a text style") }
                if key == "style" { choice.style = style } else { choice.relativeTo = style }
            case "size":
                guard let size = Double(text), size.isFinite, size >= 1, size <= 500 else { throw fail("size must be 1…500 points") }
                choice.size = size
            case "family": choice.family = text
            case "weight":
                guard let weight = FontWeight(name: text) else { throw fail("'\(text)' is not a weight") }
                choice.weight = weight
            case "italic": choice.italic = (value as? Bool) ?? false
            default: throw fail("unknown field '\(key)'")
            }
        }
        guard choice.style != nil || choice.size != nil else { throw fail("give a style or a size") }
        if choice.style != nil { choice.size = nil }
        return choice
    }
}
