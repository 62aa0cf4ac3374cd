import Foundation
import SwiftParser
import SwiftSyntax

/// Work on a thread with a large stack, waited for. swift-syntax's parser and the visitors over
/// its trees recurse once or more per nesting level; a worker thread's default stack (512 KB to
/// 8 MB, by platform and thread kind) overflows on deeply nested but valid code well below
/// ``NestingScan``'s limits in a debug build. Run the parse and every walk of the tree in here,
/// after ``NestingScan`` has refused what is deeper than even this stack holds.
package enum LargeStack {
    /// The stack size of the thread: 64 MB (reserved address space; only what is touched is used).
    package static let stackSize = 64 << 20

    /// `body`'s result, computed on a new thread with a ``stackSize`` stack; the caller waits.
    package static func run<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let slot = ResultSlot<T>()
        let thread = Thread {
            slot.store(body())
        }
        thread.stackSize = stackSize
        thread.start()
        return slot.wait()
    }

    /// `source` parsed on a large stack.
    package static func parse(_ source: String) -> SourceFileSyntax {
        run { parseOnCurrentThread(source) }
    }

    /// `source` parsed on the calling thread — call it inside ``run(_:)`` — with swift-syntax's
    /// nesting limit at ``NestingScan/maximumDepth`` in every build: swift-syntax lowers its
    /// default to 20 levels in a debug build to spare the default stack, which a large stack does
    /// not need, and release and debug builds then read the same code the same way.
    package static func parseOnCurrentThread(_ source: String) -> SourceFileSyntax {
        var text = source
        return text.withUTF8 { Parser.parse(source: $0, maximumNestingLevel: NestingScan.maximumDepth) }
    }
}

/// One result handed from the worker thread to the waiting caller (the semaphore orders the store
/// before the read).
private final class ResultSlot<T: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var value: T?

    func store(_ result: T) {
        value = result
        done.signal()
    }

    func wait() -> T {
        done.wait()
        guard let value else { preconditionFailure("the large-stack thread signalled without a result") }
        return value
    }
}
