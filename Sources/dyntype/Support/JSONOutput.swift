import DynamicTypeAudit
import DyntypeCommandLine
import DynamicTypeCore
import Foundation

/// Standard output, written in one piece (reports can be large).
enum StandardOutput {
    /// Writes `text`; when standard output cannot take it (a full disk, a closed file) the command
    /// stops with exit 73 and says so on stderr — `FileHandle.write(_:)` would trap instead.
    static func write(_ text: String) {
        do {
            try FileHandle.standardOutput.write(contentsOf: Data(text.utf8))
        } catch {
            let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
            let reason = underlying.map { InputFile.reason(Int32($0.code)) } ?? (error as NSError).localizedDescription
            Diagnostics.error("cannot write to standard output: \(reason); free space or redirect the output elsewhere")
            exit(SysExit.cannotCreate)
        }
    }
}
