import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why ICU rejects a pattern, in words.
///
/// On Linux `NSRegularExpression` reports every bad pattern as the same NSCocoaErrorDomain 2048
/// "The value is invalid." with no detail. The ICU inside Foundation (`lib_FoundationICU`, whose
/// C functions carry a `swift_` prefix) knows the real reason and offset, so this asks it directly
/// through `dlsym` — at run time, because Swift cannot import Foundation's ICU headers next to the
/// system ones (see the CICULineBreak shim). If the symbols are not found, the message falls back
/// to NSRegularExpression's.
enum RegexDiagnosis {
    private typealias OpenFunction = @convention(c) (
        UnsafePointer<UInt16>?, Int32, UInt32, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int32>?
    ) -> OpaquePointer?
    private typealias CloseFunction = @convention(c) (OpaquePointer?) -> Void
    private typealias ErrorNameFunction = @convention(c) (Int32) -> UnsafePointer<CChar>?

    /// ICU's `UREGEX_CASE_INSENSITIVE`.
    private static let caseInsensitiveFlag: UInt32 = 2

    /// "unbalanced parentheses (ICU U_REGEX_MISMATCHED_PAREN at offset 13)".
    static func reason(for pattern: String, caseInsensitive: Bool, fallback: any Error) -> String {
        if let (name, offset) = icuError(for: pattern, flags: caseInsensitive ? caseInsensitiveFlag : 0) {
            let words = explanations[name] ?? "ICU rejects the pattern"
            let place = offset >= 0 ? " at offset \(offset)" : ""
            return "\(words) (ICU \(name)\(place))"
        }
        return "NSRegularExpression: \((fallback as NSError).localizedDescription)"
    }

    /// The ICU error name and offset for `pattern`, or `nil` if ICU accepts it or cannot be reached.
    private static func icuError(for pattern: String, flags: UInt32) -> (String, Int)? {
        guard let handle = dlopen(nil, RTLD_NOW) else { return nil }
        defer { dlclose(handle) }
        func symbol(_ names: [String]) -> UnsafeMutableRawPointer? {
            for name in names { if let found = dlsym(handle, name) { return found } }
            return nil
        }
        guard let openSymbol = symbol(["swift_uregex_open", "uregex_open"]),
              let closeSymbol = symbol(["swift_uregex_close", "uregex_close"]),
              let nameSymbol = symbol(["swift_u_errorName", "u_errorName"])
        else { return nil }
        let open = unsafeBitCast(openSymbol, to: OpenFunction.self)
        let close = unsafeBitCast(closeSymbol, to: CloseFunction.self)
        let errorName = unsafeBitCast(nameSymbol, to: ErrorNameFunction.self)

        let units = Array(pattern.utf16)
        var status: Int32 = 0
        // UParseError: int32 line, int32 offset, UChar preContext[16], UChar postContext[16].
        let parseError = UnsafeMutableRawPointer.allocate(byteCount: 72, alignment: 4)
        parseError.initializeMemory(as: UInt8.self, repeating: 0, count: 72)
        defer { parseError.deallocate() }
        let regex = units.withUnsafeBufferPointer { buffer in
            open(buffer.baseAddress, Int32(buffer.count), flags, parseError, &status)
        }
        if let regex { close(regex) }
        guard status > 0, let cName = errorName(status) else { return nil }
        let offset = Int(parseError.load(fromByteOffset: 4, as: Int32.self))
        return (String(cString: cName), offset)
    }

    /// ICU's regex error codes (utypes.h) in words.
    private static let explanations: [String: String] = [
        "U_REGEX_INTERNAL_ERROR": "ICU internal error",
        "U_REGEX_RULE_SYNTAX": "syntax error (a quantifier with nothing to repeat, or a stray character)",
        "U_REGEX_INVALID_STATE": "ICU internal state error",
        "U_REGEX_BAD_ESCAPE_SEQUENCE": "unrecognised backslash escape",
        "U_REGEX_PROPERTY_SYNTAX": "bad Unicode property \\p{…}",
        "U_REGEX_UNIMPLEMENTED": "a feature ICU does not implement",
        "U_REGEX_MISMATCHED_PAREN": "unbalanced parentheses",
        "U_REGEX_NUMBER_TOO_BIG": "a number in the pattern is too big",
        "U_REGEX_BAD_INTERVAL": "bad {min,max} interval",
        "U_REGEX_MAX_LT_MIN": "in {min,max}, max is less than min",
        "U_REGEX_INVALID_BACK_REF": "back-reference to a capture group that does not exist",
        "U_REGEX_INVALID_FLAG": "invalid (?flags)",
        "U_REGEX_LOOK_BEHIND_LIMIT": "look-behind must have a bounded maximum length",
        "U_REGEX_SET_CONTAINS_STRING": "a [set] cannot contain multi-character strings",
        "U_REGEX_MISSING_CLOSE_BRACKET": "missing closing ] of a [set]",
        "U_REGEX_INVALID_RANGE": "in a [x-y] range, x comes after y",
        "U_REGEX_STACK_OVERFLOW": "pattern nesting too deep",
        "U_REGEX_PATTERN_TOO_BIG": "pattern too big",
        "U_REGEX_INVALID_CAPTURE_GROUP_NAME": "invalid or duplicate capture group name",
    ]
}
