internal import CPNG
import Foundation

// Every call into libpng in the package is in this file; ``PNGEncoder`` and ``PNGDecoder`` use it.
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

enum PNGCalls {
    /// 8-bit sRGB RGBA, straight alpha (`PNG_FORMAT_RGBA`; the macro is not imported into Swift).
    private static let formatRGBA = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)

    /// The PNG bytes of `pixels` (8-bit straight-alpha RGBA, `width × height × 4` bytes, already
    /// validated by the caller).
    ///
    /// - Throws: ``RenderingError/encodingFailed(_:)`` with libpng's message.
    static func encodeRGBA(_ pixels: [UInt8], width: Int, height: Int) throws(RenderingError) -> Data {
        var control = control(width: width, height: height)
        let rawBytes = width * height * 4
        // A first guess that fits anything compressible; libpng tells the exact size if it does not.
        var capacity = rawBytes / 2 + height + 4096
        for _ in 0..<2 {
            var buffer = [UInt8](repeating: 0, count: capacity)
            var written = capacity
            let ok = buffer.withUnsafeMutableBytes { memory in
                pixels.withUnsafeBytes { pixels in
                    png_image_write_to_memory(&control, memory.baseAddress, &written, 0, pixels.baseAddress, 0, nil)
                }
            }
            if ok != 0 {
                png_image_free(&control)
                return Data(buffer[0..<written])
            }
            let message = message(of: &control)
            png_image_free(&control)
            // Failure with a larger size reported: the buffer was too small; retry once at that size.
            guard written > capacity else { throw .encodingFailed(message) }
            capacity = written
            control = Self.control(width: width, height: height)
        }
        throw .encodingFailed("libpng kept asking for a larger buffer")
    }

    /// The image in `bytes` as 8-bit straight-alpha RGBA.
    ///
    /// - Throws: ``RenderingError/decodingFailed(_:)`` with libpng's message for data that is not a
    ///   readable PNG; ``RenderingError/invalidImage(width:height:byteCount:)`` for a side of 0 or
    ///   above `maximumDimension`.
    static func decodeRGBA(_ bytes: [UInt8], maximumDimension: Int) throws(RenderingError)
        -> (width: Int, height: Int, pixels: [UInt8])
    {
        // libpng keeps the input pointer from begin_read until finish_read: both run inside one
        // withUnsafeBytes, so the pointer never outlives its scope.
        let result = bytes.withUnsafeBytes { raw -> Result<(width: Int, height: Int, pixels: [UInt8]), RenderingError> in
            var control = png_image()
            control.version = png_uint_32(PNG_IMAGE_VERSION)
            defer { png_image_free(&control) }
            guard png_image_begin_read_from_memory(&control, raw.baseAddress, raw.count) != 0 else {
                return .failure(.decodingFailed(message(of: &control)))
            }
            let width = Int(control.width), height = Int(control.height)
            guard width > 0, height > 0, width <= maximumDimension, height <= maximumDimension else {
                return .failure(.invalidImage(width: width, height: height, byteCount: 0))
            }
            control.format = formatRGBA
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            let finished = pixels.withUnsafeMutableBytes { buffer in
                png_image_finish_read(&control, nil, buffer.baseAddress, 0, nil)
            }
            guard finished != 0 else { return .failure(.decodingFailed(message(of: &control))) }
            return .success((width, height, pixels))
        }
        return try result.get()
    }

    private static func control(width: Int, height: Int) -> png_image {
        var control = png_image()
        control.version = png_uint_32(PNG_IMAGE_VERSION)
        control.width = png_uint_32(width)
        control.height = png_uint_32(height)
        control.format = formatRGBA
        return control
    }

    /// libpng's message from a failed simplified-API call.
    private static func message(of control: inout png_image) -> String {
        let text = withUnsafeBytes(of: &control.message) { raw -> String in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
        return text.isEmpty ? "unknown libpng error" : text
    }
}
