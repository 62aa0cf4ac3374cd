import DynamicTypeCore
import Foundation
import Synchronization
import Testing

@Suite("ContentSizeHub as an AsyncSequence")
struct ChangeHubStreamTests {
    @Test("changes delivers did-changes in order, buffered until the consumer reads")
    func streamDelivers() async {
        let hub = ContentSizeHub(initial: .of(.large))
        let stream = hub.changes
        hub.setCategory(.xLarge)
        hub.setCategory(.xLarge)   // no change, nothing buffered
        hub.setLegibilityWeight(.bold)

        var received: [ContentSizeChange] = []
        for await change in stream {
            received.append(change)
            if received.count == 2 { break }
        }
        #expect(received == [
            ContentSizeChange(old: .of(.large), new: .of(.xLarge)),
            ContentSizeChange(old: .of(.xLarge), new: .of(.xLarge, .bold)),
        ])
    }

    @Test("changes(.willChange) sees the change while the hub still shows the old value")
    func willChangeStream() async {
        let hub = ContentSizeHub(initial: .of(.large))
        var iterator = hub.changes(.willChange).makeAsyncIterator()
        hub.setCategory(.small)
        let change = await iterator.next()
        #expect(change == ContentSizeChange(old: .of(.large), new: .of(.small)))
    }

    @Test("cancelling the consuming task ends the observation")
    func cancellationEndsObservation() async {
        let hub = ContentSizeHub()
        let consumer = Task {
            var count = 0
            for await _ in hub.changes { count += 1 }
            return count
        }
        // Wait until the consumer's observation exists, then feed it one change.
        while hub.observerCount == 0 { await Task.yield() }
        hub.setCategory(.xLarge)
        consumer.cancel()
        let count = await consumer.value
        #expect(count <= 1)
        await expectEventually { hub.observerCount == 0 }
    }

    @Test("releasing the stream without iterating ends the observation")
    func releasingStreamEndsObservation() {
        let hub = ContentSizeHub()
        do {
            let stream = hub.changes
            #expect(hub.observerCount == 1)
            withExtendedLifetime(stream) {}
        }
        #expect(hub.observerCount == 0)
    }

    @Test("the stream finishes when the hub is released")
    func streamEndsWithHub() async {
        var hub: ContentSizeHub? = ContentSizeHub()
        let stream = hub!.changes
        hub!.setCategory(.xxLarge)
        hub = nil
        var received: [ContentSizeCategory] = []
        for await change in stream { received.append(change.new.category) }
        #expect(received == [.xxLarge])
    }

    /// Polls `condition` for up to two seconds (the stream's termination may run on another thread).
    private func expectEventually(
        _ condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        for _ in 0..<200 where !condition() {
            try? await Task.sleep(for: .milliseconds(10))
        }
        #expect(condition(), sourceLocation: sourceLocation)
    }
}

@Suite("ContentSizeHub NotificationCenter bridge")
struct ChangeHubBridgeTests {
    @Test("the notification names are UIKit's")
    func names() {
        #expect(Notification.Name.contentSizeCategoryDidChange.rawValue == "UIContentSizeCategoryDidChangeNotification")
        #expect(Notification.Name.boldTextStatusDidChange.rawValue == "UIAccessibilityBoldTextStatusDidChangeNotification")
        #expect(ContentSizeHub.newValueUserInfoKey == "UIContentSizeCategoryNewValueKey")
    }

    @Test("a category change posts UIContentSizeCategoryDidChangeNotification with the raw new value")
    func bridgePostsCategoryChanges() throws {
        let hub = ContentSizeHub(initial: .of(.large))
        let center = NotificationCenter()
        let posted = ChangeHubLog<(name: String, value: String?, fromHub: Bool)>()
        let observers = [Notification.Name.contentSizeCategoryDidChange, .boldTextStatusDidChange].map { name in
            center.addObserver(forName: name, object: nil, queue: nil) { note in
                posted.append((
                    note.name.rawValue,
                    note.userInfo?[ContentSizeHub.newValueUserInfoKey] as? String,
                    (note.object as? ContentSizeHub) === hub))
            }
        }
        defer { observers.forEach(center.removeObserver) }
        let bridge = hub.bridge(to: center)

        hub.setCategory(.xLarge)
        hub.setCategory(.xLarge)
        hub.setLegibilityWeight(.bold)
        hub.set(.of(.accessibility3, .regular))

        let entries = posted.all
        #expect(entries.map(\.name) == [
            "UIContentSizeCategoryDidChangeNotification",
            "UIAccessibilityBoldTextStatusDidChangeNotification",
            "UIContentSizeCategoryDidChangeNotification",
            "UIAccessibilityBoldTextStatusDidChangeNotification",
        ])
        #expect(entries.map(\.value) == ["UICTContentSizeCategoryXL", nil, "UICTContentSizeCategoryAccessibilityXL", nil])
        #expect(entries.allSatisfy { $0.fromHub })

        // The raw value parses back to the category, as an app reading the notification would.
        #expect(try entries.first?.value.map(ContentSizeCategory.init(parsing:)) == .xLarge)

        bridge.cancel()
        hub.setCategory(.small)
        #expect(posted.count == 4)
    }
}
