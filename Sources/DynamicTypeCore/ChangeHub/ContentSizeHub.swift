import Dispatch
import Synchronization

/// The simulated system text-size setting (content-size category and Bold Text), which tells
/// observers about every real change: the analogue of iOS posting
/// `UIContentSizeCategoryDidChangeNotification` when the user drags the Text Size slider.
///
/// ```swift
/// let hub = ContentSizeHub(initial: TextSizeSetting(category: .large))
/// let token = hub.observe { change in
///     print("now \(change.new.category)")      // re-resolve fonts, re-layout…
/// }
/// hub.setCategory(.accessibility3)              // prints "now accessibility3" before returning
/// hub.setCategory(.accessibility3)              // same value: nothing is posted
/// token.cancel()
/// ```
///
/// Use ``shared`` for the process-wide setting that ``ContentSizeCategory/current`` falls back to,
/// and `init(initial:)` for a private hub in tests, so tests never race each other through
/// global state.
///
/// ## Delivery
/// - Synchronous: a setter called when no delivery is running delivers its change on the calling
///   thread before it returns.
/// - Once per real change: setting a value equal to the latest one (including a change still
///   queued, see ``latestSetting``) posts nothing.
/// - For each change, every `.willChange` observer is called first, then the new value becomes
///   ``setting``, then every `.didChange` observer is called; within a phase, in registration order.
/// - Handlers are never called concurrently with each other, and never with the hub's lock held.
///
/// ## Re-entrancy
/// A handler may observe, cancel or change the setting from inside its callback:
/// - Each change is delivered to a snapshot of the observers registered when that change's
///   delivery starts. An observer added during a delivery first hears the *next* change.
/// - An observer cancelled during a delivery (by itself, by another handler, or by its token being
///   released) is not called afterwards, even if it was in the snapshot.
/// - A change made inside a callback is queued and delivered after the current change has reached
///   every observer in both phases. Changes are delivered one at a time, in the order they were
///   made, never interleaved; each change's `old` is the previous change's `new`.
///
/// ## Threads
/// The hub is `Sendable`; every method may be called from any thread. Pending changes wait in a
/// queue under a lock. The thread that finds no delivery in progress becomes the *deliverer* and
/// drains the queue; a setter on another thread that finds a delivery in progress enqueues its
/// change and returns at once, and **its change is delivered on the deliverer's thread**, maybe
/// after the setter returned. Such a setter never blocks on handlers (so a handler waiting for a
/// lock the setter's thread holds cannot deadlock), but until the change is delivered ``setting``
/// still shows the value observers have heard about; ``latestSetting`` already shows the new one.
/// Call ``waitUntilIdle()`` to wait until every queued change has been delivered. While other
/// threads keep setting, the deliverer keeps delivering their changes before its own setter returns.
public final class ContentSizeHub: Sendable {
    /// The process-wide setting: what ``ContentSizeCategory/current`` and
    /// ``LegibilityWeight/current`` answer outside a `withContentSizeCategory` scope.
    ///
    /// Tests should prefer a private `ContentSizeHub(initial:)`; changing this one affects every
    /// test running in parallel.
    public static let shared = ContentSizeHub()

    /// Everything mutable, behind one lock. (On Linux, ThreadSanitizer reports false races inside
    /// `Mutex.withLock` under contention, because the lock's priority-inheritance futex path is
    /// invisible to it; the hub's tests run clean under TSan with an `NSLock`-based stand-in.)
    private let state: Mutex<State>

    /// A hub whose setting starts at `initial`.
    ///
    /// - Parameter initial: the starting setting; no change is posted for it.
    public init(initial: TextSizeSetting = .default) {
        state = Mutex(State(announced: initial, latest: initial))
    }

    deinit {
        // Nobody can call in any more; tell observers that care (async streams) that no change will
        // ever come, so a `for await` over `changes` ends instead of hanging.
        let records = state.withLock { state in
            var taken: [ObserverRecord] = []
            swap(&taken, &state.observers)
            return taken
        }
        for record in records { record.onHubEnd?() }
    }

    // MARK: Reading

    /// The setting observers have been told about.
    ///
    /// During a change's `.willChange` callbacks this is still the change's `old` value; from its
    /// `.didChange` callbacks on, its `new` value. When the hub is idle it equals the last value set.
    public var setting: TextSizeSetting { state.withLock { $0.announced } }

    /// The most recently set value, including changes queued but not yet delivered.
    ///
    /// Differs from ``setting`` only while a delivery is running: inside a callback that changed
    /// the setting, or on another thread whose change the deliverer has not reached yet.
    public var latestSetting: TextSizeSetting { state.withLock { $0.latest } }

    /// The content-size category of ``setting``.
    public var category: ContentSizeCategory { setting.category }

    /// The Bold Text state of ``setting``.
    public var legibilityWeight: LegibilityWeight { setting.legibilityWeight }

    // MARK: Changing

    /// Changes the whole setting, posting one change if it differs from ``latestSetting``.
    ///
    /// - Parameter setting: the new category and Bold Text state.
    public func set(_ setting: TextSizeSetting) {
        post { $0 = setting }
    }

    /// Changes the content-size category, keeping the Bold Text state of ``latestSetting``.
    ///
    /// - Parameter category: the new category; the same category as the latest posts nothing.
    public func setCategory(_ category: ContentSizeCategory) {
        post { $0.category = category }
    }

    /// Turns Bold Text on (`.bold`) or off (`.regular`), keeping the category of ``latestSetting``.
    ///
    /// - Parameter legibilityWeight: the new Bold Text state; the same state as the latest posts nothing.
    public func setLegibilityWeight(_ legibilityWeight: LegibilityWeight) {
        post { $0.legibilityWeight = legibilityWeight }
    }

    // MARK: Observing

    /// Calls `handler` for every later change in `phase`, until the returned token is released or
    /// cancelled.
    ///
    /// The handler runs synchronously on the thread delivering the change (see the type's
    /// discussion of threads), never concurrently with another handler of this hub. Calling this
    /// from inside a callback is allowed; the new observer first hears the next change.
    ///
    /// ```swift
    /// let before = hub.observe(.willChange) { change in snapshotScrollPosition() }
    /// let after = hub.observe { change in
    ///     if change.changed.contains(.category) { relayout(for: change.new.category) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - phase: `.didChange` (the default) to run after the new setting took effect,
    ///     `.willChange` to run before.
    ///   - handler: called with each change; must not capture the returned token strongly.
    /// - Returns: the token that keeps the observation alive. Discarding it ends the observation at once.
    public func observe(
        _ phase: ContentSizeChangePhase = .didChange,
        handler: @escaping @Sendable (ContentSizeChange) -> Void
    ) -> ContentSizeObservation {
        addObserver(phase, handler: handler, onHubEnd: nil)
    }

    /// Registers an observer; `onHubEnd` runs if the hub is released while the observation is live.
    func addObserver(
        _ phase: ContentSizeChangePhase,
        handler: @escaping @Sendable (ContentSizeChange) -> Void,
        onHubEnd: (@Sendable () -> Void)?,
        failures: ObservationFailures? = nil
    ) -> ContentSizeObservation {
        let id = state.withLock { state in
            state.nextObserverID += 1
            let record = ObserverRecord(
                id: state.nextObserverID, phase: phase, handler: handler, onHubEnd: onHubEnd)
            state.observers.append(record)
            return record.id
        }
        // The token holds the hub weakly: an observation must not keep a private hub alive.
        return ContentSizeObservation(failures: failures) { [weak self] in self?.removeObserver(id: id) }
    }

    /// The number of live observations (for tests and diagnostics).
    public var observerCount: Int { state.withLock { $0.observers.count } }

    // MARK: Waiting

    /// Blocks the calling thread until no delivery is running and no change is queued.
    ///
    /// Needed only when several threads change the setting: a setter that found another thread
    /// delivering returns before its change is delivered. Waiting from inside a callback would wait
    /// for itself, so it is a programming error and traps.
    public func waitUntilIdle() {
        let waiter = DispatchSemaphore(value: 0)
        let mustWait = state.withLock { state -> Bool in
            guard state.isDelivering else { return false }
            precondition(
                state.delivererThread != currentThreadID(),
                "ContentSizeHub.waitUntilIdle() called from inside a change callback would wait for itself")
            state.idleWaiters.append { waiter.signal() }
            return true
        }
        if mustWait { waiter.wait() }
    }

    /// Suspends until no delivery is running and no change is queued.
    ///
    /// The async form of ``waitUntilIdle()``; it suspends instead of blocking a thread. Do not await
    /// it from a task that a change callback is itself waiting for.
    public func waitUntilIdle() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let idle = state.withLock { state -> Bool in
                guard state.isDelivering else { return true }
                state.idleWaiters.append { continuation.resume() }
                return false
            }
            if idle { continuation.resume() }
        }
    }

    // MARK: Delivery

    /// Applies `update` to the latest setting; queues the change if it is real and drains the
    /// queue if no other delivery is running.
    private func post(_ update: (inout TextSizeSetting) -> Void) {
        let becameDeliverer = state.withLock { state -> Bool in
            var new = state.latest
            update(&new)
            guard new != state.latest else { return false }
            state.pending.append(ContentSizeChange(old: state.latest, new: new))
            state.latest = new
            guard !state.isDelivering else { return false }
            state.isDelivering = true
            state.delivererThread = currentThreadID()
            return true
        }
        if becameDeliverer { drain() }
    }

    private enum Step {
        case deliver(ContentSizeChange, snapshot: [ObserverRecord])
        case idle(waiters: [@Sendable () -> Void])
    }

    /// Delivers queued changes one at a time until the queue is empty, then wakes idle waiters.
    private func drain() {
        while true {
            let step = state.withLock { state -> Step in
                guard !state.pending.isEmpty else {
                    state.isDelivering = false
                    state.delivererThread = nil
                    var waiters: [@Sendable () -> Void] = []
                    swap(&waiters, &state.idleWaiters)
                    return .idle(waiters: waiters)
                }
                // The snapshot shares the array's storage; no observer is released under the lock.
                return .deliver(state.pending.removeFirst(), snapshot: state.observers)
            }
            switch step {
            case .deliver(let change, let snapshot):
                deliver(change, to: snapshot)
            case .idle(let waiters):
                for wake in waiters { wake() }
                return
            }
        }
    }

    private func deliver(_ change: ContentSizeChange, to snapshot: [ObserverRecord]) {
        // `where` is evaluated just before each call, so an observer cancelled by an earlier
        // handler in this same delivery is skipped.
        for record in snapshot where record.phase == .willChange && record.isLive {
            record.handler(change)
        }
        state.withLock { $0.announced = change.new }
        for record in snapshot where record.phase == .didChange && record.isLive {
            record.handler(change)
        }
    }

    private func removeObserver(id: UInt64) {
        let removed = state.withLock { state -> ObserverRecord? in
            guard let index = state.observers.firstIndex(where: { $0.id == id }) else { return nil }
            let record = state.observers.remove(at: index)
            record.markCancelled()
            return record
        }
        // The record (and whatever its handler captured, maybe other tokens whose deinit cancels
        // them) is released here, outside the lock, because the lock is not re-entrant.
        _ = removed
    }

    // MARK: State

    private struct State {
        /// What observers have been told (see `setting`).
        var announced: TextSizeSetting
        /// The last value set, including queued changes (see `latestSetting`).
        var latest: TextSizeSetting
        /// Live observers in registration order.
        var observers: [ObserverRecord] = []
        var nextObserverID: UInt64 = 0
        /// Changes waiting for the deliverer, oldest first.
        var pending: [ContentSizeChange] = []
        /// Whether some thread is draining `pending`; that thread is `delivererThread`.
        var isDelivering = false
        var delivererThread: UInt?
        /// Wake-ups for `waitUntilIdle()` callers, run when the queue drains.
        var idleWaiters: [@Sendable () -> Void] = []
    }
}

/// One registered handler.
final class ObserverRecord: Sendable {
    let id: UInt64
    let phase: ContentSizeChangePhase
    let handler: @Sendable (ContentSizeChange) -> Void
    let onHubEnd: (@Sendable () -> Void)?
    /// Set (under the hub's lock) when the observation ends; read without the lock by the deliverer,
    /// which may hold a snapshot that still contains this record.
    private let cancelled = Atomic<Bool>(false)

    init(
        id: UInt64, phase: ContentSizeChangePhase,
        handler: @escaping @Sendable (ContentSizeChange) -> Void,
        onHubEnd: (@Sendable () -> Void)?
    ) {
        self.id = id
        self.phase = phase
        self.handler = handler
        self.onHubEnd = onHubEnd
    }

    var isLive: Bool { !cancelled.load(ordering: .acquiring) }

    func markCancelled() { cancelled.store(true, ordering: .releasing) }
}
