import CFreeType
import Synchronization

/// The one FreeType library instance of the process, and the only place that creates faces.
///
/// FreeType's `FT_New_Face`/`FT_Done_Face` are not safe to call concurrently on one `FT_Library`,
/// so both happen under ``lock``; a face, once created, is used under its own ``FontFace`` lock.
final class FreeTypeLibrary: @unchecked Sendable {
    // Owned: created by FT_Init_FreeType, destroyed in deinit. Only touched under `lock`.
    private let handle: FT_Library
    let lock = Mutex<Void>(())

    static let shared: Result<FreeTypeLibrary, FontSystemError> = {
        do { return .success(try FreeTypeLibrary()) } catch let error as FontSystemError {
            return .failure(error)
        } catch {
            return .failure(.freetypeUnavailable(freetypeError: "\(error)"))
        }
    }()

    private init() throws {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else {
            throw FontSystemError.freetypeUnavailable(freetypeError: FreeTypeErrors.describe(error))
        }
        handle = library
    }

    deinit { FT_Done_FreeType(handle) }

    /// FreeType's version, e.g. `2.12.1`.
    var version: String {
        lock.withLock { _ in
            var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
            FT_Library_Version(handle, &major, &minor, &patch)
            return "\(major).\(minor).\(patch)"
        }
    }

    /// Opens a face; the caller owns the result and must release it with ``doneFace(_:)``.
    func newFace(path: String, index: Int) throws(FontSystemError) -> FT_Face {
        try lock.withLock { _ throws(FontSystemError) -> FT_Face in
            var face: FT_Face?
            let error = FT_New_Face(handle, path, FT_Long(index), &face)
            guard error == 0, let face else {
                throw .faceLoadFailed(file: path, faceIndex: index, freetypeError: FreeTypeErrors.describe(error))
            }
            return face
        }
    }

    /// Releases a face created by ``newFace(path:index:)``.
    func doneFace(_ face: FT_Face) {
        lock.withLock { _ in _ = FT_Done_Face(face) }
    }
}

/// FreeType error codes as words (FreeType builds without FT_Error_String on some distributions).
enum FreeTypeErrors {
    static func describe(_ error: FT_Error) -> String {
        if let text = FT_Error_String(error) { return String(cString: text) + " (FT_Error \(error))" }
        switch error {
        case 0x01: return "cannot open resource (FT_Error 1)"
        case 0x02: return "unknown file format (FT_Error 2)"
        case 0x03: return "broken file (FT_Error 3)"
        case 0x06: return "invalid face index (FT_Error 6)"
        default: return "FT_Error \(error)"
        }
    }
}
