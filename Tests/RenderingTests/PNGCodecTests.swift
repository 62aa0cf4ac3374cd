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

    /// The chunk types of a PNG, in order.
    static func chunkTypes(_ data: Data) -> [String] {
        let bytes = [UInt8](data)
        var types: [String] = []
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            types.append(String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self))
            offset += 12 + length
        }
        return types
    }

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

    @Test("no time or text chunks; IHDR first, IEND last; 8-bit RGBA")
    func chunks() throws {
        let data = try PNGEncoder.encode(Self.pattern())
        let types = Self.chunkTypes(data)
        #expect(types.first == "IHDR")
        #expect(types.last == "IEND")
        #expect(types.contains("IDAT"))
        for forbidden in ["tIME", "tEXt", "zTXt", "iTXt"] { #expect(!types.contains(forbidden), "\(forbidden) in \(types)") }
        let bytes = [UInt8](data)
        #expect(bytes[24] == 8, "bit depth")
        #expect(bytes[25] == 6, "colour type RGBA")
        #expect(bytes[28] == 0, "not interlaced")
    }

    @Test("IDAT is zlib at the default compression level 6 (FLEVEL 2)")
    func compressionLevel() throws {
        let bytes = [UInt8](try PNGEncoder.encode(Self.pattern(width: 200, height: 100)))
        // The first IDAT's data starts with the zlib header CMF, FLG.
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            if String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self) == "IDAT" { break }
            offset += 12 + length
        }
        let cmf = bytes[offset + 8], flg = bytes[offset + 9]
        #expect(cmf & 0x0F == 8, "deflate")
        #expect(flg >> 6 == 2, "FLEVEL 2 = level 6 (zlib's default)")
    }

    @Test("invalid images are rejected before libpng sees them")
    func invalidInput() throws {
        #expect(throws: RenderingError.self) { try PNGEncoder.encode(RGBAImage(width: 0, height: 10)) }
        var broken = RGBAImage(width: 4, height: 4)
        broken.pixels.removeLast()
        #expect(throws: RenderingError.invalidImage(width: 4, height: 4, byteCount: 63)) { try PNGEncoder.encode(broken) }
        #expect(throws: RenderingError.self) { try RGBAImage(width: 2, height: 2, pixels: [0, 0, 0]) }
    }

    @Test("garbage and truncated PNGs fail with libpng's message, not a crash")
    func decodeErrors() throws {
        #expect(throws: RenderingError.self) { try PNGDecoder.decode(Data("not a png at all".utf8)) }
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
        corrupted[40] ^= 0xFF  // inside IDAT: CRC mismatch
        #expect(throws: RenderingError.self) { try PNGDecoder.decode(Data(corrupted)) }
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

    @Test("transparent pixels do not darken a scaled edge (premultiplied averaging)")
    func premultiplied() throws {
        var image = RGBAImage(width: 2, height: 1, fill: (255, 255, 255, 255))
        image.pixels[4...7] = [0, 0, 0, 0]  // transparent black
        let one = image.scaled(toWidth: 1)
        #expect(one.rgba(0, 0).r == 255)
        #expect(abs(one.rgba(0, 0).a - 128) <= 1)
    }
}
