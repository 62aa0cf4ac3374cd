internal import CSPNG
import Foundation

// Every call into libspng in the package is in this file; ``PNGEncoder`` and ``PNGDecoder`` use it.
//
// # Why libspng
// libspng reports every failure as a return code (`spng_strerror` gives the message): no error
// callback, no setjmp/longjmp across Swift frames. Each call's code is checked below. Its encoder
// also lets us choose the zlib level and the row filters, which libpng's simplified API fixes at
// level 6 with adaptive filtering — about 70 % of `dyntype preview` went to that.
//
// # The encoder settings, and why
// Chosen by measurement on the preview's own images: the 72 PNGs of `dyntype preview` (sample notes,
// 12 categories, 786×1704 px), encoding only, best of 3, one core, zlib's default memory level 8:
//
//     level  filters   time    total        level  filters   time    total
//     1      none      0.69 s  11.8 MB      1      up        1.10 s  13.0 MB
//     2      none      0.70 s  11.6 MB      1      sub       1.14 s  13.5 MB
//     3      none      0.74 s  11.3 MB      1      paeth     1.61 s  13.3 MB
//     4      none      1.30 s   9.7 MB      1      all       4.11 s  12.8 MB
//     6      all       5.28 s  12.3 MB  (libpng's simplified API before: the same total size)
//
// Level 1 with the filter "none" on every row is the fastest, and smaller than before: rendered
// screens are flat backgrounds and anti-aliased text, where unfiltered rows repeat 4-byte pixels
// that deflate matches directly, while sub/up/paeth turn them into noisier bytes. At level 1 and
// no filters, zlib's memory level (hash table and block buffer size) then gave:
//
//     memory level   3       4       5       6       7       8 (zlib's default)   9
//     time           0.72 s  0.67 s  0.64 s  0.63 s  0.64 s  0.69 s               0.82 s
//     total          11.97   11.80   11.76   11.82   11.81   11.83 MB             11.88 MB
//
// so level 1, no filters, memory level 6: 11.8 MB in all (0.96× before). Opaque images are then
// written as RGB without the alpha byte (`PNGCodec.encode`): zlib compresses and checksums a
// quarter less, the preview of the samples went from 1.66 s to 1.45 s (one job), and the 72 PNGs
// to 10.9 MB (0.89× libpng's 12.3 MB). Every option is
// set explicitly (not left to libspng's defaults), so the bytes depend only on the pixels and the
// libspng/zlib versions.
//
// # Determinism
// The encoder writes IHDR, sRGB (perceptual, as libpng's simplified writer did), IDAT… and IEND:
// no tIME, no text chunks. The same pixels give the same bytes for a given libspng/zlib version
// (a test pins a fixed image's size and chunk CRCs, so an upgrade that changes them is noticed).

enum SPNGCalls {
    /// zlib's level for the image data (1: fastest; see the file comment).
    static let compressionLevel: Int32 = 1
    /// The row filters libspng may choose from: only "none".
    static let filterChoice = Int32(SPNG_FILTER_CHOICE_NONE.rawValue)
    /// zlib's memory level: 6 (hash table of 2^13 entries) rather than zlib's default 8, 9 % faster
    /// on the preview images and no larger (see the file comment).
    static let memoryLevel: Int32 = 6
    /// zlib's window (32 KB) and strategy (`Z_DEFAULT_STRATEGY`): its defaults, pinned.
    private static let windowBits: Int32 = 15, defaultStrategy: Int32 = 0

    /// The PNG bytes of `pixels`: 8-bit straight-alpha RGBA (`width × height × 4` bytes) or, with
    /// `hasAlpha` false, 8-bit RGB (`× 3`), already validated by the caller.
    ///
    /// - Throws: ``RenderingError/encodingFailed(_:)`` naming the failed call and libspng's message.
    static func encode(_ pixels: [UInt8], width: Int, height: Int, hasAlpha: Bool) throws(RenderingError) -> Data {
        guard let context = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)) else {
            throw .encodingFailed("spng_ctx_new: out of memory")
        }
        defer { spng_ctx_free(context) }
        func check(_ code: Int32, _ call: String) throws(RenderingError) {
            guard code == 0 else { throw .encodingFailed("\(call): \(message(code))") }
        }
        try check(spng_set_option(context, SPNG_ENCODE_TO_BUFFER, 1), "spng_set_option(ENCODE_TO_BUFFER)")
        try check(spng_set_option(context, SPNG_IMG_COMPRESSION_LEVEL, compressionLevel), "spng_set_option(IMG_COMPRESSION_LEVEL)")
        try check(spng_set_option(context, SPNG_IMG_WINDOW_BITS, windowBits), "spng_set_option(IMG_WINDOW_BITS)")
        try check(spng_set_option(context, SPNG_IMG_MEM_LEVEL, memoryLevel), "spng_set_option(IMG_MEM_LEVEL)")
        try check(spng_set_option(context, SPNG_IMG_COMPRESSION_STRATEGY, defaultStrategy), "spng_set_option(IMG_COMPRESSION_STRATEGY)")
        try check(spng_set_option(context, SPNG_FILTER_CHOICE, filterChoice), "spng_set_option(FILTER_CHOICE)")
        var header = spng_ihdr(
            width: UInt32(width), height: UInt32(height), bit_depth: 8,
            color_type: UInt8((hasAlpha ? SPNG_COLOR_TYPE_TRUECOLOR_ALPHA : SPNG_COLOR_TYPE_TRUECOLOR).rawValue),
            compression_method: 0, filter_method: 0, interlace_method: UInt8(SPNG_INTERLACE_NONE.rawValue))
        try check(spng_set_ihdr(context, &header), "spng_set_ihdr")
        try check(spng_set_srgb(context, 0), "spng_set_srgb")  // rendering intent 0: perceptual
        let encoded = pixels.withUnsafeBytes { raw in
            spng_encode_image(
                context, raw.baseAddress, raw.count, Int32(SPNG_FMT_PNG.rawValue), Int32(SPNG_ENCODE_FINALIZE.rawValue))
        }
        try check(encoded, "spng_encode_image")
        var length = 0
        var error: Int32 = 0
        let buffer = spng_get_png_buffer(context, &length, &error)
        guard let buffer, error == 0 else {
            free(buffer)
            throw .encodingFailed("spng_get_png_buffer: \(buffer == nil && error == 0 ? "no buffer" : message(error))")
        }
        // The buffer is ours now (malloc'd by libspng): Data frees it, no copy.
        return Data(bytesNoCopy: buffer, count: length, deallocator: .free)
    }

    /// The image in `bytes` as 8-bit straight-alpha RGBA: any colour type and bit depth, palette
    /// and tRNS transparency applied, 16-bit samples scaled to 8. Gamma and colour-space chunks are
    /// not applied (the references read with it are this encoder's sRGB PNGs).
    ///
    /// - Throws: ``RenderingError/decodingFailed(_:)`` with libspng's message for data that is not a
    ///   readable PNG; ``RenderingError/invalidImage(width:height:byteCount:)`` for a side of 0 or
    ///   above `maximumDimension`.
    static func decodeRGBA(_ bytes: [UInt8], maximumDimension: Int, maximumPixels: Int) throws(RenderingError)
        -> (width: Int, height: Int, pixels: [UInt8])
    {
        guard let context = spng_ctx_new(0) else { throw .decodingFailed("spng_ctx_new: out of memory") }
        defer { spng_ctx_free(context) }
        func check(_ code: Int32, _ call: String) throws(RenderingError) {
            guard code == 0 else { throw .decodingFailed("\(call): \(message(code))") }
        }
        // libspng's own limits: the header's size (it refuses a larger one while reading IHDR) and
        // ancillary chunks (1 MB each, 8 MB in all: text and ICC profiles are never needed here),
        // so no declared size makes it allocate before the budget below is checked.
        try check(
            spng_set_image_limits(context, UInt32(maximumDimension), UInt32(maximumDimension)), "spng_set_image_limits")
        try check(spng_set_chunk_limits(context, 1 << 20, 8 << 20), "spng_set_chunk_limits")
        // libspng keeps the input pointer until the context is freed: every call that reads it runs
        // inside this one withUnsafeBytes, so the pointer never outlives its scope.
        let result = bytes.withUnsafeBytes { raw -> Result<(width: Int, height: Int, pixels: [UInt8]), RenderingError> in
            do throws(RenderingError) {
                try check(spng_set_png_buffer(context, raw.baseAddress, raw.count), "spng_set_png_buffer")
                var header = spng_ihdr()
                try check(spng_get_ihdr(context, &header), "spng_get_ihdr")
                let width = Int(header.width), height = Int(header.height)
                guard width > 0, height > 0, width <= maximumDimension, height <= maximumDimension,
                    width * height <= maximumPixels
                else {
                    throw .imageTooLarge(width: width, height: height, maximumDimension: maximumDimension, maximumPixels: maximumPixels)
                }
                let format = Int32(SPNG_FMT_RGBA8.rawValue)
                var size = 0
                try check(spng_decoded_image_size(context, format, &size), "spng_decoded_image_size")
                guard size == width * height * 4 else {
                    throw .decodingFailed("spng_decoded_image_size: \(size) bytes for \(width)×\(height) RGBA")
                }
                var pixels = [UInt8](repeating: 0, count: size)
                let decoded = pixels.withUnsafeMutableBytes { buffer in
                    spng_decode_image(context, buffer.baseAddress, buffer.count, format, Int32(SPNG_DECODE_TRNS.rawValue))
                }
                try check(decoded, "spng_decode_image")
                return .success((width, height, pixels))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// libspng's message for an error code.
    private static func message(_ code: Int32) -> String {
        guard let text = spng_strerror(code) else { return "libspng error \(code)" }
        return "\(String(cString: text)) (libspng error \(code))"
    }
}
