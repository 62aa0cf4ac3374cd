import DynamicTypeCore
@testable import DynamicTypeSwiftUI
import Foundation
import Testing

/// Issue 32: token maps are read as screen files are — regular files only, size checked before
/// reading, YAML anchors and aliases refused before the tree is composed.
@Suite struct TokenMapInputTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tokens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func anAliasBombIsRefusedWithItsLineBeforeAnythingIsExpanded() throws {
        // Nine levels of nine: 9^9 (387 million) nodes once expanded.
        var bomb = "a0: &a0 [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
        for level in 1...9 {
            bomb += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ",") + "]\n"
        }
        bomb += "fonts:\n  theme.fonts.body: body\n"
        #expect {
            try DesignTokens.parse(bomb, file: "bomb.fonts.yml")
        } throws: { error in
            let description = "\(error)"
            return description.hasPrefix("bomb.fonts.yml: line 1, column 5: YAML anchors (&name) are not supported in token maps")
        }
        #expect {
            try DesignTokens.parse("fonts:\n  theme.fonts.body: *style\n", file: "alias.fonts.yml")
        } throws: { error in
            "\(error)".contains("line 2, column 21: YAML aliases (*name) are not supported in token maps")
        }
    }

    @Test func onlyRegularFilesWithinTheSizeLimitAreRead() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = folder.appendingPathComponent("good.fonts.yml")
        try Data("fonts:\n  theme.fonts.body: { style: title2 }\n".utf8).write(to: good)
        #expect(try DesignTokens.load(path: good.path).fonts["theme.fonts.body"]?.style == .title2)
        // A FIFO with no writer: refused before it is opened, so the read cannot block.
        let fifo = folder.appendingPathComponent("pipe.fonts.yml").path
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect {
            try DesignTokens.load(path: fifo)
        } throws: { error in
            "\(error)".contains("is not a regular file (a FIFO)")
        }
        // Over the limit: refused from its size, before reading.
        let big = folder.appendingPathComponent("big.fonts.yml")
        try Data(repeating: 0x20, count: DesignTokens.maximumBytes + 1).write(to: big)
        #expect {
            try DesignTokens.load(path: big.path)
        } throws: { error in
            "\(error)".contains("over the input size limit")
        }
        #expect {
            try DesignTokens.load(path: folder.appendingPathComponent("missing.fonts.yml").path)
        } throws: { error in
            "\(error)".contains("does not exist")
        }
    }
}
