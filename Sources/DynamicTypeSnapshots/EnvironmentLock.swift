import DynamicTypeCore
import FontSystem
import Foundation
import TextStack

/// A pinned rendering environment (`dyntype env --lock > dyntype.lock`): every font file of the
/// hermetic font set with its SHA-256 and version, the libraries' versions, the hyphenation
/// dictionary, the Debian packages that install them with their versions, and the profile and
/// rules in use. ``differences(from:)`` says, for a team's machine or a CI agent, what differs
/// and the `apt-get install pkg=version` that fixes it, so everyone agrees before comparing
/// snapshots.
package struct EnvironmentLock: Codable, Hashable, Sendable {
    /// An input file's identity.
    package struct Input: Codable, Hashable, Sendable {
        /// A bundled name (`ios`) or a path.
        package var name: String
        /// The SHA-256 of the file, nil for a bundled profile (pinned by the tool's version).
        package var sha256: String?

        package init(name: String, sha256: String?) {
            self.name = name
            self.sha256 = sha256
        }
    }

    package var schemaVersion = 1
    /// The fonts (every file of the set), libraries and hyphenation dictionary.
    package var environment: EnvironmentFingerprint
    /// Debian package → installed version (font packages and the C libraries' runtime packages).
    package var packages: [String: String]
    /// The type-ramp profile in use.
    package var profile: Input
    /// The highlight-rule file in use, if any.
    package var rules: Input?

    package init(environment: EnvironmentFingerprint, packages: [String: String], profile: Input, rules: Input?) {
        self.environment = environment
        self.packages = packages
        self.profile = profile
        self.rules = rules
    }

    /// The Debian packages whose versions a lock records: the font set's and the libraries'.
    package static let libraryPackages = [
        "libfontconfig1", "libfreetype6", "libharfbuzz0b", "libfribidi0", "libhyphen0", "libspng0", "hyphen-en-us",
    ]

    /// The lock-file versions ``decode(_:origin:)`` reads.
    package static let supportedSchemaVersions = [1]

    /// Why a lock file cannot be used: what is wrong, in which file, and how to fix it.
    package struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The file, what is wrong with it, and how to write a good one.
        package var description: String
    }

    /// Decodes a lock file's bytes; `origin` names it in errors. The `schemaVersion` is checked
    /// first: a lock of another version may mean other things by the same fields.
    ///
    /// - Throws: ``FileError`` for a file that is not a lock or of an unsupported version.
    package static func decode(_ data: Data, origin: String) throws(FileError) -> EnvironmentLock {
        let rewrite = "write a new one with dyntype env --lock > \(origin)"
        struct Header: Decodable { var schemaVersion: Int? }
        guard let header = try? JSONDecoder().decode(Header.self, from: data) else {
            throw FileError(description: "'\(origin)' is not a dyntype lock file (not a JSON object with a numeric schemaVersion); \(rewrite)")
        }
        guard let version = header.schemaVersion else {
            throw FileError(description: "'\(origin)' is not a dyntype lock file (field schemaVersion is missing); \(rewrite)")
        }
        guard supportedSchemaVersions.contains(version) else {
            throw FileError(
                description: "'\(origin)': field schemaVersion: version \(version) is not supported; this dyntype reads lock files of schemaVersion \(supportedSchemaVersions.map(String.init).joined(separator: ", ")); \(rewrite)")
        }
        do {
            return try JSONDecoder().decode(EnvironmentLock.self, from: data)
        } catch {
            throw FileError(description: "'\(origin)' is not a dyntype lock file (\(ReferenceCheck.decodingProblem(error))); \(rewrite)")
        }
    }

    /// This machine's environment for `fontSet`, `profile` (a bundled name or a JSON file) and an
    /// optional rules file (read through ``InputFile`` with `limit`, and checked to be a rule file;
    /// the seeds' rules without one). The fonts are the set's plus the stand-ins the rules'
    /// families are drawn with (``HermeticFontSet/includingStandIns(for:resolvedBy:)``), so a
    /// changed or missing stand-in is a difference.
    ///
    /// - Throws: ``HermeticFontError`` when a file of the set is missing; ``InputFileError`` for a
    ///   profile or rules file that is missing, not a regular file or over `limit`;
    ///   ``HighlightRuleError`` for a rules file that is not one; profile errors.
    package static func current(
        fontSet: HermeticFontSet = .project, profile: String, rules: String?, limit: InputSizeLimit = .default
    ) throws -> EnvironmentLock {
        // Files first: a FIFO, a device or a runaway file is refused before anything waits on it.
        let profileDigest = try TypeRampProfile.filePath(for: profile).map { SHA256Digest.hex(try InputFile.read(atPath: $0, limit: limit)) }
        var ruleSet = HighlightRuleSet.seeds
        let rulesInput = try rules.map { path -> Input in
            let data = try InputFile.read(atPath: path, limit: limit)
            ruleSet = try HighlightRuleSet(jsonData: data, origin: path)
            return Input(name: path, sha256: SHA256Digest.hex(data))
        }
        _ = try TypeRampProfile.named(profile)  // an unknown or broken profile is an error, not a lock entry
        // The stand-ins the rules' families are drawn with are locked too (Courier New → Liberation Mono).
        let fontSet = fontSet.includingStandIns(for: ruleSet.families, resolvedBy: try FontResolver.shared())
        let resolver = try fontSet.resolver()
        var fonts: [ResolvedFont] = []
        for package in fontSet.packages {
            for path in package.paths { fonts.append(try resolver.font(atPath: path, size: 17)) }
        }
        let environment = try EnvironmentFingerprint.current(fonts: fonts, resolver: resolver, fontSet: fontSet, scale: nil)
        var packages: [String: String] = [:]
        for name in fontSet.packages.map(\.name) + libraryPackages {
            if let version = installedVersion(of: name) { packages[name] = version }
        }
        return EnvironmentLock(
            environment: environment, packages: packages,
            profile: Input(name: profile, sha256: profileDigest), rules: rulesInput)
    }

    /// What differs from `locked`, one line each, with the command that fixes it where there is one;
    /// empty when this environment matches.
    package func differences(from locked: EnvironmentLock) -> [String] {
        var lines: [String] = []
        for name in Set(packages.keys).union(locked.packages.keys).sorted() where packages[name] != locked.packages[name] {
            switch (locked.packages[name], packages[name]) {
            case (let wanted?, let have?): lines.append("package \(name) \(have), locked \(wanted): apt-get install \(name)=\(wanted)")
            case (let wanted?, nil): lines.append("package \(name) is not installed, locked \(wanted): apt-get install \(name)=\(wanted)")
            case (nil, let have?): lines.append("package \(name) \(have) is installed but not in the lock; re-lock to record it")
            case (nil, nil): break
            }
        }
        for change in environment.changes(since: locked.environment) {
            // Name the package (and its locked version) that brings a changed font back.
            let package = locked.environment.fonts.first { change.contains(($0.file as NSString).lastPathComponent) }?.package
            if let package, let version = locked.packages[package], !change.contains("apt-get") {
                lines.append("\(change): apt-get install \(package)=\(version)")
            } else {
                lines.append(change)
            }
        }
        if profile != locked.profile {
            lines.append("profile \(profile.name) (\(profile.sha256 ?? "bundled")) differs from the locked \(locked.profile.name) (\(locked.profile.sha256 ?? "bundled"))")
        }
        if rules != locked.rules {
            lines.append("rules \(rules?.name ?? "the seeds'") differ from the locked \(locked.rules?.name ?? "the seeds'")")
        }
        return lines
    }

    /// The installed version of a Debian package, or nil (not installed, or no dpkg on this system).
    static func installedVersion(of package: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dpkg-query")
        process.arguments = ["-W", "-f=${Status}\t${Version}", package]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let fields = String(decoding: data, as: UTF8.self).split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 2, fields[0].hasSuffix("installed"), !fields[0].contains("not-installed") else { return nil }
        return String(fields[1])
    }
}
