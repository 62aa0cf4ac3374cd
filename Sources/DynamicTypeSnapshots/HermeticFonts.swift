import DynamicTypeCore
import FontSystem
import Foundation
import Synchronization

/// One Debian package's part of a hermetic font set: the files it installs that the set uses.
package struct FontPackage: Hashable, Sendable, Codable {
    /// The Debian package (`fonts-inter`), named in "install …" messages.
    public var name: String
    /// Where the package installs the files.
    public var directory: String
    /// File names in ``directory``; every one must exist.
    public var files: [String]

    public init(name: String, directory: String, files: [String]) {
        self.name = name
        self.directory = directory
        self.files = files
    }

    /// Full paths of the files.
    public var paths: [String] { files.map { (directory as NSString).appendingPathComponent($0) } }
}

/// A font file a hermetic set needs that is not installed.
package struct MissingFontFile: Hashable, Sendable, CustomStringConvertible {
    /// The Debian package that installs it.
    public var package: String
    /// The expected path.
    public var path: String

    public var description: String { "\(path) (\(package))" }
}

/// Why a hermetic font configuration could not be set up.
package enum HermeticFontError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Font files of the set are not installed.
    case fontsMissing([MissingFontFile])
    /// The private font directory or cache could not be created.
    case cannotPrepare(path: String, reason: String)
    /// fontconfig or FreeType rejected the configuration.
    case fontSystem(String)

    public var description: String {
        switch self {
        case .fontsMissing(let missing):
            let packages = Array(Set(missing.map(\.package))).sorted()
            let details = packages.map { package -> String in
                let paths = missing.filter { $0.package == package }.map(\.path)
                let directory = ((paths.first ?? "") as NSString).deletingLastPathComponent
                if !FileManager.default.fileExists(atPath: directory) {
                    return "\(directory)/ does not exist (\(package))"
                }
                let names = paths.prefix(3).map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")
                return "\(paths.count) file\(paths.count == 1 ? "" : "s") of \(package) in \(directory)/ (\(names)\(paths.count > 3 ? ", …" : ""))"
            }
            return "the snapshot font set is incomplete: " + details.joined(separator: "; ") + ". Install "
                + packages.joined(separator: " ") + " (sudo apt-get install " + packages.joined(separator: " ")
                + ", or run scripts/setup.sh)"
        case .cannotPrepare(let path, let reason):
            return "cannot prepare the hermetic font directory '\(path)': \(reason)"
        case .fontSystem(let message):
            return "the hermetic font configuration failed: \(message)"
        }
    }
}

/// The fonts snapshot tests may see: exactly these files, nothing else the machine has installed.
///
/// A hermetic resolver is a ``FontSystem/FontResolver`` on a fontconfig configuration that scans
/// only a private directory of symbolic links to the set's files, with its own cache, so extra
/// fonts (`fonts-dejavu-extra`, the rest of `fonts-noto`) or a user's `~/.fonts` cannot change a
/// fallback or a line break. The private directory lives in the system temporary directory, keyed
/// by a hash of the files' paths, sizes and modification times (an upgraded font gets a new one).
///
/// ```swift
/// let resolver = try HermeticFontSet.project.resolver()   // created once per process
/// let lacksEmoji = HermeticFontSet.project.removingPackage("fonts-noto-color-emoji")
/// ```
public struct HermeticFontSet: Hashable, Sendable {
    /// The packages and files of the set.
    package var packages: [FontPackage]

    package init(packages: [FontPackage]) {
        self.packages = packages
    }

    /// The project's font set (ARCHITECTURE.md): Inter and Inter Display for the system font,
    /// DejaVu Sans (+ Mono, Serif) as the fallback, URW Z003 for Zapfino and Nimbus Sans for
    /// Helvetica Neue, WenQuanYi Micro Hei for CJK, Noto Color Emoji — the files `scripts/setup.sh`
    /// installs.
    public static let project = HermeticFontSet(packages: [
        FontPackage(name: "fonts-inter", directory: "/usr/share/fonts/opentype/inter", files: interFiles),
        FontPackage(
            name: "fonts-dejavu-core", directory: "/usr/share/fonts/truetype/dejavu",
            files: [
                "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf", "DejaVuSerif.ttf",
                "DejaVuSerif-Bold.ttf",
            ]),
        FontPackage(
            name: "fonts-urw-base35", directory: "/usr/share/fonts/opentype/urw-base35",
            files: [
                "Z003-MediumItalic.otf", "NimbusSans-Regular.otf", "NimbusSans-Bold.otf", "NimbusSans-Italic.otf",
                "NimbusSans-BoldItalic.otf",
            ]),
        FontPackage(name: "fonts-wqy-microhei", directory: "/usr/share/fonts/truetype/wqy", files: ["wqy-microhei.ttc"]),
        FontPackage(
            name: "fonts-noto-color-emoji", directory: "/usr/share/fonts/truetype/noto", files: ["NotoColorEmoji.ttf"]),
    ])

    /// `Inter-<Weight>[Italic].otf` and `InterDisplay-…` for the nine weights (fonts-inter 4.0).
    private static let interFiles: [String] = {
        let weights = ["Thin", "ExtraLight", "Light", "Regular", "Medium", "SemiBold", "Bold", "ExtraBold", "Black"]
        var files: [String] = []
        for family in ["Inter", "InterDisplay"] {
            for weight in weights {
                files.append("\(family)-\(weight).otf")
                files.append("\(family)-\(weight == "Regular" ? "" : weight)Italic.otf")
            }
        }
        return files
    }()

    /// The same set without one package (to check what a missing font does).
    public func removingPackage(_ name: String) -> HermeticFontSet {
        HermeticFontSet(packages: packages.filter { $0.name != name })
    }

    /// This set plus the files `resolver` draws each of `families` with (`FontResolver.standInFiles(for:)`),
    /// so that a snapshot draws a highlight rule's `"family": "Courier New"` with the stand-in
    /// preview draws it with (Liberation Mono), not with whatever of the set is closest. Pass the
    /// resolver preview uses — the machine's (`FontResolver.shared()`).
    ///
    /// Files already in the set add nothing (the set is returned unchanged, so its resolver is
    /// shared); the others join the Debian package the family map names for their family
    /// (`fonts-liberation2`), else the one of the requested family's entry, else `local-<folder>`.
    public func includingStandIns(for families: [String], resolvedBy resolver: FontResolver) -> HermeticFontSet {
        var known = Set(packages.flatMap(\.paths).map(HermeticFontSet.realPath))
        var result = self
        for family in families {
            for file in resolver.standInFiles(for: family) where known.insert(HermeticFontSet.realPath(file)).inserted {
                let directory = (file as NSString).deletingLastPathComponent, name = (file as NSString).lastPathComponent
                let drawn = (try? resolver.font(atPath: file, size: 17))?.familyName
                let package =
                    drawn.flatMap { resolver.familyMap.package(for: $0) } ?? resolver.familyMap.entry(for: family)?.package
                    ?? "local-" + (directory as NSString).lastPathComponent
                if let index = result.packages.firstIndex(where: { $0.name == package && $0.directory == directory }) {
                    result.packages[index].files.append(name)
                } else {
                    // Each package is one folder of the private directory: a package's second folder gets a name of its own.
                    let count = result.packages.filter { $0.name.hasPrefix(package) }.count
                    result.packages.append(FontPackage(name: count == 0 ? package : "\(package)-\(count + 1)", directory: directory, files: [name]))
                }
            }
        }
        return result
    }

    /// The Debian package a font file of the set belongs to (by real path).
    public func package(forFile path: String) -> String? {
        let real = HermeticFontSet.realPath(path)
        return packages.first { package in package.paths.contains { HermeticFontSet.realPath($0) == real } }?.name
    }

    /// The set's files that are not installed.
    package func missingFiles() -> [MissingFontFile] {
        packages.flatMap { package in
            package.paths.filter { !FileManager.default.fileExists(atPath: $0) }.map {
                MissingFontFile(package: package.name, path: $0)
            }
        }
    }

    /// The process-wide resolver for this set, created on first use.
    ///
    /// - Throws: an error naming the Debian packages to install when fonts of the set are missing.
    public func resolver() throws -> FontResolver {
        try HermeticFontSet.resolvers.withLock { table throws -> FontResolver in
            if let known = table[self] { return known }
            let made = try makeResolver()
            table[self] = made
            return made
        }
    }

    private static let resolvers = Mutex<[HermeticFontSet: FontResolver]>([:])

    /// A new resolver that sees only this set's files (prefer ``resolver()``, which shares one).
    public func makeResolver() throws -> FontResolver {
        let missing = missingFiles()
        guard missing.isEmpty else { throw HermeticFontError.fontsMissing(missing) }
        let farm = try prepareDirectory()
        do {
            return try FontResolver(
                hermeticFontDirectories: packages.map { farm.appendingPathComponent("fonts/" + $0.name).path },
                cacheDirectory: farm.appendingPathComponent("cache").path)
        } catch {
            throw HermeticFontError.fontSystem(error.description)
        }
    }

    // MARK: The private directory

    /// `<tmp>/dyntype-hermetic-fonts-<uid>/<key>/fonts/<package>/<file> → <real file>`, plus `cache/`.
    private func prepareDirectory() throws(HermeticFontError) -> URL {
        let fileManager = FileManager.default
        let root = fileManager.temporaryDirectory.appendingPathComponent("dyntype-hermetic-fonts-\(getuid())")
        do {
            try fileManager.createDirectory(at: root, withIntermediateDirectories: true)
        } catch {
            throw .cannotPrepare(path: root.path, reason: error.localizedDescription)
        }
        let final = root.appendingPathComponent(key())
        if isValidFarm(final) { return final }
        // Build under a unique name, then rename: concurrent processes never see a partial directory.
        let building = root.appendingPathComponent(".building-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        do {
            for package in packages {
                let folder = building.appendingPathComponent("fonts/" + package.name)
                try fileManager.createDirectory(at: folder, withIntermediateDirectories: true)
                for (file, path) in zip(package.files, package.paths) {
                    try fileManager.createSymbolicLink(
                        atPath: folder.appendingPathComponent(file).path, withDestinationPath: HermeticFontSet.realPath(path))
                }
            }
            try fileManager.createDirectory(at: building.appendingPathComponent("cache"), withIntermediateDirectories: true)
        } catch {
            throw .cannotPrepare(path: building.path, reason: error.localizedDescription)
        }
        if rename(building.path, final.path) == 0 { return final }
        // Another process won the race: use its directory if it is right, else keep ours.
        if isValidFarm(final) {
            try? fileManager.removeItem(at: building)  // ours, created above
            return final
        }
        let unique = root.appendingPathComponent(key() + "-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        guard rename(building.path, unique.path) == 0 else {
            throw .cannotPrepare(path: unique.path, reason: String(cString: strerror(errno)))
        }
        return unique
    }

    /// A hash of every file's path, size and modification time.
    private func key() -> String {
        var description = ""
        for package in packages {
            for path in package.paths {
                let attributes = try? FileManager.default.attributesOfItem(atPath: path)
                let size = (attributes?[.size] as? NSNumber)?.intValue ?? -1
                let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                description += "\(package.name)\t\(HermeticFontSet.realPath(path))\t\(size)\t\(modified)\n"
            }
        }
        return String(SHA256Digest.hex(Data(description.utf8)).prefix(20))
    }

    private func isValidFarm(_ url: URL) -> Bool {
        let fileManager = FileManager.default
        for package in packages {
            let folder = url.appendingPathComponent("fonts/" + package.name)
            guard let entries = try? fileManager.contentsOfDirectory(atPath: folder.path),
                Set(entries) == Set(package.files)
            else { return false }
            for (file, path) in zip(package.files, package.paths) {
                let link = folder.appendingPathComponent(file).path
                guard (try? fileManager.destinationOfSymbolicLink(atPath: link)) == HermeticFontSet.realPath(path) else {
                    return false
                }
            }
        }
        return fileManager.fileExists(atPath: url.appendingPathComponent("cache").path)
    }

    /// `path` with symbolic links resolved (the fingerprint records where the bytes really are).
    public static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
