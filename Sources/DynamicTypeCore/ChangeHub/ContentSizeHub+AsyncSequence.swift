extension ContentSizeHub {
    /// Every later did-change, as an async sequence for one consumer.
    ///
    /// Shorthand for `changes(.didChange)`.
    ///
    /// ```swift
    /// for await change in hub.changes {
    ///     await relayout(for: change.new.category)
    /// }
    /// ```
    public var changes: AsyncStream<ContentSizeChange> { changes(.didChange) }

    /// Every later change in `phase`, as an async sequence for one consumer.
    ///
    /// Each call makes a new stream with its own observation. The observation starts now (changes
    /// made before the first `next()` are buffered, not lost) and ends when the consumer stops
    /// iterating: its task is cancelled, it breaks out of the loop, or the stream is released.
    /// The stream finishes when the hub is released.
    ///
    /// Unlike ``observe(_:handler:)``, the consumer runs later and on its own executor, so by the
    /// time it sees a change the setting may have moved on; read `change.new`, not the hub.
    ///
    /// - Parameters:
    ///   - phase: which phase to listen to; `.didChange` by default.
    ///   - bufferingPolicy: what to keep while the consumer is busy; every change by default.
    /// - Returns: a stream of changes in the order they were delivered.
    public func changes(
        _ phase: ContentSizeChangePhase,
        bufferingPolicy: AsyncStream<ContentSizeChange>.Continuation.BufferingPolicy = .unbounded
    ) -> AsyncStream<ContentSizeChange> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: ContentSizeChange.self, bufferingPolicy: bufferingPolicy)
        let token = addObserver(
            phase,
            handler: { change in continuation.yield(change) },
            onHubEnd: { continuation.finish() })
        // The stream's storage keeps the token alive; when the consumer goes away the stream
        // terminates and cancelling the token removes the observer from the hub.
        continuation.onTermination = { _ in token.cancel() }
        return stream
    }
}
