import DynamicTypeAudit
import DynamicTypeCore
import FontSystem
import Foundation
import Notepad
import Testing
import TextStack

@Suite("Size switch and the stale-state check")
struct SizeSwitchTests {
    static let resolver = try! FontResolver.shared()

    @Test("a list that does not recompute its rows is caught by the stale-state check")
    func plantedStaleRow() throws {
        let notes = try NoteLoader.sampleNotes()
        let size = Size(width: 393, height: 852)
        let stale = try NotepadSession(
            notes: notes, viewSize: size, setting: TextSizeSetting(category: .large), resolver: Self.resolver,
            listRecomputesOnChange: false)
        stale.switchTo(TextSizeSetting(category: .accessibility3))
        let fresh = try NotepadSession(notes: notes, viewSize: size, setting: TextSizeSetting(category: .accessibility3), resolver: Self.resolver)
        let findings = StaleStateCheck.compare(stale, with: fresh)
        #expect(findings.filter { $0.kind == .staleState && $0.element.hasPrefix("list row") }.count == notes.count)
        #expect(!findings.contains { $0.element.hasPrefix("editor") })

        let healthy = try NotepadSession(notes: notes, viewSize: size, setting: TextSizeSetting(category: .large), resolver: Self.resolver)
        let deliveries = healthy.switchTo(TextSizeSetting(category: .accessibility3))
        #expect(deliveries.map(\.name).first == "notes list")
        #expect(deliveries.count == notes.count + 1)
        #expect(StaleStateCheck.compare(healthy, with: fresh).isEmpty)
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
