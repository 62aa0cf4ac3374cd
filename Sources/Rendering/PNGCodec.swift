import DynamicTypeCore
import Foundation

// The libspng calls are in `C/SPNGCalls.swift` (why libspng, the zlib level and filter chosen,
// and why the bytes are deterministic, is explained there).

/// Encodes ``RGBAImage``s as 8-bit RGBA PNG with deterministic bytes.
///
/// ```swift
/// let data = try PNGEncoder.encode(canvas.image)
/// try PNGEncoder.write(canvas.image, to: "out/welcome/03-large.png")
/// ```
package enum PNGEncoder {
    /// The largest width or height accepted.
    public static let maximumDimension = 100_000

    /// The PNG bytes of `image` (8-bit RGB when every pixel is opaque, else RGBA; non-interlaced,
    /// sRGB chunk, no time or text chunks; zlib level 1, no row filters).
    ///
    /// An opaque image (every rendered view) leaves out its alpha channel: a quarter less data
    /// for zlib to compress and checksum, which was the larger part of a preview's time, and
    /// smaller files. Decoding gives the same RGBA pixels either way.
    ///
    /// - Throws: ``RenderingError/invalidImage(width:height:byteCount:)`` for an empty or oversized
    ///   image or a pixel buffer of the wrong size; ``RenderingError/encodingFailed(_:)`` with
    ///   libspng's message should libspng fail anyway (out of memory).
    public static func encode(_ image: RGBAImage) throws(RenderingError) -> Data {
        try validate(image)
        guard image.isOpaque else {
            return try SPNGCalls.encode(image.pixels, width: image.width, height: image.height, hasAlpha: true)
        }
        return try SPNGCalls.encode(image.rgbPixels(), width: image.width, height: image.height, hasAlpha: false)
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

    static func validate(_ image: RGBAImage) throws(RenderingError) {
        guard image.width > 0, image.height > 0, image.width <= maximumDimension, image.height <= maximumDimension,
            image.pixels.count == image.width * image.height * 4
        else {
            throw .invalidImage(width: image.width, height: image.height, byteCount: image.pixels.count)
        }
    }
}

/// Decodes PNG data (any colour type or bit depth; palette and tRNS transparency applied, gamma
/// chunks not) to 8-bit straight-alpha RGBA (package API: screen images, figures and the snapshot
/// engine's references are read with it).
///
/// The size the header declares is checked against a pixel budget before anything is allocated:
/// a 69-byte file can declare 100,000 × 100,000 pixels (40 GB of RGBA).
package enum PNGDecoder {
    /// The widest or tallest image read: the cap every image this package writes stays under.
    package static let maximumDimension = 16_384
    /// The most pixels read (160 MB of RGBA): ten times a full-height preview image at 3×.
    package static let maximumPixels = 40_000_000

    /// The width and height the IHDR chunk declares, or nil when `data` does not start with a
    /// PNG signature and an IHDR chunk.
    package static func declaredSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes.starts(with: signature), bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        func bigEndian(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (bigEndian(16), bigEndian(20))
    }

    /// The eight bytes every PNG starts with.
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The image in `data`, converted to 8-bit RGBA.
    ///
    /// - Throws: ``RenderingError/decodingFailed(_:)`` for data that is not a readable PNG (not
    ///   one at all, truncated, corrupt); ``RenderingError/imageTooLarge(width:height:maximumDimension:maximumPixels:)``
    ///   for a header over ``maximumDimension`` or ``maximumPixels``.
    package static func decode(_ data: Data) throws(RenderingError) -> RGBAImage {
        guard data.count >= 8, data.prefix(8).elementsEqual(signature) else {
            throw .decodingFailed("not a PNG file (it does not start with the PNG signature)")
        }
        if let (width, height) = declaredSize(data),
            width > maximumDimension || height > maximumDimension || width * height > maximumPixels
        {
            throw .imageTooLarge(width: width, height: height, maximumDimension: maximumDimension, maximumPixels: maximumPixels)
        }
        let decoded = try SPNGCalls.decodeRGBA([UInt8](data), maximumDimension: maximumDimension, maximumPixels: maximumPixels)
        return try RGBAImage(validatingWidth: decoded.width, height: decoded.height, pixels: decoded.pixels)
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
        // Never renamed over a device, a FIFO, a link or a folder (issue 32).
        do { try AtomicWriter.checkDestination(path) } catch { throw .cannotWrite(path: path, reason: error.reason) }
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
        do { try AtomicWriter.checkDestination(path) } catch {
            unlink(temporary)
            throw .cannotWrite(path: path, reason: error.reason)
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure("rename failed", code)
        }
    }
}
