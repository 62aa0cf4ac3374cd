import Foundation

/// The open pages: each WebSocket connection gets every message pushed after it connected
/// (a file changed, an error appeared or went away).
actor PushHub {
    private var clients: [UUID: AsyncStream<String>.Continuation] = [:]

    /// A stream of the messages for one new client, and its id (to leave).
    func join() -> (UUID, AsyncStream<String>) {
        let id = UUID()
        let (stream, continuation) = AsyncStream<String>.makeStream(bufferingPolicy: .bufferingNewest(16))
        clients[id] = continuation
        return (id, stream)
    }

    func leave(_ id: UUID) {
        clients.removeValue(forKey: id)?.finish()
    }

    /// Sends `message` to every client.
    func broadcast(_ message: String) {
        for continuation in clients.values { continuation.yield(message) }
    }

    /// How many pages are connected.
    var count: Int { clients.count }
}
