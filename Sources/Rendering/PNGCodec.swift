import CPNG
import Foundation

// The only file in Rendering that calls libpng.
//
// # Why libpng's "simplified" API (png_image_*) and no callbacks
// libpng reports errors by calling an error function that must not return; the default one
// longjmps to a jmp_buf set with setjmp. Swift cannot call setjmp, and a longjmp across Swift
// frames skips their cleanup (leaked buffers, locks held: undefined behaviour). A custom error
// function written in Swift cannot return either, so its only choices would be to crash.
//
// libpng 1.6's simplified API wraps every operation in libpng's own setjmp (png_safe_execute,
// in C) and reports failure as a return value with the message in `png_image.message`. Our Swift
// code only calls into it: no Swift frame is ever between a setjmp and a longjmp, and no libpng
// callback is written in Swift (memory in, memory out). Inputs are also validated up front
// (dimensions 1…100,000, buffer size = width × height × 4) so libpng has nothing to reject.
//
// # Determinism
// The simplified writer emits IHDR, sRGB, IDAT… and IEND only: no tIME, no text chunks. It uses
// zlib's default compression level (6; the zlib header's FLEVEL says so, and a test checks it)
// and libpng's default adaptive filter choice over all five filters for 8-bit RGBA — both fixed
// functions of the pixels for a given libpng/zlib version, so the same image gives the same bytes.

/// Encodes ``RGBAImage``s as 8-bit RGBA PNG with deterministic bytes.
///
/// ```swift
/// let data = try PNGEncoder.encode(canvas.image)
/// try PNGEncoder.write(canvas.image, to: "out/welcome/03-large.png")
/// ```
public enum PNGEncoder {
    /// The largest width or height accepted.
    public static let maximumDimension = 100_000

    /// The PNG bytes of `image` (8-bit RGBA, non-interlaced, sRGB chunk, no time or text chunks).
    ///
    /// - Throws: ``RenderingError/invalidImage(width:height:byteCount:)`` for an empty or oversized
    ///   image or a pixel buffer of the wrong size; ``RenderingError/encodingFailed(_:)`` with
    ///   libpng's message should libpng fail anyway (out of memory).
    public static func encode(_ image: RGBAImage) throws(RenderingError) -> Data {
        try validate(image)
        var control = Self.control(for: image)
        let rawBytes = image.width * image.height * 4
        // A first guess that fits anything compressible; libpng tells the exact size if it does not.
        var capacity = rawBytes / 2 + image.height + 4096
        for _ in 0..<2 {
            var buffer = [UInt8](repeating: 0, count: capacity)
            var written = capacity
            let ok = buffer.withUnsafeMutableBytes { memory in
                image.pixels.withUnsafeBytes { pixels in
                    png_image_write_to_memory(&control, memory.baseAddress, &written, 0, pixels.baseAddress, 0, nil)
                }
            }
            if ok != 0 {
                png_image_free(&control)
                return Data(buffer[0..<written])
            }
            let message = Self.message(of: &control)
            png_image_free(&control)
            // Failure with a larger size reported: the buffer was too small; retry once at that size.
            guard written > capacity else { throw .encodingFailed(message) }
            capacity = written
            control = Self.control(for: image)
        }
        throw .encodingFailed("libpng kept asking for a larger buffer")
    }

    /// Encodes `image` and writes it to `path` atomically: a temporary file in the same directory,
    /// then `rename(2)`, so readers never see a half-written PNG. The directory must exist.
    ///
    /// - Throws: ``RenderingError/cannotWrite(path:reason:)`` naming `path` and the system's reason,
    ///   or the errors of ``encode(_:)``.
    public static func write(_ image: RGBAImage, to path: String) throws(RenderingError) {
        let data = try encode(image)
        try AtomicFile.write(data, to: path)
    }

    /// 8-bit sRGB RGBA, straight alpha (`PNG_FORMAT_RGBA`; the macro is not imported into Swift).
    static let formatRGBA = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    private static func control(for image: RGBAImage) -> png_image {
        var control = png_image()
        control.version = png_uint_32(PNG_IMAGE_VERSION)
        control.width = png_uint_32(image.width)
        control.height = png_uint_32(image.height)
        control.format = formatRGBA
        return control
    }

    static func validate(_ image: RGBAImage) throws(RenderingError) {
        guard image.width > 0, image.height > 0, image.width <= maximumDimension, image.height <= maximumDimension,
            image.pixels.count == image.width * image.height * 4
        else {
            throw .invalidImage(width: image.width, height: image.height, byteCount: image.pixels.count)
        }
    }

    /// libpng's message from a failed simplified-API call.
    static func message(of control: inout png_image) -> String {
        let text = withUnsafeBytes(of: &control.message) { raw -> String in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
        return text.isEmpty ? "unknown libpng error" : text
    }
}

/// Decodes PNG data (any colour type or bit depth libpng reads) to 8-bit straight-alpha RGBA.
public enum PNGDecoder {
    /// The image in `data`, converted to 8-bit RGBA.
    ///
    /// - Throws: ``RenderingError/decodingFailed(_:)`` with libpng's message for data that is not a
    ///   readable PNG; ``RenderingError/invalidImage(width:height:byteCount:)`` for dimensions above
    ///   ``PNGEncoder/maximumDimension``.
    public static func decode(_ data: Data) throws(RenderingError) -> RGBAImage {
        guard data.count >= 8 else { throw .decodingFailed("not a PNG: \(data.count) bytes") }
        let bytes = [UInt8](data)
        // libpng keeps the input pointer from begin_read until finish_read: both run inside one
        // withUnsafeBytes, so the pointer never outlives its scope.
        let result = bytes.withUnsafeBytes { raw -> Result<RGBAImage, RenderingError> in
            var control = png_image()
            control.version = png_uint_32(PNG_IMAGE_VERSION)
            defer { png_image_free(&control) }
            guard png_image_begin_read_from_memory(&control, raw.baseAddress, raw.count) != 0 else {
                return .failure(.decodingFailed(PNGEncoder.message(of: &control)))
            }
            let width = Int(control.width), height = Int(control.height)
            guard width > 0, height > 0, width <= PNGEncoder.maximumDimension, height <= PNGEncoder.maximumDimension
            else {
                return .failure(.invalidImage(width: width, height: height, byteCount: 0))
            }
            control.format = PNGEncoder.formatRGBA
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            let finished = pixels.withUnsafeMutableBytes { buffer in
                png_image_finish_read(&control, nil, buffer.baseAddress, 0, nil)
            }
            guard finished != 0 else { return .failure(.decodingFailed(PNGEncoder.message(of: &control))) }
            return Result { () throws(RenderingError) in try RGBAImage(width: width, height: height, pixels: pixels) }
        }
        return try result.get()
    }
}

/// Writes files through a temporary file in the same directory and `rename(2)`.
enum AtomicFile {
    static func write(_ data: Data, to path: String) throws(RenderingError) {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        let temporary = directory + "/." + url.lastPathComponent + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        func failure(_ what: String, _ code: Int32) -> RenderingError {
            .cannotWrite(path: path, reason: "\(what): \(String(cString: strerror(code)))")
        }
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure("cannot create a file in '\(directory)'", errno) }
        var writeError: Int32 = 0
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    writeError = errno
                    return
                }
                offset += n
            }
        }
        if writeError == 0 && close(fd) != 0 { writeError = errno } else if writeError != 0 { close(fd) }
        guard writeError == 0 else {
            unlink(temporary)
            throw failure("write failed", writeError)
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure("rename failed", code)
        }
    }
}
