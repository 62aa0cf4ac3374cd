import DynamicTypeCore
import FontSystem
import Foundation
import Testing

@testable import TextStack

/// Fonts and helpers shared by the shaping and bidi tests. They run on the machine's real fonts
/// (the set-up installs fonts-inter, fonts-dejavu-core, fonts-urw-base35, fonts-wqy-microhei,
/// fonts-noto-color-emoji).
enum ShapingFixtures {
    static let inter = "/usr/share/fonts/opentype/inter/Inter-Regular.otf"
    static let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let wenQuanYi = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
    static let notoColorEmoji = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

    static func resolver() throws -> FontResolver { try FontResolver.shared() }

    static func shaper() throws -> Shaper { Shaper(resolver: try resolver()) }

    /// A font file at a size, failing with the package to install when the file is missing.
    static func font(_ path: String, size: Double, faceIndex: Int = 0) throws -> ResolvedFont {
        try #require(
            FileManager.default.fileExists(atPath: path),
            "font \(path) is missing; install the package the README lists for it")
        return try resolver().font(atPath: path, faceIndex: faceIndex, size: size)
    }

    /// The iOS body style at Large: Inter 17 pt through the family map.
    static func body() throws -> ResolvedFont {
        try resolver().resolve(FontDescriptor.preferred(for: .body, category: .large, profile: .ios))
    }

    /// Shapes `text` with one span of `font` over all of it.
    static func shape(
        _ text: String, font: ResolvedFont, kerning: Double? = nil, tracking: Double = 0,
        direction: BaseWritingDirection = .natural
    ) throws -> ShapedParagraph {
        let span = FontSpan(range: 0..<text.utf16.count, font: font, kerning: kerning, trackingPoints: tracking)
        return try shaper().shape(text, spans: [span], baseDirection: direction)
    }
}

/// Runs HarfBuzz's own command-line shaper, `hb-shape` (Debian package libharfbuzz-bin), as the
/// reference our glyph ids, clusters and advances must equal.
enum HBShape {
    static let path = "/usr/bin/hb-shape"

    /// One glyph of `hb-shape --output-format=json`: positions in font units at the given scale.
    struct Glyph: Decodable, Equatable, CustomStringConvertible {
        var g: UInt32
        var cl: Int
        var dx: Int
        var dy: Int
        var ax: Int
        var ay: Int

        var description: String { "\(g)=\(cl)@\(dx),\(dy)+\(ax)" }
    }

    struct Request {
        var fontPath: String
        var faceIndex = 0
        /// `--font-size`: HarfBuzz units per em, i.e. point size × ``HarfBuzzFont/unitsPerPoint``.
        var scale: Int
        var text: [Unicode.Scalar]
        var before: [Unicode.Scalar] = []
        var after: [Unicode.Scalar] = []
        var script: String?
        var rightToLeft = false
        var beginningOfText = true
        var endOfText = true
        var features: [String] = []
    }

    /// Runs hb-shape; fails the test (naming the package) when the binary is missing.
    static func run(_ request: Request) throws -> [Glyph] {
        try #require(
            FileManager.default.isExecutableFile(atPath: path),
            "\(path) not found: install the Debian package libharfbuzz-bin (it provides hb-shape)")
        func hex(_ scalars: [Unicode.Scalar]) -> String {
            scalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: ",")
        }
        var arguments = [
            "--font-file=\(request.fontPath)", "--face-index=\(request.faceIndex)", "--font-size=\(request.scale)",
            "--font-funcs=ot", "--no-glyph-names", "--output-format=json",
            "--direction=\(request.rightToLeft ? "rtl" : "ltr")", "--unicodes=\(hex(request.text))",
        ]
        if let script = request.script { arguments.append("--script=\(script)") }
        if !request.before.isEmpty { arguments.append("--unicodes-before=\(hex(request.before))") }
        if !request.after.isEmpty { arguments.append("--unicodes-after=\(hex(request.after))") }
        if request.beginningOfText { arguments.append("--bot") }
        if request.endOfText { arguments.append("--eot") }
        if !request.features.isEmpty { arguments.append("--features=\(request.features.joined(separator: ","))") }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        // hb-shape takes its default language from the locale; the shaper sets none. "C" maps
        // to no OpenType language system, the same as none.
        process.environment = ["LC_ALL": "C", "LANG": "C"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "hb-shape \(arguments) failed: \(errorText)")
        return try JSONDecoder().decode([Glyph].self, from: data)
    }
}

extension ShapedRun {
    /// The glyphs as hb-shape prints them: clusters relative to the run in code points,
    /// positions in HarfBuzz units (exact: every value is a multiple of 1/1024 pt).
    func asHBShapeGlyphs(in text: [UInt16]) -> [HBShape.Glyph] {
        // UTF-16 offset → index of the code point within the run.
        var codePointIndex: [Int: Int] = [:]
        var offset = range.lowerBound
        var index = 0
        while offset < range.upperBound {
            codePointIndex[offset] = index
            offset += UTF16.isLeadSurrogate(text[offset]) ? 2 : 1
            index += 1
        }
        return glyphs.map { glyph in
            HBShape.Glyph(
                g: glyph.glyphID, cl: codePointIndex[glyph.cluster] ?? -1,
                dx: Int((glyph.xOffset * HarfBuzzFont.unitsPerPoint).rounded()),
                dy: Int((glyph.yOffset * HarfBuzzFont.unitsPerPoint).rounded()),
                ax: Int((glyph.advance * HarfBuzzFont.unitsPerPoint).rounded()), ay: 0)
        }
    }

    /// The run's text as scalars.
    func scalars(in text: [UInt16]) -> [Unicode.Scalar] {
        Array(String(decoding: text[range], as: UTF16.self).unicodeScalars)
    }
}
