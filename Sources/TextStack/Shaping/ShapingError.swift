/// Why a paragraph could not be shaped.
package enum ShapingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// HarfBuzz cannot read a font file that the font resolver picked (missing file, no face at
    /// that index, or a format without OpenType tables such as Type 1).
    case fontUnreadable(path: String, faceIndex: Int, reason: String)
    /// A HarfBuzz or FriBidi allocation failed (`hb_buffer_allocation_successful` false,
    /// `fribidi_get_par_embedding_levels_ex` returned 0).
    case outOfMemory(operation: String)
    /// The paragraph is longer than the C libraries' `int` lengths allow.
    case paragraphTooLong(utf16Count: Int)

    /// A sentence naming the file or operation that failed.
    public var description: String {
        switch self {
        case .fontUnreadable(let path, let faceIndex, let reason):
            return "HarfBuzz cannot read \(path) (face \(faceIndex)): \(reason)"
        case .outOfMemory(let operation):
            return "out of memory in \(operation)"
        case .paragraphTooLong(let count):
            return "paragraph of \(count) UTF-16 units is too long to shape"
        }
    }
}
