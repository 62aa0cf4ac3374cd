import Foundation
import Testing

@testable import Rendering

@Suite("PNG encoding and decoding")
struct PNGCodecTests {
    /// A deterministic test pattern with opaque, translucent and transparent pixels.
    static func pattern(width: Int = 37, height: Int = 23) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        var seed: UInt32 = 12345
        for i in 0..<(width * height) {
            seed = seed &* 1_103_515_245 &+ 12345
            image.pixels[i * 4] = UInt8(truncatingIfNeeded: seed >> 16)
            image.pixels[i * 4 + 1] = UInt8(truncatingIfNeeded: i * 7)
            image.pixels[i * 4 + 2] = UInt8(truncatingIfNeeded: i / 3)
            image.pixels[i * 4 + 3] = [255, 128, 0, 1, 254][i % 5]
        }
        return image
    }

    /// The chunks of a PNG, in order: type, offset of the length field, data length and stored CRC.
    static func chunks(_ data: Data) -> [(type: String, offset: Int, length: Int, crc: UInt32)] {
        let bytes = [UInt8](data)
        func uint32(at i: Int) -> UInt32 { bytes[i..<(i + 4)].reduce(0) { $0 << 8 | UInt32($1) } }
        var chunks: [(type: String, offset: Int, length: Int, crc: UInt32)] = []
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = Int(uint32(at: offset))
            guard offset + 12 + length <= bytes.count else { break }
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            chunks.append((type, offset, length, uint32(at: offset + 8 + length)))
            offset += 12 + length
        }
        return chunks
    }

    /// The chunk types of a PNG, in order.
    static func chunkTypes(_ data: Data) -> [String] { chunks(data).map(\.type) }

    @Test("encode then decode gives the same pixels, translucent ones included")
    func roundTrip() throws {
        let image = Self.pattern()
        let decoded = try PNGDecoder.decode(try PNGEncoder.encode(image))
        #expect(decoded.width == image.width)
        #expect(decoded.height == image.height)
        #expect(decoded == image)
    }

    @Test("two encodes of one image are byte-identical")
    func deterministic() throws {
        let image = Self.pattern(width: 120, height: 80)
        let first = try PNGEncoder.encode(image)
        let second = try PNGEncoder.encode(image)
        #expect(first == second)
        #expect(first.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    }

    @Test("no time or text chunks; IHDR first, IEND last; 8-bit RGBA for a translucent image")
    func chunks() throws {
        let data = try PNGEncoder.encode(Self.pattern())
        let types = Self.chunkTypes(data)
        #expect(types.first == "IHDR")
        #expect(types.last == "IEND")
        #expect(types.contains("IDAT"))
        #expect(types[1] == "sRGB", "sRGB right after IHDR, as libpng's simplified writer had it")
        #expect(Set(types) == ["IHDR", "sRGB", "IDAT", "IEND"], "\(types)")
        for forbidden in ["tIME", "tEXt", "zTXt", "iTXt"] { #expect(!types.contains(forbidden), "\(forbidden) in \(types)") }
        let bytes = [UInt8](data)
        #expect(bytes[24] == 8, "bit depth")
        #expect(bytes[25] == 6, "colour type RGBA")
        #expect(bytes[28] == 0, "not interlaced")
    }

    @Test("an opaque image is written as RGB (colour type 2) and decodes to the same RGBA pixels")
    func opaqueAsRGB() throws {
        var image = Self.pattern(width: 64, height: 40)
        for index in stride(from: 3, to: image.pixels.count, by: 4) { image.pixels[index] = 255 }
        let data = try PNGEncoder.encode(image)
        #expect([UInt8](data)[25] == 2, "colour type RGB")
        #expect(try PNGDecoder.decode(data) == image)
        // The same image with one translucent pixel keeps its alpha channel.
        image.pixels[image.pixels.count - 1] = 200
        let translucent = try PNGEncoder.encode(image)
        #expect([UInt8](translucent)[25] == 6, "colour type RGBA")
        #expect(try PNGDecoder.decode(translucent) == image)
        #expect(data.count < translucent.count)
    }

    @Test("IDAT is zlib at level 1 (FLEVEL 0, fastest), the level chosen on the preview images")
    func compressionLevel() throws {
        // Level 1 with no row filters was the fastest setting on the 72 preview PNGs and still
        // smaller than the old level 6 + adaptive filters (see SPNGCalls.swift).
        #expect(SPNGCalls.compressionLevel == 1)
        #expect(SPNGCalls.memoryLevel == 6)
        let data = try PNGEncoder.encode(Self.pattern(width: 200, height: 100))
        let bytes = [UInt8](data)
        // The first IDAT's data starts with the zlib header CMF, FLG.
        let offset = try #require(Self.chunks(data).first { $0.type == "IDAT" }?.offset)
        let cmf = bytes[offset + 8], flg = bytes[offset + 9]
        #expect(cmf & 0x0F == 8, "deflate")
        #expect(cmf >> 4 == 7, "32 KB window")
        #expect(flg >> 6 == 0, "FLEVEL 0 = level 1 (zlib's fastest)")
    }

    @Test("a fixed image encodes to fixed bytes (a libspng or zlib upgrade that changes them is noticed)")
    func pinnedBytes() throws {
        // A screen-like image: white, a grey bar, anti-aliased-looking text rows and a translucent
        // corner, so both long runs and literals are in the stream.
        var image = RGBAImage(width: 160, height: 90)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let i = (y * image.width + x) * 4
                if y < 12 {
                    image.pixels[i..<(i + 4)] = [242, 242, 247, 255]
                } else if (y / 6) % 3 == 1 && (x * 7 + y * 3) % 11 < 6 {
                    let v = UInt8(truncatingIfNeeded: (x * 37 + y * 11) % 200)
                    image.pixels[i..<(i + 4)] = [v, v, v, 255]
                } else if x > 140 && y > 70 {
                    image.pixels[i..<(i + 4)] = [0, 122, 255, UInt8(x + y - 210)]
                }
            }
        }
        let data = try PNGEncoder.encode(image)
        // If this fails after a libspng or zlib upgrade, the new bytes are still a valid PNG (the
        // round trip below says so): update the figures, and re-check preview sizes and speed.
        #expect(data.count == 3799, "size")
        // IHDR, sRGB, IDAT, IEND: the CRCs stored in the file, so `data` itself is pinned.
        #expect(Self.chunks(data).map(\.crc) == [0x3FC6_5D52, 0xAECE_1CE9, 0x3F80_694C, 0xAE42_6082], "chunk CRCs")
        #expect(try PNGDecoder.decode(data) == image)
    }

    @Test("invalid images are rejected before libspng sees them")
    func invalidInput() throws {
        #expect(throws: RenderingError.self) { try PNGEncoder.encode(RGBAImage(width: 0, height: 10)) }
        var broken = RGBAImage(width: 4, height: 4)
        broken.pixels.removeLast()
        #expect(throws: RenderingError.invalidImage(width: 4, height: 4, byteCount: 63)) { try PNGEncoder.encode(broken) }
        #expect(throws: RenderingError.self) { try RGBAImage(width: 2, height: 2, pixels: [0, 0, 0]) }
    }

    @Test("garbage and truncated PNGs fail with libspng's message and the call, not a crash")
    func decodeErrors() throws {
        #expect(throws: RenderingError.self) { try PNGDecoder.decode(Data("not a png at all".utf8)) }
        do {
            _ = try PNGDecoder.decode(Data("not a png at all".utf8))
        } catch {
            guard case .decodingFailed(let message) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            // Checked before libspng is asked: the signature says it is no PNG at all.
            #expect(message == "not a PNG file (it does not start with the PNG signature)", "\(message)")
        }
        do {
            _ = try PNGDecoder.decode(Data(PNGDecoder.signature) + Data("then garbage, no IHDR".utf8))
            Issue.record("decoded")
        } catch {
            guard case .decodingFailed(let message) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(message.hasPrefix("spng_get_ihdr: "), "\(message)")
            #expect(message.contains("libspng error"), "\(message)")
        }
        let data = try PNGEncoder.encode(Self.pattern())
        do {
            _ = try PNGDecoder.decode(data.prefix(data.count / 2))
            Issue.record("a truncated PNG decoded")
        } catch let error {
            guard case .decodingFailed(let message) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(!message.isEmpty)
        }
        var corrupted = [UInt8](data)
        let idat = try #require(Self.chunks(data).first { $0.type == "IDAT" }?.offset)
        corrupted[idat + 20] ^= 0xFF  // inside IDAT's data: a critical chunk's CRC mismatch
        #expect(throws: RenderingError.self) { try PNGDecoder.decode(Data(corrupted)) }
    }

    @Test("other colour types and depths decode to 8-bit RGBA: grey, palette with tRNS, 16-bit, grey + alpha")
    func decodeColourTypes() throws {
        func decode(_ base64: String) throws -> RGBAImage { try PNGDecoder.decode(try #require(Data(base64Encoded: base64))) }
        // Made with Python's zlib: 2×2 grey 8-bit (0, 255 / 128, 64).
        let grey = try decode("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAAAAABX3VL4AAAADklEQVR42mNg+M/Q4AAABUIBwG1eeKAAAAAASUVORK5CYII=")
        #expect(grey.width == 2 && grey.height == 2)
        #expect(grey.pixels == [0, 0, 0, 255, 255, 255, 255, 255, 128, 128, 128, 255, 64, 64, 64, 255])
        // 2×1 indexed: red with tRNS alpha 128, blue without a tRNS entry (opaque).
        let palette = try decode(
            "iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAMAAADD/I+4AAAABlBMVEX/AAAAAP9sof2OAAAAAXRSTlOArV5bRgAAAAtJREFUeNpjYGAEAAAEAAIs3kitAAAAAElFTkSuQmCC")
        #expect(palette.pixels == [255, 0, 0, 128, 0, 0, 255, 255])
        // 1×1 16-bit RGB (0x8080, 0xFFFF, 0x0000).
        let deep = try decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABEAIAAADA54+dAAAAD0lEQVR42mNoaPj/n4EBAAyAAv8bmnvTAAAAAElFTkSuQmCC")
        #expect(deep.pixels == [128, 255, 0, 255])
        // 1×1 grey + alpha (200, 64).
        let greyAlpha = try decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mM44QAAAdMBCaFer5cAAAAASUVORK5CYII=")
        #expect(greyAlpha.pixels == [200, 200, 200, 64])
    }

    @Test("write is atomic and leaves only the PNG; an unwritable path names the path")
    func writeFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("00-xSmall.png").path
        let image = Self.pattern()
        try PNGEncoder.write(image, to: path)
        try PNGEncoder.write(image, to: path)  // replacing works too
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == PNGEncoder.encode(image))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["00-xSmall.png"])

        let missing = directory.appendingPathComponent("no/such/dir/a.png").path
        do {
            try PNGEncoder.write(image, to: missing)
            Issue.record("wrote into a missing directory")
        } catch {
            guard case .cannotWrite(let reportedPath, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(reportedPath == missing)
            #expect(error.description.contains(missing))
            #expect(reason.contains("No such file"))
        }
    }
}

@Suite("RGBA images")
struct RGBAImageTests {
    @Test("scaled(toWidth:) keeps the aspect ratio and box-averages")
    func scaled() throws {
        // Two-pixel-wide stripes: black, white, black, white… average to mid grey at half size.
        var image = RGBAImage(width: 8, height: 4)
        for y in 0..<4 {
            for x in stride(from: 0, to: 8, by: 2) {
                let i = (y * 8 + x) * 4
                image.pixels[i] = 0
                image.pixels[i + 1] = 0
                image.pixels[i + 2] = 0
            }
        }
        let half = image.scaled(toWidth: 4)
        #expect(half.width == 4 && half.height == 2)
        for x in 0..<4 { #expect(abs(half.rgba(x, 0).r - 128) <= 1) }
        let thumb = PNGCodecTests.pattern(width: 300, height: 200).scaled(toWidth: 45)
        #expect(thumb.width == 45 && thumb.height == 30)
    }

    @Test("an opaque image is resampled without a premultiplied copy, to the same pixels")
    func opaqueFastPath() throws {
        var image = PNGCodecTests.pattern(width: 300, height: 200)
        for i in stride(from: 3, to: image.pixels.count, by: 4) { image.pixels[i] = 255 }
        #expect(image.isOpaque)
        #expect(!PNGCodecTests.pattern().isOpaque)
        var premultiplied = image.pixels
        Resampler.premultiply(&premultiplied)
        var expected = Resampler.resample(premultiplied, width: 300, height: 200, channels: 4, toWidth: 45, toHeight: 30)
        Resampler.unpremultiply(&expected)
        #expect(image.scaled(toWidth: 45).pixels == expected)
    }

    @Test("transparent pixels do not darken a scaled edge (premultiplied averaging)")
    func premultiplied() throws {
        var image = RGBAImage(width: 2, height: 1, fill: (255, 255, 255, 255))
        image.pixels[4...7] = [0, 0, 0, 0]  // transparent black
        let one = image.scaled(toWidth: 1)
        #expect(one.rgba(0, 0).r == 255)
        #expect(abs(one.rgba(0, 0).a - 128) <= 1)
    }
}

/// Images from files are bounded before any pixel memory exists.
@Suite("PNG decoding: the pixel budget")
struct PNGDecodingBudgetTests {
    /// A PNG of a signature, an IHDR declaring `width × height` RGBA, and IEND.
    static func headerOnly(width: UInt32, height: UInt32) -> Data {
        func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in typed {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            return bigEndian(UInt32(body.count)) + typed + bigEndian(~crc)
        }
        return Data(PNGDecoder.signature + chunk("IHDR", bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0]) + chunk("IEND", []))
    }

    @Test("a header declaring 100,000 × 100,000 px, or 10,000 × 10,000 (over 40 Mpx), is refused from the header")
    func headerBombs() {
        for (width, height) in [(100_000, 100_000), (20_000, 10), (10_000, 10_000)] {
            let data = Self.headerOnly(width: UInt32(width), height: UInt32(height))
            #expect(PNGDecoder.declaredSize(data)! == (width, height))
            #expect(throws: RenderingError.imageTooLarge(width: width, height: height, maximumDimension: 16_384, maximumPixels: 40_000_000)) {
                try PNGDecoder.decode(data)
            }
        }
    }

    @Test("not a PNG, or a truncated one, is a decoding error naming what is wrong")
    func notPNG() throws {
        do {
            _ = try PNGDecoder.decode(Data("hello, world".utf8))
            Issue.record("text decoded as a PNG")
        } catch { #expect(error.description.contains("not a PNG file"), "\(error)") }
        let image = RGBAImage(width: 4, height: 4, fill: (255, 0, 0, 255))
        let png = try PNGEncoder.encode(image)
        #expect(try PNGDecoder.decode(png).pixels == image.pixels)
        #expect(throws: RenderingError.self) { try PNGDecoder.decode(png.prefix(png.count - 20)) }
    }
}

/// Inputs the fuzzer found (Fuzz/Corpus keeps them as seeds), each with the outcome it must have.
@Suite("PNG decoding: fuzzer findings")
struct PNGFuzzFindingTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fuzz/Corpus/png")

    @Test("29 bytes claiming 65287 × 65283 px (a 17 GB buffer before the fix) is refused from the header")
    func headerOnlyOOM() throws {
        let data = try Data(contentsOf: Self.corpus.appendingPathComponent("oom-ihdr-65287x65283-rgb.png"))
        #expect(data.count == 29)
        #expect(throws: RenderingError.imageTooLarge(width: 65287, height: 65283, maximumDimension: 16_384, maximumPixels: 40_000_000)) {
            try PNGDecoder.decode(data)
        }
    }
}
