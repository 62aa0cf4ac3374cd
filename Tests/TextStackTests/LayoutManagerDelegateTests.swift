import DynamicTypeCore
import Foundation
import Testing

@testable import TextStack

/// A delegate that never breaks inside given ranges, and adds spacing where told.
private final class Adjuster: LayoutManagerDelegate {
    var keepTogether: [NSRange] = []
    var noHyphenBefore: Set<Int>?
    var lineSpacing: [Int: Double] = [:]
    var everyLineSpacing = 0.0
    var spacingBefore = 0.0
    var spacingAfter = 0.0
    var asked = 0

    func layoutManager(_ layoutManager: LayoutManager, shouldBreakLineBeforeCharacterAt index: Int) -> Bool {
        asked += 1
        return !keepTogether.contains { index > $0.location && index < $0.location + $0.length }
    }

    func layoutManager(_ layoutManager: LayoutManager, shouldBreakLineByHyphenatingBeforeCharacterAt index: Int) -> Bool {
        asked += 1
        return noHyphenBefore.map { !$0.contains(index) } ?? false
    }

    func layoutManager(_ layoutManager: LayoutManager, lineSpacingAfterCharacterAt index: Int, withProposedLineFragmentRect rect: Rect)
        -> Double
    {
        everyLineSpacing + (lineSpacing[index] ?? 0)
    }

    func layoutManager(
        _ layoutManager: LayoutManager, paragraphSpacingBeforeCharacterAt index: Int, withProposedLineFragmentRect rect: Rect
    ) -> Double { spacingBefore }

    func layoutManager(
        _ layoutManager: LayoutManager, paragraphSpacingAfterCharacterAt index: Int, withProposedLineFragmentRect rect: Rect
    ) -> Double { spacingAfter }
}

/// A delegate that implements nothing: the defaults.
private final class Silent: LayoutManagerDelegate {}

@Suite("Layout manager delegate")
struct LayoutManagerDelegateTests {
    static let text = "Order today and the new Acme Hyper Turbo Widget Pro Max ships free with every purchase over ten dollars."
    static var name: NSRange { (text as NSString).range(of: "Acme Hyper Turbo Widget Pro Max") }

    /// Whether a line of `lines` ends strictly inside `range`.
    static func breaksInside(_ lines: [LineFragment], _ range: NSRange) -> Bool {
        lines.dropLast().contains {
            let end = $0.characterRange.location + $0.characterRange.length
            return end > range.location && end < range.location + range.length
        }
    }

    @Test("vetoing breaks keeps a product name on one line")
    func keepName() throws {
        let storage = try LayoutFixtures.storage(Self.text)
        // A width at which plain word wrap splits the name.
        var width: Double?
        for candidate in stride(from: 290.0, through: 600, by: 5) {
            let (manager, _) = try LayoutFixtures.layout(storage, sizes: [Size(width: candidate, height: .infinity)])
            defer { storage.removeLayoutManager(manager) }
            if Self.breaksInside(manager.lineFragments, Self.name) {
                width = candidate
                break
            }
        }
        let chosen = try #require(width)
        let (manager, _) = try LayoutFixtures.layout(storage, sizes: [Size(width: chosen, height: .infinity)])
        let delegate = Adjuster()
        delegate.keepTogether = [Self.name]
        manager.delegate = delegate
        let lines = manager.lineFragments
        #expect(!Self.breaksInside(lines, Self.name))
        #expect(delegate.asked > 0)
        #expect(lines.contains { NSIntersectionRange($0.characterRange, Self.name).length == Self.name.length })
        #expect(LayoutFixtures.lineTexts(manager, storage).joined() == Self.text)
        for line in lines {
            #expect(line.textWidth <= chosen + 1e-6)
            #expect(!line.brokeWord)
        }
        // Letting the delegate go lays out as before.
        manager.delegate = nil
        #expect(Self.breaksInside(manager.lineFragments, Self.name))
    }

    @Test("a name wider than the line is still broken, between characters, where it must")
    func vetoedWordTooWide() throws {
        let storage = try LayoutFixtures.storage(Self.text)
        let (manager, _) = try LayoutFixtures.layout(storage, sizes: [Size(width: 120, height: .infinity)])
        let delegate = Adjuster()
        delegate.keepTogether = [Self.name]
        manager.delegate = delegate
        let lines = manager.lineFragments
        #expect(lines.contains { $0.brokeWord })
        #expect(LayoutFixtures.lineTexts(manager, storage).joined() == Self.text)
        for line in lines { #expect(line.textWidth <= 120 + 1e-6) }
    }

    @Test("a delegate that allows everything lays out exactly as no delegate")
    func allowAll() throws {
        let text = Self.text + "\nInternationalization considerations notwithstanding, typographers appreciate hyphenation.\n\nLast."
        for style in [nil, ParagraphStyle(hyphenationFactor: 0.9)] {
            let plain = try LayoutFixtures.storage(text, style: style)
            let (reference, _) = try LayoutFixtures.layout(plain, sizes: [Size(width: 140, height: .infinity)])
            let delegated = try LayoutFixtures.storage(text, style: style)
            let (manager, _) = try LayoutFixtures.layout(delegated, sizes: [Size(width: 140, height: .infinity)])
            let delegate = Adjuster()
            delegate.noHyphenBefore = []
            manager.delegate = delegate
            #expect(manager.lineFragments == reference.lineFragments)
            let silent = Silent()
            manager.delegate = silent
            #expect(manager.lineFragments == reference.lineFragments)
            if style != nil { #expect(reference.lineFragments.contains { $0.isHyphenated }) }
        }
    }

    @Test("vetoing every hyphenation point turns hyphenation off")
    func vetoHyphens() throws {
        let text = "Internationalization considerations notwithstanding, typographers appreciate hyphenation."
        let storage = try LayoutFixtures.storage(text, style: ParagraphStyle(hyphenationFactor: 0.9))
        let (manager, _) = try LayoutFixtures.layout(storage, sizes: [Size(width: 140, height: .infinity)])
        #expect(manager.lineFragments.contains { $0.isHyphenated })
        let delegate = Adjuster()
        manager.delegate = delegate  // noHyphenBefore nil: refuse all
        #expect(!manager.lineFragments.contains { $0.isHyphenated })
    }

    @Test("extra line spacing after one line moves every later line down by exactly that much")
    func lineSpacing() throws {
        let text = String(repeating: "Spacing after a chosen line only moves the lines below it. ", count: 3) + "\nNext paragraph too."
        let storage = try LayoutFixtures.storage(text)
        let (manager, _) = try LayoutFixtures.layout(storage, sizes: [Size(width: 200, height: .infinity)])
        let before = manager.lineFragments
        #expect(before.count > 4)
        let second = before[1]
        let delegate = Adjuster()
        delegate.lineSpacing = [second.characterRange.location + second.characterRange.length - 1: 9.5]
        manager.delegate = delegate
        let after = manager.lineFragments
        #expect(after.count == before.count)
        for (index, (old, new)) in zip(before, after).enumerated() {
            #expect(new.characterRange == old.characterRange)
            let shift = index >= 2 ? 9.5 : 0
            #expect(new.rect.minY == old.rect.minY + shift)
            #expect(new.baseline == old.baseline + shift)
            #expect(new.rect.height == old.rect.height)
        }
        // Every line: the n-th line moves by n × the spacing.
        delegate.lineSpacing = [:]
        delegate.everyLineSpacing = 3
        manager.invalidateLayout()
        for (index, (old, new)) in zip(before, manager.lineFragments).enumerated() {
            #expect(abs(new.rect.minY - (old.rect.minY + 3 * Double(index))) < 1e-9)
        }
    }

    @Test("paragraph spacing before and after: not above the first paragraph, between the others")
    func paragraphSpacing() throws {
        let storage = try LayoutFixtures.storage("One.\nTwo.\nThree.")
        let (manager, _) = try LayoutFixtures.layout(storage, sizes: [Size(width: 300, height: .infinity)])
        let before = manager.lineFragments
        let delegate = Adjuster()
        delegate.spacingBefore = 4
        delegate.spacingAfter = 6
        manager.delegate = delegate
        let after = manager.lineFragments
        #expect(after.map(\.rect.minY) == [before[0].rect.minY, before[1].rect.minY + 10, before[2].rect.minY + 20])
    }

    @Test("the delegate is held weakly")
    func weak() throws {
        let storage = try LayoutFixtures.storage("One.")
        let (manager, _) = try LayoutFixtures.layout(storage, sizes: [Size(width: 300, height: .infinity)])
        do {
            let delegate = Adjuster()
            manager.delegate = delegate
            #expect(manager.delegate != nil)
        }
        #expect(manager.delegate == nil)
    }
}
