import DynamicTypeAudit
import DynamicTypeCore
import FontSystem
import Foundation
import Notepad
import NotepadViews
import Synchronization
import Testing
import TextStack

/// The one findings function and the hub's weak observation.
@Suite("Readability checks and observation")
struct ReadabilityChecksTests {
    static let resolver = try! FontResolver.shared()
    static let size = Size(width: 393, height: 852)

    @Test("the list's blue titles on #F7F7F7 fail WCAG AA at body size (4.27:1) and pass as large text")
    func listTitleContrast() throws {
        let notes = try NoteLoader.sampleNotes()
        let large = try NotesList(notes: notes, width: 393, rule: .seed, setting: TextSizeSetting(category: .large), resolver: Self.resolver)
        let finding = try #require(ReadabilityChecks.findings(in: large, profile: .ios).first { $0.kind == .lowContrast })
        #expect(finding.element == "list titles")
        #expect(finding.message.contains("4.27:1"))  // #2D75D4 on #F7F7F7
        let ax1 = try NotesList(
            notes: notes, width: 393, rule: .seed, setting: TextSizeSetting(category: .accessibility1), resolver: Self.resolver)
        #expect(!ReadabilityChecks.findings(in: ax1, profile: .ios).contains { $0.kind == .lowContrast })
    }

    @Test("the time indicator's date label below the profile's minimum size is a finding (Android, small)")
    func dateLabelMinimumSize() throws {
        let android = try TypeRampProfile.named("android")
        let note = try NoteLoader.sampleNotes()[0]
        let category = try #require(android.categories.first?.category)
        let editor = try NoteEditor(
            note: note, viewSize: Self.size, setting: TextSizeSetting(category: category), profile: android, resolver: Self.resolver)
        let findings = ReadabilityChecks.findings(in: editor, profile: android)
        let label = try #require(findings.first { $0.kind == .belowMinimumSize && $0.element.hasSuffix("date label") })
        #expect(label.message.contains("below the"))
    }

    @Test("list rows are numbered from 1 in findings")
    func oneBasedRows() throws {
        let notes = try NoteLoader.sampleNotes()
        let list = try NotesList(
            notes: notes, width: 320, rule: .seed, setting: TextSizeSetting(category: .accessibility5), resolver: Self.resolver)
        let rows = ReadabilityChecks.findings(in: list, profile: .ios).filter { $0.element.hasPrefix("list row") }
        #expect(!rows.isEmpty)
        #expect(!rows.contains { $0.element == "list row 0" })
        #expect(rows.allSatisfy { Int($0.element.dropFirst("list row ".count)).map { (1...notes.count).contains($0) } ?? false })
    }

    @Test("200 % growth is a finding when asked: the iOS large titles stop short of it")
    func growth() throws {
        let findings = try ReadabilityChecks.growthFindings(profile: .ios, categories: ContentSizeCategory.allCases)
        #expect(findings.contains { $0.element == "text style largeTitle" && $0.kind == .limitedGrowth })
        #expect(!findings.contains { $0.element == "text style body" })
    }

    @Test("a switch audit and a sweep report the same kinds of findings as the checks at that category")
    func switchUsesTheChecks() throws {
        let notes = try NoteLoader.sampleNotes()
        let audit = SizeSwitchAudit(sources: [NotepadSource(notes: notes)], settings: AuditSettings(), resolver: Self.resolver)
        let report = try audit.run(from: .large, to: .accessibility3)
        let fresh = try audit.build(.accessibility3)
        let direct = audit.findings(fresh)
        func keys(_ findings: [Finding]) -> Set<String> { Set(findings.map { "\($0.view ?? "")|\($0.element)|\($0.kind)|\($0.message)" }) }
        #expect(keys(report.findings.filter { $0.kind != .staleState && $0.kind != .rowNotResized }) == keys(direct))
        #expect(report.findings.contains { $0.kind == .lowContrast && $0.element == "list titles" } == false)  // AX3: large text
        let sweep = try audit.sweep()
        #expect(sweep.sweep?.firstAppearances.contains { $0.kind == "lowContrast" && $0.element == "list titles" } == true)
    }

    @Test("a session, its list, editors and storages are freed after a switch (the hub holds views weakly)")
    func noLeak() throws {
        weak var session: AuditSession?
        weak var list: NotesList?
        weak var editor: NoteEditor?
        weak var storage: SyntaxHighlightTextStorage?
        weak var hub: ContentSizeHub?
        try {
            let made = try SizeSwitchAudit(
                sources: [NotepadSource(notes: try NoteLoader.sampleNotes())],
                settings: AuditSettings(device: Device(id: "test", name: "test", width: Self.size.width, height: Self.size.height, scale: 2)),
                resolver: Self.resolver
            ).build(.large)
            made.switchTo(TextSizeSetting(category: .accessibility3))
            session = made
            list = (made.views.first as? NotesListView)?.list
            editor = (made.views.last as? NoteEditorView)?.editor
            storage = editor?.textStorage
            hub = made.hub
            #expect(editor != nil)
        }()
        #expect(session == nil)
        #expect(list == nil)
        #expect(editor == nil)
        #expect(storage == nil)
        #expect(hub == nil)
    }

    @Test("a token does not keep its observer alive, and an observer's error reaches the token and the handler")
    func weakObservationAndErrors() throws {
        final class Failing: ContentSizeObserver {
            struct Failure: Error {}
            var calls = 0
            func contentSizeDidChange(_ change: ContentSizeChange) throws {
                calls += 1
                throw Failure()
            }
        }
        let hub = ContentSizeHub(initial: TextSizeSetting(category: .large))
        let reported = Mutex(0)
        var observer: Failing? = Failing()
        weak let weakObserver = observer
        let token = hub.observe(observer!) { _, _ in reported.withLock { $0 += 1 } }
        hub.setCategory(.xLarge)
        #expect(observer?.calls == 1)
        #expect(token.lastError is Failing.Failure)
        #expect(reported.withLock { $0 } == 1)
        observer = nil
        #expect(weakObserver == nil)
        hub.setCategory(.xxLarge)
        #expect(reported.withLock { $0 } == 1)
        withExtendedLifetime(token) {}
    }
}
