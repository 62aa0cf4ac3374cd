@testable import DynamicTypeCore
import Testing

@Suite("ContentSizeHub delivery")
struct ChangeHubTests {
    @Test("will-change goes to every observer before did-change, each in registration order")
    func ordering() {
        let hub = ContentSizeHub(initial: .of(.large))
        let log = ChangeHubLog<String>()
        let a = hub.observe(.didChange) { _ in log.append("A did (hub says \(hub.category))") }
        let b = hub.observe(.willChange) { _ in log.append("B will (hub says \(hub.category))") }
        let c = hub.observe(.didChange) { _ in log.append("C did (hub says \(hub.category))") }
        let d = hub.observe(.willChange) { _ in log.append("D will (hub says \(hub.category))") }

        hub.setCategory(.accessibility3)

        #expect(log.all == [
            "B will (hub says large)",
            "D will (hub says large)",
            "A did (hub says accessibility3)",
            "C did (hub says accessibility3)",
        ])
        #expect(hub.setting == .of(.accessibility3))
        withExtendedLifetime((a, b, c, d)) {}
    }

    @Test("ContentSizeChange reports old, new and what changed")
    func changeValue() {
        let hub = ContentSizeHub(initial: .of(.large))
        let log = ChangeHubLog<ContentSizeChange>()
        let token = hub.observe { log.append($0) }

        hub.setCategory(.xLarge)
        hub.setLegibilityWeight(.bold)
        hub.set(.of(.small, .regular))

        #expect(log.all == [
            ContentSizeChange(old: .of(.large), new: .of(.xLarge)),
            ContentSizeChange(old: .of(.xLarge), new: .of(.xLarge, .bold)),
            ContentSizeChange(old: .of(.xLarge, .bold), new: .of(.small)),
        ])
        #expect(log.all.map(\.changed) == [[.category], [.legibilityWeight], [.category, .legibilityWeight]])
        #expect(hub.category == .small)
        #expect(hub.legibilityWeight == .regular)
        withExtendedLifetime(token) {}
    }

    @Test("setting the value the hub already has posts nothing")
    func oncePerChange() {
        let hub = ContentSizeHub(initial: .of(.accessibility1, .bold))
        let will = ChangeHubLog<ContentSizeChange>()
        let did = ChangeHubLog<ContentSizeChange>()
        let tokens = [hub.observe(.willChange) { will.append($0) }, hub.observe { did.append($0) }]

        hub.set(.of(.accessibility1, .bold))
        hub.setCategory(.accessibility1)
        hub.setLegibilityWeight(.bold)
        #expect(did.count == 0)
        #expect(will.count == 0)

        hub.setCategory(.accessibility2)
        hub.setCategory(.accessibility2)
        hub.set(.of(.accessibility2, .bold))
        #expect(did.all == [ContentSizeChange(old: .of(.accessibility1, .bold), new: .of(.accessibility2, .bold))])
        #expect(will.all == did.all)
        withExtendedLifetime(tokens) {}
    }

    @Test("a token that goes out of scope ends its observation")
    func releaseEndsObservation() {
        let hub = ContentSizeHub()
        let log = ChangeHubLog<ContentSizeCategory>()
        do {
            let token = hub.observe { log.append($0.new.category) }
            hub.setCategory(.xLarge)
            #expect(hub.observerCount == 1)
            withExtendedLifetime(token) {}
        }
        #expect(hub.observerCount == 0)
        hub.setCategory(.xxLarge)
        #expect(log.all == [.xLarge])

        // Discarding the token outright never observes anything.
        _ = hub.observe { log.append($0.new.category) }
        hub.setCategory(.xxxLarge)
        #expect(log.all == [.xLarge])
    }

    @Test("cancel ends only its own observation and may be called again")
    func cancelIsIdempotent() {
        let hub = ContentSizeHub()
        let first = ChangeHubLog<ContentSizeCategory>()
        let second = ChangeHubLog<ContentSizeCategory>()
        let a = hub.observe { first.append($0.new.category) }
        let b = hub.observe { second.append($0.new.category) }

        hub.setCategory(.small)
        #expect(!a.isCancelled)
        a.cancel()
        a.cancel()
        #expect(a.isCancelled)
        #expect(hub.observerCount == 1)
        hub.setCategory(.medium)
        a.cancel()

        #expect(first.all == [.small])
        #expect(second.all == [.small, .medium])
        withExtendedLifetime(b) {}
    }

    @Test("an observation does not keep its hub alive")
    func tokenDoesNotRetainHub() {
        var hub: ContentSizeHub? = ContentSizeHub()
        weak let weakHub = hub
        let token = hub!.observe { _ in }
        hub = nil
        #expect(weakHub == nil)
        token.cancel()   // the hub is gone: nothing to do, nothing to crash
        #expect(token.isCancelled)
    }
}

@Suite("ContentSizeHub re-entrancy")
struct ChangeHubReentrancyTests {
    @Test("an observer added during delivery first hears the next change")
    func addDuringDelivery() {
        let hub = ContentSizeHub()
        let late = ChangeHubLog<ContentSizeCategory>()
        let lateToken = ChangeHubSlot<ContentSizeObservation>()
        let adder = hub.observe(.willChange) { _ in
            if lateToken.current == nil {
                // A did-change observer added in the will phase is not in this change's snapshot.
                lateToken.current = hub.observe { late.append($0.new.category) }
            }
        }

        hub.setCategory(.xLarge)
        #expect(late.all == [])
        #expect(hub.observerCount == 2)
        hub.setCategory(.accessibility1)
        #expect(late.all == [.accessibility1])
        withExtendedLifetime(adder) {}
    }

    @Test("an observer cancelled by an earlier one in the same delivery is not called")
    func cancelOtherDuringDelivery() {
        let hub = ContentSizeHub()
        let log = ChangeHubLog<String>()
        let victim = ChangeHubSlot<ContentSizeObservation>()
        let killer = hub.observe(.willChange) { _ in
            log.append("killer")
            victim.current?.cancel()
        }
        let bystander = hub.observe { _ in log.append("bystander") }
        victim.current = hub.observe { _ in log.append("victim") }   // registered last: not yet called

        hub.setCategory(.xLarge)
        hub.setCategory(.xxLarge)
        #expect(log.all == ["killer", "bystander", "killer", "bystander"])
        #expect(hub.observerCount == 2)
        withExtendedLifetime((killer, bystander)) {}
    }

    @Test("an observer may cancel or release itself inside its callback")
    func cancelSelfDuringDelivery() {
        let hub = ContentSizeHub()
        let log = ChangeHubLog<ContentSizeCategory>()
        let own = ChangeHubSlot<ContentSizeObservation>()
        own.current = hub.observe { change in
            log.append(change.new.category)
            _ = own.take()   // last reference: the token's deinit runs inside the callback
        }
        hub.setCategory(.xLarge)
        hub.setCategory(.xxLarge)
        #expect(log.all == [.xLarge])
        #expect(hub.observerCount == 0)
    }

    @Test("releasing a handler that holds another token does not deadlock")
    func releasingHandlerReleasesAnotherToken() {
        // The outer handler is the only owner of the inner token; removing it releases that token,
        // whose deinit cancels again, which must not happen under the hub's lock.
        func observeHoldingAnotherToken(_ hub: ContentSizeHub) -> ContentSizeObservation {
            let inner = hub.observe { _ in }
            return hub.observe { [inner] _ in _ = inner }
        }
        let hub = ContentSizeHub()
        let outer = observeHoldingAnotherToken(hub)
        #expect(hub.observerCount == 2)
        outer.cancel()
        #expect(hub.observerCount == 0)
    }

    @Test("a change made inside a callback is delivered afterwards, in order, to everyone")
    func changeInsideCallback() {
        let hub = ContentSizeHub(initial: .of(.large))
        let log = ChangeHubLog<String>()
        let seenInside = ChangeHubLog<String>()
        let first = hub.observe { change in
            log.append("first did \(change.new.category)")
            if change.new.category == .xLarge {
                hub.setCategory(.accessibility3)
                hub.setLegibilityWeight(.bold)   // builds on the queued category, not the announced one
                seenInside.append("setting \(hub.setting.category), latest \(hub.latestSetting)")
            }
        }
        let will = hub.observe(.willChange) { change in log.append("will \(change.old.category)→\(change.new.category)") }
        let last = hub.observe { change in log.append("last did \(change.new.category)") }

        hub.setCategory(.xLarge)

        #expect(log.all == [
            "will large→xLarge", "first did xLarge", "last did xLarge",
            "will xLarge→accessibility3", "first did accessibility3", "last did accessibility3",
            "will accessibility3→accessibility3", "first did accessibility3", "last did accessibility3",
        ])
        #expect(seenInside.all == ["setting xLarge, latest accessibility3, Bold Text on"])
        #expect(hub.setting == .of(.accessibility3, .bold))
        #expect(hub.latestSetting == hub.setting)
        withExtendedLifetime((first, will, last)) {}
    }

    @Test("changes queued inside callbacks chain old to new, one at a time")
    func cascadeInsideCallbacks() {
        let hub = ContentSizeHub(initial: .of(.xSmall))
        let depth = ChangeHubSlot<Int>(0)
        let overlaps = ChangeHubLog<Int>()
        let log = ChangeHubLog<ContentSizeChange>()
        let stepper = hub.observe { change in
            let now = (depth.current ?? 0) + 1
            depth.current = now
            if now > 1 { overlaps.append(now) }   // a nested delivery would show up here
            log.append(change)
            if let next = change.new.category.next { hub.setCategory(next) }
            depth.current = now - 1
        }

        hub.setCategory(.small)

        let changes = log.all
        #expect(overlaps.all.isEmpty)
        #expect(changes.map(\.new.category) == Array(ContentSizeCategory.allCases.dropFirst()))
        #expect(zip(changes, changes.dropFirst()).allSatisfy { $0.new == $1.old })
        #expect(hub.category == .accessibility5)
        withExtendedLifetime(stepper) {}
    }

    @Test("waiting for idle from inside a callback is a programming error")
    func waitInsideCallbackTraps() async {
        await #expect(processExitsWith: .failure) {
            let hub = ContentSizeHub()
            let token = hub.observe { _ in hub.waitUntilIdle() }
            hub.setCategory(.xLarge)
            withExtendedLifetime(token) {}
        }
    }
}
