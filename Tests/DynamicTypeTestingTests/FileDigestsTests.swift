import DynamicTypeSnapshots
import Foundation
import Testing

/// SHA-256 (the system's libcrypto behind `SHA256Digest`) against the FIPS 180-2 examples (Appendix B) and
/// the NIST long-message vector, files streamed in chunks.
@Suite("SHA-256")
struct FileDigestsTests {
    @Test("FIPS 180-2 vectors", arguments: [
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
        (
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
            "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
        ),
    ])
    func vectors(message: String, digest: String) {
        #expect(SHA256Digest.hex(Data(message.utf8)) == digest)
    }

    @Test("one million 'a' (FIPS 180-2 B.3), from a file read in chunks")
    func millionA() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sha-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(repeating: UInt8(ascii: "a"), count: 1_000_000).write(to: url)
        #expect(try SHA256Digest.hex(ofFileAt: url.path) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("padding boundaries: the same digest as sha256sum", arguments: [
        (55, "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072"),
        (56, "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e"),
        (63, "75220b47218278e656f2013bb8f0c455a25eaf01e86c64924e9d48d89776d6f2"),
        (64, "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c"),
        (65, "9537c5fdf120482f7d58d25e9ed583f52c02b4e304ea814db1633ad565aed7e9"),
        (119, "000b48d4edf0fa7bee3c6236ecd2785baa5db4eeb8bb54341b029e0d9fa5fb0c"),
        (120, "13f05a0b594787f5ecd315edc96141bd3243203d1b7d4f0836f37308b276ba98"),
        (128, "24da1b81d0b16df6428eee73c69fcb2a93c76bc6df706f0c6670fe6bfe800464"),
    ])
    func paddingBoundaries(length: Int, digest: String) {
        // Digests from `printf '%*s' N | tr ' ' x | sha256sum`.
        let data = Data(repeating: UInt8(ascii: "x"), count: length)
        #expect(SHA256Digest.hex(data) == digest)
    }

    @Test("a file of 3 MB (three chunks) hashes like its bytes")
    func fileDigest() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sha-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        let data = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try data.write(to: url)
        #expect(try SHA256Digest.hex(ofFileAt: url.path) == SHA256Digest.hex(data))
        #expect(try FileDigests.sha256(ofFileAt: url.path) == SHA256Digest.hex(data))
    }
}
