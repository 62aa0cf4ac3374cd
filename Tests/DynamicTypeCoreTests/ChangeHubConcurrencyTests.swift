@testable import DynamicTypeCore
import Foundation
import Synchronization
import Testing

@Suite("ContentSizeHub across threads")
struct ChangeHubConcurrencyTests {
    /// Runs `body(threadIndex)` on `count` real threads that start together, and returns when all finished.
    private func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let start = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for index in 0..<count {
            done.enter()
            let thread = Thread {
                start.wait()
                body(index)
                done.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        for _ in 0..<count { start.signal() }
        done.wait()
    }

    @Test("8 threads setting while observers come and go end in one consistent state")
    func concurrentPosting() {
        let hub = ContentSizeHub(initial: .of(.large))
        let steady = ChangeHubLog<ContentSizeChange>()
        let steadyToken = hub.observe { steady.append($0) }
        let steadyWill = ChangeHubLog<ContentSizeChange>()
        let steadyWillToken = hub.observe(.willChange) { steadyWill.append($0) }

        /// Observers some threads keep, with what each has seen last.
        let survivors = Mutex<[(token: ContentSizeObservation, log: ChangeHubLog<TextSizeSetting>)]>([])
        let categories = ContentSizeCategory.allCases

        onThreads(8) { thread in
            var rng = SplitMix64(seed: UInt64(thread + 1))
            for i in 0..<1500 {
                let category = categories[Int(rng.next() % UInt64(categories.count))]
                if i % 150 == 0 {
                    // An observer that joins mid-storm and stays.
                    let log = ChangeHubLog<TextSizeSetting>()
                    let token = hub.observe { log.append($0.new) }
                    survivors.withLock { $0.append((token, log)) }
                }
                switch rng.next() % 10 {
                case 0:
                    // A short-lived observer: registered, maybe called, cancelled.
                    let token = hub.observe(.willChange) { _ in }
                    hub.setCategory(category)
                    token.cancel()
                case 1:
                    // A short-lived observer released instead of cancelled.
                    _ = hub.observe { _ in }
                case 3:
                    hub.setLegibilityWeight(rng.next() % 2 == 0 ? .bold : .regular)
                case 4:
                    hub.set(.of(category, rng.next() % 2 == 0 ? .bold : .regular))
                default:
                    hub.setCategory(category)
                }
            }
        }
        hub.waitUntilIdle()

        // Quiet: the hub shows the last value set, and an observer that was there all along heard
        // every change as one unbroken chain.
        let changes = steady.all
        #expect(!changes.isEmpty)
        #expect(changes.first?.old == .of(.large))
        #expect(changes.filter { $0.old == $0.new }.isEmpty, "a change that changed nothing was posted")
        // Short summaries, not the whole arrays: a failure here should not print megabytes.
        let brokenLinks = zip(changes, changes.dropFirst()).filter { $0.new != $1.old }
        #expect(brokenLinks.isEmpty, "\(brokenLinks.count) broken links, first: \(String(describing: brokenLinks.first))")
        #expect(changes.last?.new == hub.setting)
        #expect(hub.setting == hub.latestSetting)
        let willChanges = steadyWill.all
        #expect(willChanges.count == changes.count)
        let firstMismatch = willChanges.indices.first { $0 < changes.count && willChanges[$0] != changes[$0] }
        #expect(firstMismatch == nil, "will- and did-change disagree from change \(firstMismatch ?? -1) on")

        // One more change, now that nobody else is setting: every surviving observer ends there.
        let final: TextSizeSetting =
            hub.setting == .of(.accessibility5, .bold) ? .of(.xSmall) : .of(.accessibility5, .bold)
        hub.set(final)
        #expect(hub.setting == final)
        #expect(steady.last?.new == final)
        let kept = survivors.withLock { $0 }
        #expect(kept.count == 80)
        for survivor in kept {
            #expect(survivor.log.last == final)
        }
        // Transient observers are all gone; the steady ones and the survivors remain.
        #expect(hub.observerCount == 2 + kept.count)
        withExtendedLifetime((steadyToken, steadyWillToken)) {}
    }

    @Test("a change from another thread during a delivery is delivered by the delivering thread")
    func changeFromOtherThreadIsQueued() {
        let hub = ContentSizeHub(initial: .of(.large))
        let inDelivery = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let log = ChangeHubLog<(category: ContentSizeCategory, thread: UInt)>()
        let token = hub.observe { change in
            log.append((change.new.category, currentThreadID()))
            if change.new.category == .xLarge {
                inDelivery.signal()
                proceed.wait()
            }
        }
        let deliverer = ChangeHubSlot<UInt>()
        Thread {
            deliverer.current = currentThreadID()
            hub.setCategory(.xLarge)
        }.start()
        inDelivery.wait()

        // The other thread is inside a callback: this set must queue and return, not block.
        hub.setCategory(.accessibility3)
        #expect(hub.setting == .of(.xLarge))
        #expect(hub.latestSetting == .of(.accessibility3))
        proceed.signal()
        hub.waitUntilIdle()

        #expect(hub.setting == .of(.accessibility3))
        let entries = log.all
        #expect(entries.map(\.category) == [.xLarge, .accessibility3])
        #expect(entries.allSatisfy { $0.thread == deliverer.current })
        #expect(entries.allSatisfy { $0.thread != currentThreadID() })
        withExtendedLifetime(token) {}
    }

    @Test("async waitUntilIdle resumes once the queue is drained")
    func asyncWaitUntilIdle() async {
        let hub = ContentSizeHub()
        await hub.waitUntilIdle()   // idle already: returns at once

        let inDelivery = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let token = hub.observe { change in
            if change.new.category == .xLarge {
                inDelivery.signal()
                proceed.wait()
            }
        }
        Thread { hub.setCategory(.xLarge) }.start()
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                inDelivery.wait()
                hub.setCategory(.xxLarge)   // queued behind the blocked delivery
                proceed.signal()
                continuation.resume()
            }
        }
        await hub.waitUntilIdle()
        #expect(hub.setting == .of(.xxLarge))
        withExtendedLifetime(token) {}
    }
}

/// A tiny deterministic generator, so a failing run can be reproduced.
private struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
