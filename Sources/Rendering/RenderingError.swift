/// Failures of image encoding, decoding and writing.
package enum RenderingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Dimensions not positive, too large, or a pixel buffer of the wrong size.
    case invalidImage(width: Int, height: Int, byteCount: Int)
    /// libspng refused to encode (the call and its message).
    case encodingFailed(String)
    /// The data is not a PNG libspng can read (the call and its message).
    case decodingFailed(String)
    /// The file could not be written (the path and the system's reason).
    case cannotWrite(path: String, reason: String)
    /// A PNG's header declares more pixels than ``PNGDecoder`` decodes (checked before any pixel
    /// memory is allocated).
    case imageTooLarge(width: Int, height: Int, maximumDimension: Int, maximumPixels: Int)

    public var description: String {
        switch self {
        case let .invalidImage(width, height, byteCount):
            return "invalid image \(width)×\(height) with \(byteCount) bytes: dimensions must be 1…"
                + "\(PNGEncoder.maximumDimension) and the buffer width × height × 4 bytes"
        case let .encodingFailed(message):
            return "PNG encoding failed: \(message)"
        case let .decodingFailed(message):
            return "PNG decoding failed: \(message)"
        case let .cannotWrite(path, reason):
            return "cannot write PNG to '\(path)': \(reason)"
        case let .imageTooLarge(width, height, maximumDimension, maximumPixels):
            return "the PNG declares \(width)×\(height) px; images are read up to \(maximumDimension) px a side and "
                + "\(maximumPixels / 1_000_000) million pixels; scale it down"
        }
    }
}
