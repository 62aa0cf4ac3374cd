import DynamicTypeAudit
import DynamicTypeCore
import Foundation
import Notepad
import Rendering
import TextStack

/// A PNG placed in every editor (`--figure file.png[@x,y[,width]]`), text flowing around its
/// opaque pixels: the file and, when given, where it goes in points (default `@16,120,140`, the
/// width at most 40 % of the view); its height follows its aspect.
package struct FigureOption: Sendable {
    /// The option as written.
    package var text: String
    /// The PNG file.
    package var path: String
    /// x, y and optionally width in points, when given.
    package var placement: [Double]

    /// Parses `text`: a file that exists by that whole name is only a file (its name may hold `@`).
    ///
    /// - Throws: ``InputProblem`` (usage) for a placement that is not two or three numbers 0…10000.
    package init(parsing text: String) throws(InputProblem) {
        self.text = text
        path = text
        placement = []
        if let at = text.lastIndex(of: "@"), !FileManager.default.fileExists(atPath: text) {
            let parts = text[text.index(after: at)...].split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard (2...3).contains(parts.count), parts.allSatisfy({ $0 != nil && $0!.isFinite && $0! >= 0 && $0! <= 10_000 }) else {
                throw InputProblem(
                    file: "--figure", kind: .usage,
                    fullMessage: "invalid --figure '\(text)': give file.png or file.png@x,y[,width] in points, 0…10000 each")
            }
            path = String(text[..<at])
            placement = parts.map { $0! }
        }
    }

    /// The figure read with libspng and placed on `device`.
    ///
    /// - Throws: ``InputProblem``: unreadable when the file is missing, invalid when it is not a
    ///   readable PNG, usage when it does not fit the view's width.
    package func figure(on device: Device, limit: InputSizeLimit) throws(InputProblem) -> NoteFigure {
        var numbers: [Double] = [16, 120, min(140, device.width * 0.4)]
        for (index, value) in placement.enumerated() { numbers[index] = value }
        guard FileManager.default.fileExists(atPath: path) else {
            throw InputProblem(file: path, kind: .unreadable, fullMessage: "--figure: '\(path)' does not exist")
        }
        let image: RGBAImage
        do {
            image = try PNGDecoder.decode(try InputFile.read(atPath: path, limit: limit))
        } catch {
            throw InputProblem(file: path, kind: .invalid, fullMessage: "--figure: '\(path)' is not a readable PNG (\(error))")
        }
        guard numbers[2] > 0, numbers[0] + numbers[2] <= device.width else {
            throw InputProblem(
                file: "--figure", kind: .usage,
                fullMessage: "invalid --figure '\(text)': x + width must fit the \(PointFormat.string(device.width)) pt view")
        }
        let height = numbers[2] * Double(image.height) / Double(image.width)
        do {
            return try NoteFigure(
                name: (path as NSString).lastPathComponent, frame: Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: height),
                rgba: image.pixels, pixelWidth: image.width, pixelHeight: image.height)
        } catch {
            throw InputProblem(file: path, kind: .invalid, fullMessage: "--figure: '\(path)': \(error)")
        }
    }
}
