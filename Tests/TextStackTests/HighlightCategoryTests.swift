import DynamicTypeCore
import FontSystem
import Foundation
import Testing

@testable import TextStack

@Suite("Highlighting across content-size categories")
struct HighlightCategoryTests {
    /// Every markup rule, several times, over several paragraphs.
    static let note = """
        Groceries for SATURDAY
        1. *Fresh bread* from the _corner bakery_
        2. -Old milk- and ~fancy cheese~ for NASA guests
        *bold _nested italic_ end* and ~more script~ here
        plain paragraph without markup at all
        3. Last ITEM on the list
        """

    /// Checks that every run is resolved at `category`: body-based fonts at the ramp's body size,
    /// script runs (Zapfino → Z003) at the body size too. No run may keep another size.
    private func expectAllRuns(_ note: SyntaxHighlightTextStorage, at category: ContentSizeCategory) throws {
        let size = try HighlightTestSupport.bodySize(category)
        var scriptRuns = 0, boldRuns = 0
        for run in note.storage.attributeRuns() {
            let font = try #require(run.attributes.resolvedFont, "run \(run) has no resolved font")
            let descriptor = try #require(run.attributes.font)
            #expect(font.pointSize == size, "run \(note.storage.substring(with: run.range).debugDescription) is \(font.pointSize) pt at \(category)")
            #expect(descriptor.size == size)
            #expect(descriptor.category == category)
            #expect(descriptor.textStyle == .body)
            if descriptor.family == "Zapfino" {
                scriptRuns += 1
                #expect(font.familyName == "Z003")
            }
            if descriptor.symbolicTraits.contains(.bold) { boldRuns += 1 }
        }
        #expect(scriptRuns >= 2)
        #expect(boldRuns >= 4)
    }

    @Test("large → accessibility3 → large: every run is re-resolved to the new ramp size")
    func categoryRoundTrip() throws {
        let note = try HighlightTestSupport.storage(Self.note)
        try expectAllRuns(note, at: .large)
        let runsAtLarge = note.storage.attributeRuns().map(\.range)
        try note.update(category: .accessibility3, legibilityWeight: .regular)
        #expect(note.category == .accessibility3)
        try expectAllRuns(note, at: .accessibility3)
        #expect(note.highlighter.bodyFont.pointSize == 40)
        #expect(note.highlighter.bodyFont.familyName == "Inter Display")  // ≥ 20 pt: the display cut
        // Same structure, only new fonts.
        #expect(note.storage.attributeRuns().map(\.range) == runsAtLarge)
        try note.update(category: .large, legibilityWeight: .regular)
        try expectAllRuns(note, at: .large)
    }

    @Test("update() is one edit transaction: layout managers get one attributes callback for the whole text")
    func oneTransaction() throws {
        let note = try HighlightTestSupport.storage(Self.note)
        let layout = StorageRecordingLayoutManager()
        note.addLayoutManager(layout)
        let before = note.storage.processedEditCount
        try note.update(category: .accessibility3, legibilityWeight: .regular)
        #expect(note.storage.processedEditCount == before + 1)
        let whole = NSRange(location: 0, length: note.length)
        #expect(layout.calls == [.init(mask: .attributes, range: whole, changeInLength: 0, invalidatedRange: whole)])
        // The processor does not restyle a second time for an attributes-only edit.
        #expect(note.highlighter.lastRestyle?.range == whole)
    }

    @Test("Bold Text on: regular body text and bold runs get heavier")
    func boldText() throws {
        let note = try HighlightTestSupport.storage(Self.note)
        let plainBefore = try #require(HighlightTestSupport.attributes(of: "plain paragraph", in: note).resolvedFont)
        let boldBefore = try #require(HighlightTestSupport.attributes(of: "*Fresh bread*", in: note).resolvedFont)
        #expect(plainBefore.weight == .regular)
        #expect(boldBefore.weight == .semibold)
        try note.update(category: .large, legibilityWeight: .bold)
        let plainAfter = try #require(HighlightTestSupport.attributes(of: "plain paragraph", in: note).resolvedFont)
        let boldAfter = try #require(HighlightTestSupport.attributes(of: "*Fresh bread*", in: note).resolvedFont)
        #expect(plainAfter.weight == .semibold)
        #expect(boldAfter.weight == .bold)
        #expect(plainAfter.face.weightClass > plainBefore.face.weightClass)
        #expect(boldAfter.face.weightClass > boldBefore.face.weightClass)
        #expect(plainAfter.pointSize == plainBefore.pointSize)
    }

    @Test("the change hub drives update(); releasing the token stops it")
    func hub() throws {
        let hub = ContentSizeHub(initial: TextSizeSetting(category: .large))
        let note = try HighlightTestSupport.storage(Self.note)
        var token: ContentSizeObservation? = hub.observe(note)
        hub.setCategory(.accessibility3)
        try expectAllRuns(note, at: .accessibility3)
        hub.setLegibilityWeight(.bold)
        #expect(note.legibilityWeight == .bold)
        #expect(token?.lastError == nil)
        token = nil
        hub.setCategory(.xSmall)
        #expect(note.category == .accessibility3)
        #expect(token == nil)
    }

    @Test("a category the profile lacks is an error and leaves the text as it was")
    func unsupportedCategory() throws {
        let watch = try TypeRampProfile.named("watchos")
        let note = try SyntaxHighlightTextStorage(string: "*a* b", resolver: FontResolver.shared(), profile: watch, category: .large)
        let before = note.storage.attributedText
        #expect(throws: ProfileError.self) { try note.update(category: .accessibility5, legibilityWeight: .regular) }
        #expect(note.storage.attributedText == before)
        #expect(note.category == .large)
    }

    @Test("typing after a category change styles new text at the new size")
    func typingAfterChange() throws {
        let note = try HighlightTestSupport.storage("start\n")
        try note.update(category: .accessibility1, legibilityWeight: .regular)
        note.append("*new bold* text\n")
        let bold = HighlightTestSupport.attributes(of: "*new bold*", in: note)
        #expect(bold.resolvedFont?.pointSize == (try HighlightTestSupport.bodySize(.accessibility1)))
        #expect(HighlightTestSupport.isBold(bold))
    }
}
