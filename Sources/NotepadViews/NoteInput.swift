import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import Foundation
import Notepad

/// Loading the notes of preview, switch and snapshot: one place for how load errors become exit
/// codes, so the three commands agree (README › Exit codes).
package enum NoteInput {
    /// The notes and screens of every path in order (``ViewInputs``), or the bundled sample notes
    /// when `paths` is empty; SwiftUI sources' design tokens also from `tokenMaps`.
    ///
    /// - Throws: ``CommandError``: 66 when a path or token map is missing or cannot be read, 65
    ///   when the one file given is over the input size limit, or a screen file or token map is invalid.
    package static func load(_ paths: [String], tokenMaps: [String] = [], limit: InputSizeLimit) throws -> (
        notes: [Note], issues: [NoteLoadIssue], screens: [ScreenDocument]
    ) {
        do {
            let inputs = try ViewInputs.load(paths, tokenMaps: tokenMaps, limit: limit)
            return (inputs.notes, inputs.issues, inputs.screens)
        } catch {
            switch error {
            case .invalidScreen(let screenError) where screenError.reason == .unreadable:
                throw CommandError(code: SysExit.noInput, message: error.description)
            case .notes(.tooLarge), .invalidScreen, .invalidTokens: throw CommandError(code: SysExit.dataError, message: error.description)
            case .notes, .screenMissing, .tokenMapMissing: throw CommandError(code: SysExit.noInput, message: error.description)
            }
        }
    }

    /// The exit code the issues call for once the other notes are done: 66 when a note was skipped
    /// because it could not be read or is not a regular file, else 65 for invalid UTF-8 or a note
    /// over the size limit, else nil (empty, large notes and dangling links are only warnings).
    package static func exitCode(for issues: [NoteLoadIssue]) -> Int32? {
        if issues.contains(where: { $0.kind == .unreadable || $0.kind == .notRegularFile || $0.kind == .symlinkNotFollowed }) {
            return SysExit.noInput
        }
        if issues.contains(where: { $0.kind == .invalidUTF8 || $0.kind == .tooLarge }) { return SysExit.dataError }
        return nil
    }
}

extension OutputSafety {
    /// The note files themselves (bundled samples excluded): a note that is a symbolic link into
    /// the output folder is an input there too.
    package static func noteFiles(_ notes: [Note]) -> [Input] {
        notes.filter { !$0.source.hasPrefix("bundled:") }.map { Input(role: "note file", path: $0.source) }
    }
}
