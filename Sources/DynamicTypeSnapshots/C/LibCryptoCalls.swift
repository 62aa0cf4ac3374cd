internal import CLibCrypto
import Foundation

/// Every call into OpenSSL's libcrypto (SHA-256 through the EVP digest interface, the one OpenSSL 3
/// keeps undeprecated). ``SHA256Hasher`` owns the digest context; each call's result is checked.
final class SHA256Hasher {
    /// What went wrong in libcrypto: which call failed.
    struct Failure: Error, CustomStringConvertible {
        var call: String
        var description: String { "libcrypto: \(call) failed" }
    }

    // The context, freed in deinit: the only handle to it.
    private let context: OpaquePointer

    /// A hasher ready for bytes.
    ///
    /// - Throws: ``Failure`` when libcrypto cannot make or start a SHA-256 context.
    init() throws(Failure) {
        guard let context = EVP_MD_CTX_new() else { throw Failure(call: "EVP_MD_CTX_new") }
        self.context = context
        guard EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else { throw Failure(call: "EVP_DigestInit_ex(SHA-256)") }
    }

    deinit { EVP_MD_CTX_free(context) }

    /// Adds `data`.
    func update(_ data: Data) throws(Failure) {
        guard !data.isEmpty else { return }
        let status = data.withUnsafeBytes { EVP_DigestUpdate(context, $0.baseAddress, $0.count) }
        guard status == 1 else { throw Failure(call: "EVP_DigestUpdate") }
    }

    /// The 32-byte digest of everything added; the hasher is spent afterwards.
    func finish() throws(Failure) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let status = digest.withUnsafeMutableBufferPointer { EVP_DigestFinal_ex(context, $0.baseAddress, &length) }
        guard status == 1, length == 32 else { throw Failure(call: "EVP_DigestFinal_ex") }
        return digest
    }
}
