import DynamicTypeAudit
import DynamicTypeCore
import DynamicTypeScreens
import Foundation
import TextStack

/// The snapshot tests of `dyntype snapshot record|verify` as a library type: the views to check
/// (each screen in each locale, after the views of other sources such as the notepad's list and
/// editors) at each category, recorded into a folder or verified against it. ``run(_:)`` prepares
/// and locks the folder, checks every reference in parallel, finds orphans and returns a
/// ``SnapshotRun`` that says what passed and how the run ends; the CLI only parses options and
/// prints.
package struct SnapshotSuite: Sendable {
    /// What is written per view and category: layout dumps, PNGs, or both.
    package enum Format: String, CaseIterable, Sendable {
        /// `<NN>-<category>.txt`: a readable layout dump.
        case text
        /// `<NN>-<category>.png`.
        case png
        /// Both files.
        case both

        /// The file extensions this format writes, text first.
        package var extensions: [String] {
            switch self {
            case .text: ["txt"]
            case .png: ["png"]
            case .both: ["txt", "png"]
            }
        }
    }

    /// A view to snapshot: one of your screens in one locale, or a view of another source (the
    /// notepad's list or an editor: `NotepadViews`' `NotepadScreen`).
    package typealias Subject = any SnapshotSuiteSubject

    /// One view at one category: the references `<stem>.txt|png` it is checked against.
    package struct Job: Sendable {
        /// The view, at ``category``.
        package var subject: Subject
        /// The category.
        package var category: ContentSizeCategory
        /// `<view>/<NN>-<category>` without extension.
        package var stem: String

        /// What the job costs for a shard plan: the view's cost, growing with the category.
        package var estimatedCost: Int { subject.estimatedCost * (100 + 25 * category.ordinal) / 100 }
    }

    /// The views, in order: other sources' (the notes list, each note's editor), then each screen
    /// in each locale.
    package var subjects: [Subject]
    /// The categories each view is checked at.
    package var categories: [ContentSizeCategory]
    /// The settings the views were built with (for the shard fingerprint).
    package var settings: AuditSettings
    /// Pixels per point of the PNGs.
    package var scale: Double

    /// The views of `subjects` (other sources' views, first) and of `screens` (in every locale of
    /// `locales`) at `categories`. A screen's own device or width wins over the settings' device,
    /// as in preview and switch.
    package init(
        subjects leading: [Subject] = [], screens: [ScreenDocument], locales: [String?], strings: StringTable,
        settings: AuditSettings, scale: Double, categories: [ContentSizeCategory]
    ) {
        self.settings = settings
        self.scale = scale
        self.categories = categories
        subjects = leading + ScreenSource(screens: screens, locales: locales, strings: strings).snapshotSubjects(settings: settings, scale: scale)
    }

    /// Every view at every category, in view order.
    package var jobs: [Job] {
        subjects.flatMap { subject in
            categories.map { Job(subject: subject.at($0), category: $0, stem: "\(subject.viewName)/\($0.fileStem)") }
        }
    }

    /// The jobs of `shard` (every shard computes the same plan from the same views), and what the
    /// shard's report says about it: a fingerprint of everything the shards must agree on.
    package func jobs(for shard: ShardSpec, format: Format, tolerance: BitmapTolerance) -> (jobs: [Job], info: ShardInfo) {
        let all = jobs
        let items = all.map { ShardWorkItem(key: $0.stem, cost: $0.estimatedCost) }
        let mine = ShardPlan(items: items, count: shard.count).keys(for: shard)
        let extras =
            [format.rawValue, "\(scale)", "\(tolerance.pixels)", "\(tolerance.perceptual)", settings.profile.name, settings.device.id]
            + categories.map(\.name) + items.map(\.key)
        return (all.filter { mine.contains($0.stem) }, ShardInfo(shard: shard, fingerprint: StableDigest.hex(extras), items: Array(mine)))
    }

    /// Every file a run over these views could write (any category, both formats, fingerprints):
    /// anything else in the snapshot folder is an orphan. Other shards' references are among
    /// them, so a shard never calls them orphans.
    package var expectedFiles: Set<String> {
        var expected = Set<String>()
        for subject in subjects {
            for category in ContentSizeCategory.allCases {
                for ext in ["txt", "png"] {
                    expected.insert("\(subject.viewName)/\(category.fileStem).\(ext)")
                    expected.insert("\(subject.viewName)/\(category.fileStem).\(ext).fingerprint.json")
                }
            }
        }
        return expected
    }

    /// The record mode: `SNAPSHOT_TESTING_RECORD`, checked (a typo must not silently record), else
    /// `never` on CI when `neverOnCI` (verify: recording on CI would hide failures), else `fallback`.
    ///
    /// - Throws: ``RunFailure`` (64) for a value that is not a record mode.
    package static func recordMode(
        default fallback: SnapshotRecordMode, neverOnCI: Bool,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> SnapshotRecordMode {
        if let value = environment["SNAPSHOT_TESTING_RECORD"], !value.isEmpty, SnapshotRecordMode(rawValue: value) == nil {
            throw RunFailure(.usage, "SNAPSHOT_TESTING_RECORD='\(value)' is not a record mode; use all, missing, failed or never")
        }
        guard neverOnCI else {
            return environment["SNAPSHOT_TESTING_RECORD"].flatMap(SnapshotRecordMode.init(rawValue:)) ?? fallback
        }
        return SnapshotRecordMode.fromEnvironment(environment, default: fallback)
    }
}
