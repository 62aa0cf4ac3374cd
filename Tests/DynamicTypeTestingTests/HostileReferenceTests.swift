import Foundation
import Rendering
import Testing

@testable import DynamicTypeSnapshots

/// References and artifacts from a snapshot folder nobody has read: links are neither read nor
/// written through, and diffs never grow past their cap.
@Suite("snapshot engine: hostile references")
struct HostileReferenceTests {
    @Test("a diff of images wider or taller than 16,384 px is cut to 16,384 px per side")
    func diffCap() {
        let cap = BitmapComparison.maximumDiffDimension
        #expect(cap == 16_384)
        let wide = BitmapComparison.diffImage(reference: RGBAImage(width: cap + 100, height: 2), actual: RGBAImage(width: 3, height: 1))
        #expect(wide.width == cap && wide.height == 2)
        let tall = BitmapComparison.diffImage(reference: RGBAImage(width: 2, height: 3), actual: RGBAImage(width: 1, height: cap + 1))
        #expect(tall.width == 2 && tall.height == cap)
        let small = BitmapComparison.diffImage(reference: RGBAImage(width: 3, height: 2), actual: RGBAImage(width: 3, height: 2))
        #expect(small.width == 3 && small.height == 2)
    }

    @Test("a reference, fingerprint or view folder that is a symbolic link is not compared, read or replaced")
    func linkedReferences() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("dtt-hostile-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let secret = root.appendingPathComponent("secret.txt")
        let elsewhere = root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try Data("secret\n".utf8).write(to: secret)
        for planted in ["reference", "fingerprint", "folder"] {
            let snaps = root.appendingPathComponent("snaps-\(planted)")
            let folder = snaps.appendingPathComponent("a")
            try FileManager.default.createDirectory(at: snaps, withIntermediateDirectories: true)
            if planted == "folder" {
                try FileManager.default.createSymbolicLink(at: folder, withDestinationURL: elsewhere)
            } else {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            }
            let reference = folder.appendingPathComponent("03-large.txt")
            if planted == "reference" { try FileManager.default.createSymbolicLink(at: reference, withDestinationURL: secret) }
            if planted == "fingerprint" {
                try FileManager.default.createSymbolicLink(at: ReferenceCheck.fingerprintURL(for: reference), withDestinationURL: secret)
            }
            for mode in SnapshotRecordMode.allCases {
                let check = ReferenceCheck(
                    reference: reference, artifact: root.appendingPathComponent("artifacts/a/03-large.txt"), mode: mode, label: "a at large")
                var compared = false
                let result = check.run(actual: Data("new\n".utf8), fingerprint: nil) { _, _ in
                    compared = true
                    return nil
                }
                #expect(result.kind == .unreadable, "\(planted), \(mode): \(result.kind)")
                #expect(result.message.contains("is a symbolic link"), "\(result.message)")
                #expect(!result.message.contains("secret\n"))
                #expect(!compared && !result.wroteReference && result.artifacts.isEmpty)
            }
            #expect(try String(contentsOf: secret, encoding: .utf8) == "secret\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty, "nothing written through the link")
        }
    }
}
