#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An identifier of the calling thread, unique among live threads.
///
/// Used only to recognise "the deliverer is waiting for itself" in `ContentSizeHub.waitUntilIdle()`;
/// an id may be reused after its thread exits, which is harmless because the deliverer is alive
/// for as long as its id is stored.
func currentThreadID() -> UInt {
    #if canImport(Darwin)
    return UInt(bitPattern: pthread_self())
    #else
    return UInt(pthread_self())
    #endif
}
