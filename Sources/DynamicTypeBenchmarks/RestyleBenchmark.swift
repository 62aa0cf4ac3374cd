import DynamicTypeCore
import FontSystem
import Foundation
import Synchronization
import TextStack

/// The measurements behind `dyntype bench restyle`: a full restyle on a category change, one typed
/// character, and the change hub's delivery rate. Run on a release build.
package enum RestyleBenchmark {
    /// What to measure.
    package struct Configuration: Hashable, Sendable {
        /// Approximate note length in UTF-16 units.
        package var targetLength = 1_000_000
        /// Category switches timed (each direction counts as one).
        package var categoryRuns = 6
        /// Typed characters timed.
        package var typedRuns = 200
        /// Observers registered on the hub.
        package var hubObservers = 1_000
        /// Setting changes posted to the hub.
        package var hubChanges = 2_000
        /// The category the note starts at.
        package var from: ContentSizeCategory = .large
        /// The category switched to.
        package var to: ContentSizeCategory = .accessibility3

        /// The defaults: a 1 MB note, large ↔ accessibility3, 1,000 hub observers.
        package init() {}
    }

    /// The measurements (seconds are medians where several runs were made).
    package struct Result: Hashable, Sendable, Encodable {
        /// Note length in UTF-16 units.
        package var noteLength: Int
        /// Paragraphs in the note.
        package var paragraphs: Int
        /// Attribute runs after styling at the start category.
        package var attributeRuns: Int
        /// Rule matches in the whole note.
        package var matches: Int
        /// Creating the storage and styling it at the start category (cold fonts).
        package var initialStyleSeconds: Double
        /// One full restyle after a category switch (`update()`), median over both directions.
        package var fullRestyleSeconds: Double
        /// Every full-restyle sample, in order (the first switch to `to` resolves fonts cold).
        package var fullRestyleSamples: [Double]
        /// One typed character in the middle of the note (`replaceCharacters` of length 0 with
        /// "x", including the restyle of its paragraph and the layout callback), median.
        package var typedSeconds: Double
        /// Paragraphs the typed character restyled.
        package var typedParagraphsTouched: Int
        /// UTF-16 units the typed character restyled.
        package var typedRestyledLength: Int
        /// `fullRestyleSeconds / typedSeconds` (target ≥ 100).
        package var fullToTypedRatio: Double { fullRestyleSeconds / typedSeconds }
        /// Observers on the hub.
        package var hubObservers: Int
        /// Changes posted.
        package var hubChanges: Int
        /// Handler calls made.
        package var hubDeliveries: Int
        /// Time for all changes.
        package var hubSeconds: Double
        /// Handler calls per second.
        package var hubDeliveriesPerSecond: Double { Double(hubDeliveries) / hubSeconds }
    }

    /// A deterministic note of about `targetLength` UTF-16 units: paragraphs using every seed
    /// markup rule (numbered items, `*bold*`, `_italic_`, `-struck-`, `~script~`, ALLCAPS, nested
    /// markers), plain prose, accented letters and emoji.
    package static func sampleNote(targetLength: Int) -> String {
        let templates = [
            "%d. Buy *fresh bread* and _good cheese_ before SATURDAY, then -skip the milk- entirely.\n",
            "Dear diary, today was ~rather splendid~ and the NASA talk on *orbital mechanics* ran long.\n",
            "Plain prose paragraph with no markup at all, just words that wrap across lines: café, naïve, 👍🏽.\n",
            "%d. *bold with _nested italic_ inside* and a -strike through- plus ~a flourish~ HERE.\n",
            "Reminder: call the ACME office about the _quarterly_ numbers and *do not* forget the -old- keys.\n",
            "\n",
        ]
        var text = ""
        var number = 1
        var index = 0
        text.reserveCapacity(targetLength + 200)
        var length = 0
        while length < targetLength {
            let template = templates[index % templates.count]
            let paragraph = template.replacingOccurrences(of: "%d", with: String(number))
            if template.contains("%d") { number += 1 }
            text += paragraph
            length += paragraph.utf16.count
            index += 1
        }
        return text
    }

    /// Runs every measurement.
    package static func run(_ configuration: Configuration = Configuration(), resolver: FontResolver, profile: TypeRampProfile = .ios)
        throws -> Result
    {
        let clock = ContinuousClock()
        let text = sampleNote(targetLength: configuration.targetLength)

        var start = clock.now
        let note = try SyntaxHighlightTextStorage(
            string: text, resolver: resolver, profile: profile, category: configuration.from)
        let initial = (clock.now - start).seconds
        let initialReport = note.highlighter.lastRestyle
        let runCount = note.storage.attributeRunCount

        // Full restyle: alternate to ↔ from.
        var samples: [Double] = []
        for run in 0..<max(configuration.categoryRuns, 1) {
            let target = run % 2 == 0 ? configuration.to : configuration.from
            start = clock.now
            try note.update(category: target, legibilityWeight: .regular)
            samples.append((clock.now - start).seconds)
        }
        if note.category != configuration.from { try note.update(category: configuration.from, legibilityWeight: .regular) }

        // Typed character in the middle (deleted again, untimed).
        let layout = CountingLayoutObserver()
        note.storage.addLayoutManager(layout)
        let middle = note.length / 2
        var typed: [Double] = []
        var touched = 0, restyledLength = 0
        for _ in 0..<max(configuration.typedRuns, 1) {
            start = clock.now
            note.replaceCharacters(in: NSRange(location: middle, length: 0), with: "x")
            typed.append((clock.now - start).seconds)
            touched = note.highlighter.lastRestyle?.paragraphCount ?? 0
            restyledLength = note.highlighter.lastRestyle?.range.length ?? 0
            note.replaceCharacters(in: NSRange(location: middle, length: 1), with: "")
        }
        withExtendedLifetime(layout) {}

        // Change hub fan-out.
        let hub = ContentSizeHub(initial: TextSizeSetting(category: configuration.from))
        let counter = DeliveryCounter()
        let tokens = (0..<configuration.hubObservers).map { _ in hub.observe { _ in counter.increment() } }
        start = clock.now
        for change in 0..<configuration.hubChanges {
            hub.setCategory(change % 2 == 0 ? configuration.to : configuration.from)
        }
        let hubSeconds = (clock.now - start).seconds
        withExtendedLifetime(tokens) {}

        return Result(
            noteLength: note.length, paragraphs: initialReport?.paragraphCount ?? 0, attributeRuns: runCount,
            matches: initialReport?.totalMatches ?? 0, initialStyleSeconds: initial,
            fullRestyleSeconds: median(samples), fullRestyleSamples: samples, typedSeconds: median(typed),
            typedParagraphsTouched: touched, typedRestyledLength: restyledLength,
            hubObservers: configuration.hubObservers, hubChanges: configuration.hubChanges,
            hubDeliveries: counter.value, hubSeconds: hubSeconds)
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// A layout manager that only counts (so the typed-character timing includes the callback).
private final class CountingLayoutObserver: TextStorageLayoutObserver {
    var count = 0
    func textStorage(_ storage: TextStorage, processedEdit mask: TextStorage.EditMask, range: NSRange, changeInLength: Int, invalidatedRange: NSRange) {
        count += 1
    }
}

/// Counts hub deliveries from any thread.
private final class DeliveryCounter: Sendable {
    private let count = Atomic<Int>(0)
    func increment() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}
