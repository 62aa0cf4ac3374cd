import Foundation
import Synchronization

/// SHA-256 (FIPS 180-4), for the environment fingerprint: the hash of every font file a reference
/// was made with. Nothing in the package's dependency graph offers a hash on Linux (no CryptoKit,
/// no swift-crypto), so it is implemented here and tested against the FIPS 180-2 examples.
///
/// The compression loop is written with raw pointers and plain `while` loops so that the debug
/// builds the tests run stay usable (about 5 MB/s unoptimised; over 200 MB/s with `-O`).
///
/// ```swift
/// var hasher = SHA256Hasher()
/// hasher.update(Data("abc".utf8))
/// hasher.finalizeHex()   // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// ```
public struct SHA256Hasher: ~Copyable {
    private var h0: UInt32 = 0x6a09_e667, h1: UInt32 = 0xbb67_ae85, h2: UInt32 = 0x3c6e_f372, h3: UInt32 = 0xa54f_f53a
    private var h4: UInt32 = 0x510e_527f, h5: UInt32 = 0x9b05_688c, h6: UInt32 = 0x1f83_d9ab, h7: UInt32 = 0x5be0_cd19
    /// Message schedule, reused for every block.
    private let schedule = UnsafeMutablePointer<UInt32>.allocate(capacity: 64)
    /// A partial block waiting for more input.
    private let pending = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
    private var pendingCount = 0
    private var byteCount: UInt64 = 0

    /// A hasher with the initial hash value.
    public init() {}

    deinit {
        schedule.deallocate()
        pending.deallocate()
    }

    /// Adds `bytes` to the message.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), bytes.count > 0 else { return }
        byteCount &+= UInt64(bytes.count)
        var offset = 0
        if pendingCount > 0 {
            let take = min(64 - pendingCount, bytes.count)
            (pending + pendingCount).update(from: base, count: take)
            pendingCount += take
            offset = take
            guard pendingCount == 64 else { return }
            compress(UnsafePointer(pending))
            pendingCount = 0
        }
        while bytes.count - offset >= 64 {
            compress(base + offset)
            offset += 64
        }
        let rest = bytes.count - offset
        if rest > 0 { pending.update(from: base + offset, count: rest) }
        pendingCount = rest
    }

    /// Adds `data` to the message.
    public mutating func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    /// Adds the UTF-8 bytes of `text` to the message.
    public mutating func update(_ text: String) {
        update(Data(text.utf8))
    }

    /// Pads the message and returns the 32-byte digest. The hasher is consumed.
    public consuming func finalize() -> [UInt8] {
        let bitLength = byteCount &* 8
        var padding: [UInt8] = [0x80]
        padding += [UInt8](repeating: 0, count: pendingCount < 56 ? 55 - pendingCount : 119 - pendingCount)
        var shift: UInt64 = 56
        while true {
            padding.append(UInt8(truncatingIfNeeded: bitLength >> shift))
            if shift == 0 { break }
            shift -= 8
        }
        padding.withUnsafeBytes { update($0) }
        var digest: [UInt8] = []
        digest.reserveCapacity(32)
        for word in [h0, h1, h2, h3, h4, h5, h6, h7] {
            digest += [
                UInt8(truncatingIfNeeded: word >> 24), UInt8(truncatingIfNeeded: word >> 16),
                UInt8(truncatingIfNeeded: word >> 8), UInt8(truncatingIfNeeded: word),
            ]
        }
        return digest
    }

    /// The digest as 64 lower-case hexadecimal digits. The hasher is consumed.
    public consuming func finalizeHex() -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for byte in finalize() {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The hex digest of `data`.
    public static func hex(_ data: Data) -> String {
        var hasher = SHA256Hasher()
        hasher.update(data)
        return hasher.finalizeHex()
    }

    /// The hex digest of the file at `path`, read in 1 MB chunks.
    ///
    /// - Throws: `CocoaError` when the file cannot be opened or read.
    public static func hex(ofFileAt path: String) throws -> String {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var hasher = SHA256Hasher()
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            hasher.update(chunk)
        }
        return hasher.finalizeHex()
    }

    // MARK: Compression (FIPS 180-4 § 6.2.2)

    nonisolated(unsafe) private static let roundConstants: UnsafePointer<UInt32> = {
        let values: [UInt32] = [
            0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
            0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
            0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
            0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
            0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
            0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
            0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
            0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
        ]
        // Allocated once for the process and never freed: a constant table.
        let table = UnsafeMutablePointer<UInt32>.allocate(capacity: 64)
        table.initialize(from: values, count: 64)
        return UnsafePointer(table)
    }()

    private mutating func compress(_ block: UnsafePointer<UInt8>) {
        let w = schedule, k = Self.roundConstants
        var i = 0
        while i < 16 {
            let p = block + i &* 4
            w[i] = UInt32(p[0]) << 24 | UInt32(p[1]) << 16 | UInt32(p[2]) << 8 | UInt32(p[3])
            i &+= 1
        }
        while i < 64 {
            let x = w[i &- 15], y = w[i &- 2]
            let sigma0 = (x >> 7 | x << 25) ^ (x >> 18 | x << 14) ^ (x >> 3)
            let sigma1 = (y >> 17 | y << 15) ^ (y >> 19 | y << 13) ^ (y >> 10)
            w[i] = w[i &- 16] &+ sigma0 &+ w[i &- 7] &+ sigma1
            i &+= 1
        }
        var a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7
        i = 0
        while i < 64 {
            let bigSigma1 = (e >> 6 | e << 26) ^ (e >> 11 | e << 21) ^ (e >> 25 | e << 7)
            let choice = (e & f) ^ (~e & g)
            let t1 = h &+ bigSigma1 &+ choice &+ k[i] &+ w[i]
            let bigSigma0 = (a >> 2 | a << 30) ^ (a >> 13 | a << 19) ^ (a >> 22 | a << 10)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            h = g
            g = f
            f = e
            e = d &+ t1
            d = c
            c = b
            b = a
            a = t1 &+ bigSigma0 &+ majority
            i &+= 1
        }
        h0 = h0 &+ a
        h1 = h1 &+ b
        h2 = h2 &+ c
        h3 = h3 &+ d
        h4 = h4 &+ e
        h5 = h5 &+ f
        h6 = h6 &+ g
        h7 = h7 &+ h
    }
}

/// SHA-256 of font and data files, computed once per file per process (keyed by path, size and
/// modification time, so a file replaced while the process runs is hashed again).
public enum FileDigests {
    private struct Key: Hashable {
        var path: String
        var size: Int
        var modified: Double
    }

    private static let cache = Mutex<[Key: String]>([:])

    /// The hex SHA-256 of the file at `path`.
    public static func sha256(ofFileAt path: String) throws -> String {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let key = Key(
            path: path, size: (attributes[.size] as? NSNumber)?.intValue ?? -1,
            modified: (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)
        if let known = cache.withLock({ $0[key] }) { return known }
        let digest = try SHA256Hasher.hex(ofFileAt: path)
        cache.withLock { $0[key] = digest }
        return digest
    }
}
