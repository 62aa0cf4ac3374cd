import Synchronization

/// The one FreeType library instance of the process, and the only place that creates faces.
///
/// FreeType's `FT_New_Face`/`FT_Done_Face` are not safe to call concurrently on one `FT_Library`,
/// so both happen under ``lock``; a face, once created, is used under its own ``FontFace`` lock.
/// The calls themselves are in `C/FreeTypeCalls.swift`.
final class FreeTypeLibrary: @unchecked Sendable {
    // Owned: created by FT_Init_FreeType, destroyed in deinit. Only touched under `lock`.
    private let handle: FreeTypeLibraryHandle
    private let lock = Mutex<Void>(())

    static let shared: Result<FreeTypeLibrary, FontSystemError> = Result { () throws(FontSystemError) in
        try FreeTypeLibrary()
    }

    private init() throws(FontSystemError) {
        handle = try FreeTypeLibraryHandle.initialize()
    }

    deinit { handle.done() }

    /// FreeType's version, e.g. `2.12.1`.
    var version: String {
        lock.withLock { _ in handle.version }
    }

    /// Opens a face; the caller owns the result and must release it with ``doneFace(_:)``.
    func newFace(path: String, index: Int) throws(FontSystemError) -> FreeTypeFaceHandle {
        try lock.withLock { _ throws(FontSystemError) -> FreeTypeFaceHandle in
            try handle.newFace(path: path, index: index)
        }
    }

    /// Releases a face created by ``newFace(path:index:)``.
    func doneFace(_ face: FreeTypeFaceHandle) {
        lock.withLock { _ in handle.doneFace(face) }
    }
}
