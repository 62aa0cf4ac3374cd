import ArgumentParser
import DynamicTypeCore
import DynamicTypeSnapshots
import Foundation

extension SnapshotCommand {
    /// How `snapshot` reports its results on stdout.
    enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json, junit
    }

    /// Each outcome and orphan as a machine-readable entry, classified as the text report does.
    static func entries(_ outcomes: [Outcome], orphans: [String], verifying: Bool) -> [SnapshotResults.Reference] {
        func parts(_ path: String) -> (view: String, category: String?) {
            let view = path.split(separator: "/").first.map(String.init) ?? path
            let file = (path as NSString).lastPathComponent
            let category = ContentSizeCategory.allCases.first { file.hasPrefix($0.fileStem + ".") }?.name
            return (view, category)
        }
        var result: [SnapshotResults.Reference] = []
        for outcome in outcomes {
            let (view, category) = parts(outcome.path)
            func entry(_ status: String, _ passed: Bool, _ message: String) {
                result.append(.init(path: outcome.path, view: view, category: category, status: status, passed: passed, message: message))
            }
            if let error = outcome.error {
                entry("error", false, error)
                continue
            }
            guard let check = outcome.result else { continue }
            switch check.kind {
            case .matched, .unchanged: entry("passed", true, "")
            case .recorded: entry("recorded", true, check.message)
            case .recordedMissing: entry(verifying ? "missing" : "recorded", !verifying, check.message)
            case .writeFailed: entry("error", false, check.message)
            case .mismatch, .environmentChanged, .settingsChanged:
                if !verifying && check.wroteReference {
                    entry("updated", true, check.message)
                } else {
                    let status = [ReferenceResult.Kind.environmentChanged: "environmentChanged", .settingsChanged: "settingsChanged"][check.kind] ?? "failed"
                    entry(status, false, check.message)
                }
            case .missing: entry("missing", false, check.message)
            case .fingerprintMissing, .unreadable, .renderingFailed: entry("failed", false, check.message)
            }
        }
        for orphan in orphans {
            let (view, category) = parts(orphan)
            result.append(
                .init(
                    path: orphan, view: view, category: category, status: "orphan", passed: !verifying,
                    message: "no note, category or format produces it any more (review and delete it if it is obsolete)"))
        }
        return result
    }
}
