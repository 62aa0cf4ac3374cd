import DynamicTypeAudit
import DynamicTypeCore
import FontSystem
import Foundation
import Notepad
import NotepadViews
import Testing
import TextStack

@Suite("Size switch and the stale-state check")
struct SizeSwitchTests {
    static let resolver = try! FontResolver.shared()

    @Test("a list that does not recompute its rows is caught by the stale-state check")
    func plantedStaleRow() throws {
        let notes = try NoteLoader.sampleNotes()
        let settings = AuditSettings(device: Device(id: "test", name: "test", width: 393, height: 852, scale: 2))
        var planted = NotepadSource(notes: notes)
        planted.listRecomputesOnChange = false
        func session(_ source: NotepadSource, _ category: ContentSizeCategory) throws -> AuditSession {
            try SizeSwitchAudit(sources: [source], settings: settings, resolver: Self.resolver).build(category)
        }
        func stale(_ switched: AuditSession, _ fresh: AuditSession) -> [Finding] {
            zip(switched.views, fresh.views).flatMap { $0.staleFindings(comparedWith: $1) }
        }
        let stalled = try session(planted, .large)
        stalled.switchTo(TextSizeSetting(category: .accessibility3))
        let fresh = try session(NotepadSource(notes: notes), .accessibility3)
        let findings = stale(stalled, fresh)
        #expect(findings.filter { $0.kind == .staleState && $0.element.hasPrefix("list row") }.count == notes.count)
        #expect(!findings.contains { $0.element.hasPrefix("editor") })

        let healthy = try session(NotepadSource(notes: notes), .large)
        let deliveries = healthy.switchTo(TextSizeSetting(category: .accessibility3))
        #expect(deliveries.map(\.name).first == "notes list")
        #expect(deliveries.map(\.view).first == "list")
        #expect(deliveries.count == notes.count + 1)
        #expect(stale(healthy, fresh).isEmpty)
    }

    @Test("WCAG contrast: the seeds' red on white is 4.0:1 — fails AA at body size, passes as large text")
    func contrast() throws {
        let note = Note(slug: "c", contents: "Title\nThis is URGENT now", timestamp: Date(timeIntervalSince1970: 0), source: "test")
        let small = try NoteEditor(note: note, viewSize: Size(width: 393, height: 852), setting: TextSizeSetting(category: .large), resolver: Self.resolver)
        let findings = ReadabilityChecks.findings(in: small, profile: .ios).filter { $0.kind == .lowContrast && !$0.element.hasSuffix("date label") }
        #expect(findings.count == 1)
        #expect(findings[0].message.contains("4.00:1"))
        let large = try NoteEditor(note: note, viewSize: Size(width: 393, height: 852), setting: TextSizeSetting(category: .accessibility1), resolver: Self.resolver)
        #expect(!ReadabilityChecks.findings(in: large, profile: .ios).contains { $0.kind == .lowContrast && !$0.element.hasSuffix("date label") })
    }
}
