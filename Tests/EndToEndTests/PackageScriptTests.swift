import Foundation
import Testing

/// scripts/package.sh's parts that need no release build: the .deb's Depends (scripts/deb-depends.sh)
/// checked against what Debian's own dpkg-shlibdeps wrote for a binary of the system, and the output
/// folders package.sh refuses before building anything. The packages themselves are built and run
/// without Swift by .ci/run's `package` phase (scripts/check-package.sh), never inside `swift test`.
@Suite("Package scripts")
struct PackageScriptTests {
    static let scripts = CIExampleTests.root.appendingPathComponent("scripts")

    /// The package names in a Depends field (`a (>= 1), b | c` → a, b, c).
    static func names(_ depends: String) -> Set<String> {
        Set(
            depends.split(whereSeparator: { $0 == "," || $0 == "|" }).compactMap {
                $0.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init)
            })
    }

    /// hb-shape (libharfbuzz-bin, installed by setup.sh for the tests): every library package derived
    /// here is one Debian's own Depends of libharfbuzz-bin names (dpkg-shlibdeps computed it from the
    /// same binaries), HarfBuzz's among them; then setup.sh's fonts and dictionary.
    @Test("deb-depends: hb-shape's library packages are among Debian's Depends for libharfbuzz-bin, then setup.sh's fonts")
    func dependsMatchDebian() throws {
        let run = try DyntypeRunner.shell("bash \"\(Self.scripts.path)/deb-depends.sh\" /usr/bin/hb-shape")
        #expect(run.status == 0, "\(run.stderr)")
        let debian = try DyntypeRunner.shell("dpkg-query -W -f='${Depends}' libharfbuzz-bin")
        try #require(debian.status == 0 && !debian.stdout.isEmpty, "libharfbuzz-bin is not installed: bash scripts/setup.sh")
        let ours = run.stdout.trimmingCharacters(in: .whitespacesAndNewlines).components(separatedBy: ", ")
        let fonts = ours.drop { !$0.hasPrefix("fontconfig") && !$0.hasPrefix("fonts-") && !$0.hasPrefix("hyphen-") }
        let libraries = Set(ours.prefix(ours.count - fonts.count))
        #expect(libraries.contains("libharfbuzz0b") && libraries.contains("libc6"), "\(ours)")
        #expect(libraries.isSubset(of: Self.names(debian.stdout)), "not in Debian's Depends (\(debian.stdout)): \(libraries.subtracting(Self.names(debian.stdout)))")
        let setup = try String(contentsOf: Self.scripts.appendingPathComponent("setup.sh"), encoding: .utf8)
        for package in fonts {
            #expect(setup.contains(" \(package)"), "\(package) is not one setup.sh installs")
        }
        #expect(fonts.contains("fonts-inter") && fonts.contains("hyphen-en-us") && fonts.contains("fontconfig"), "\(fonts)")
        #expect(!fonts.contains("unicode-data") && !fonts.contains("chromium"), "a test-only package: \(fonts)")
    }

    @Test("deb-depends: a library no Debian package owns (the debug dyntype's Swift runtime) is exit 69, named")
    func swiftRuntimeRefused() throws {
        let run = try DyntypeRunner.shell("bash \"\(Self.scripts.path)/deb-depends.sh\" \"$DYNTYPE\"")
        #expect(run.status == 69)
        #expect(run.stderr.contains("belongs to no Debian package") && run.stderr.contains("libswift") && run.stderr.contains("--static-swift-stdlib"), "\(run.stderr)")
        let missing = try DyntypeRunner.shell("bash \"\(Self.scripts.path)/deb-depends.sh\" /nonexistent")
        #expect(missing.status == 66 && missing.stderr.contains("'/nonexistent' is not a file"), "\(missing.stderr)")
    }

    @Test("package.sh refuses an output folder that is a link or holds its inputs, before building", arguments: ["link", "Sources", "root"])
    func outputFolderRefused(_ variant: String) throws {
        let folder = try ActionMetadataTests.temporaryFolder("package-out")
        defer { try? FileManager.default.removeItem(at: folder) }
        var out = CIExampleTests.root.appendingPathComponent(variant == "root" ? "." : variant).path
        if variant == "link" {
            out = folder.appendingPathComponent("dist").path
            try FileManager.default.createSymbolicLink(atPath: out, withDestinationPath: CIExampleTests.root.appendingPathComponent("Sources").path)
        }
        let run = try DyntypeRunner.shell("bash \"\(Self.scripts.path)/package.sh\" --out \"\(out)\"")
        #expect(run.status == 73, "\(run.stderr)")
        #expect(run.stderr.contains(variant == "link" ? "is a symbolic link" : "holds the package's inputs"), "\(run.stderr)")
        #expect(!run.stderr.contains("swift build"), "it built before refusing")
    }
}
