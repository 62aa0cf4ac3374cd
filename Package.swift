// swift-tools-version:6.0
// DynamicTypeSimulator: Apple's Dynamic Type and a small TextKit stack on Linux, with real fonts.
import Foundation
import PackageDescription

let package = Package(
    name: "DynamicTypeSimulator",
    products: [
        .library(name: "DynamicTypeCore", targets: ["DynamicTypeCore"]),
        .library(name: "FontSystem", targets: ["FontSystem"]),
        .library(name: "TextStack", targets: ["TextStack"]),
        .library(name: "Notepad", targets: ["Notepad"]),
        .library(name: "Rendering", targets: ["Rendering"]),
        .library(name: "DynamicTypeScreens", targets: ["DynamicTypeScreens"]),
        .library(name: "DynamicTypeAudit", targets: ["DynamicTypeAudit"]),
        .library(name: "DynamicTypeSnapshots", targets: ["DynamicTypeSnapshots"]),
        .library(name: "DynamicTypeTesting", targets: ["DynamicTypeTesting"]),
        .library(name: "NotepadViews", targets: ["NotepadViews"]),
        .library(name: "NotepadTesting", targets: ["NotepadTesting"]),
        .library(name: "DynamicTypeLint", targets: ["DynamicTypeLint"]),
        .library(name: "DynamicTypeSwiftUI", targets: ["DynamicTypeSwiftUI"]),
        .executable(name: "dyntype", targets: ["dyntype"]),
        // `swift build` and Xcode show `dyntype lint`'s findings at their lines (docs/lint.md › Build plugin).
        .plugin(name: "DynamicTypeLintPlugin", targets: ["DynamicTypeLintPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.0.0"),
        // Hummingbird's own lifecycle: `serve` ends open pages' sockets on Ctrl-C (graceful shutdown).
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        // `dyntype lint`'s Swift reader (docs/dependencies.md: why this version).
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "600.0.1"),
    ],
    targets: [
        // MARK: C libraries (system packages; see README "Dependencies")
        .systemLibrary(
            name: "CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(
            name: "CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]),
        // libhyphen ships no pkg-config file; the module map links it by name.
        .systemLibrary(
            name: "CHyphen",
            providers: [.apt(["libhyphen-dev"])]),
        .systemLibrary(
            name: "CFriBidi", pkgConfig: "fribidi",
            providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(
            name: "CSPNG", pkgConfig: "spng",
            providers: [.apt(["libspng-dev"])]),
        // OpenSSL's libcrypto, for SHA-256 only (EVP digests): the system's library instead of
        // swift-crypto, whose BoringSSL took 3.5 of a fresh release build's 16 minutes.
        .systemLibrary(
            name: "CLibCrypto", pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]),
        // glibc's <malloc.h> (mallopt): part of libc, no package to install.
        .systemLibrary(name: "CMalloc"),
        // ICU behind a C-only header: Foundation's own ICU module clashes with the
        // system ICU headers when Swift imports both, so Swift never sees <unicode/*.h>.
        .target(
            name: "CICULineBreak",
            linkerSettings: [.linkedLibrary("icuuc")]),

        // MARK: Layers (dependencies point down only)
        // A Cassowary linear constraint solver in pure Swift (docs/constraint-solver.md): the bottom
        // layer beside the core model, independent of any file format, for Auto Layout and others.
        .target(name: "ConstraintSolver"),
        .target(
            name: "DynamicTypeProfiles",
            path: "Profiles",
            exclude: ["README.md"],
            sources: ["BundledProfiles.swift"],
            resources: [
                .copy("ios.json"), .copy("ios7.json"), .copy("watchos.json"),
                .copy("macos.json"), .copy("android.json"),
                .copy("font-families.json"), .copy("devices.json"),
            ]),
        .target(
            name: "DynamicTypeCore",
            dependencies: ["DynamicTypeProfiles"]),
        .target(
            name: "FontSystem",
            dependencies: ["DynamicTypeCore", "CFontconfig", "CFreeType"]),
        .target(
            name: "TextStack",
            dependencies: ["DynamicTypeCore", "FontSystem", "CHarfBuzz", "CFriBidi", "CICULineBreak", "CHyphen"]),
        .target(
            name: "Rendering",
            dependencies: ["DynamicTypeCore", "FontSystem", "TextStack", "CSPNG"]),
        .target(
            name: "Notepad",
            dependencies: ["DynamicTypeCore", "FontSystem", "TextStack"],
            resources: [.copy("SampleNotes")]),
        // Your own screens and strings: the screen model (files and Swift), String Catalogs and
        // .strings/.stringsdict, and the layout of stacks and tables from intrinsic text sizes.
        .target(
            name: "DynamicTypeScreens",
            dependencies: ["DynamicTypeCore", "FontSystem", "TextStack", .product(name: "Yams", package: "Yams")]),
        // The use cases, whatever the views: view sources and the one renderer, one findings
        // function, the size switch and its stale-state check, sweeps, and the report models every
        // command and the testing library share. No sample app: the notepad is a source above it.
        .target(
            name: "DynamicTypeAudit",
            dependencies: ["DynamicTypeCore", "FontSystem", "TextStack", "Rendering", "DynamicTypeScreens"]),
        // The snapshot engine without XCTest (hermetic fonts, fingerprints, dumps, diffs), shared by
        // the DynamicTypeTesting library and `dyntype snapshot`.
        .target(
            name: "DynamicTypeSnapshots",
            dependencies: [
                "DynamicTypeCore", "FontSystem", "TextStack", "Rendering", "DynamicTypeScreens", "DynamicTypeAudit", "CLibCrypto",
            ]),
        // Snapshot tests of your screens and text in swift-testing and XCTest; no sample app.
        .target(
            name: "DynamicTypeTesting",
            dependencies: [
                "DynamicTypeCore", "FontSystem", "TextStack", "Rendering", "DynamicTypeScreens", "DynamicTypeAudit",
                "DynamicTypeSnapshots", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]),
        // Your SwiftUI views read from source (swift-syntax): `View` bodies and `#Preview`s mapped onto
        // the screen model and laid out with SwiftUI's rules (docs/swiftui.md), a source of screens
        // every command draws and checks, and `SwiftUISource` for snapshot tests.
        // Where swift-syntax could not parse a file, input nested too deep to parse (a pre-scan) and
        // parsing on a large stack: shared by the SwiftUI reader and lint.
        .target(
            name: "SwiftSyntaxProblems",
            dependencies: [.product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftParser", package: "swift-syntax")]),
        // What Swift source settles without compiling it, shared by the SwiftUI reader and lint: the
        // `#if` clauses an iOS build takes (macOS-only code skipped) and the app's static constants.
        .target(
            name: "SwiftStaticFacts",
            dependencies: ["SwiftSyntaxProblems", .product(name: "SwiftSyntax", package: "swift-syntax")]),
        .target(
            name: "DynamicTypeSwiftUI",
            dependencies: [
                "DynamicTypeCore", "FontSystem", "TextStack", "DynamicTypeScreens", "DynamicTypeAudit", "DynamicTypeSnapshots",
                "SwiftSyntaxProblems", "SwiftStaticFacts", .product(name: "Yams", package: "Yams"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]),
        .testTarget(
            name: "DynamicTypeSwiftUITests",
            dependencies: ["DynamicTypeSwiftUI", "DynamicTypeAudit", "DynamicTypeTesting", "DynamicTypeViewSources", "ScreenFileViews"],
            exclude: ["Fixtures", "__Snapshots__"]),
        // MARK: View sources (docs/architecture.md › Views as a layer): one module per kind of input,
        // each a `ViewSourceReader`; `DynamicTypeViewSources` is the one list of them.
        // The sample notepad as one view source among others: its reader (`NotepadReader`: text
        // files, the bundled samples, its own options), its list and editors as live views
        // (`NotepadSource`, with its own `NotepadSettings`), their drawing, findings and dumps, and
        // its snapshot subject (`NotepadScreen`).
        .target(
            name: "NotepadViews",
            dependencies: [
                "DynamicTypeCore", "FontSystem", "TextStack", "Notepad", "Rendering", "DynamicTypeScreens", "DynamicTypeAudit",
                "DynamicTypeSnapshots",
            ]),
        // Screen files (`*.screen.json|yaml`) as a view source: `ScreenFileReader`, findings located
        // at the line of the view's object.
        .target(
            name: "ScreenFileViews",
            dependencies: ["DynamicTypeCore", "DynamicTypeScreens", "DynamicTypeAudit"]),
        // Interface Builder files (`.xib`, `.storyboard`) as a view source: read with the XML
        // guards lint uses, laid out with UIKit's Auto Layout on ConstraintSolver (docs/interface-builder.md).
        .target(
            name: "InterfaceBuilderViews",
            dependencies: ["DynamicTypeCore", "FontSystem", "TextStack", "DynamicTypeScreens", "DynamicTypeAudit", "InterfaceBuilderXML", "ConstraintSolver"]),
        .testTarget(
            name: "InterfaceBuilderViewsTests",
            dependencies: ["InterfaceBuilderViews", "DynamicTypeAudit", "DynamicTypeViewSources", "InterfaceBuilderXML"],
            exclude: ["Fixtures"]),
        // What only the command line needs, out of the use cases: exit statuses (the one place
        // they are decided), output folders, locks and input protection, shard files, option
        // values, the merge and snapshot runs that write folders. Package-internal, not a product.
        .target(
            name: "DyntypeCommandLine",
            dependencies: [
                "DynamicTypeCore", "FontSystem", "TextStack", "Rendering", "DynamicTypeScreens", "DynamicTypeAudit", "DynamicTypeSnapshots",
                "DynamicTypeLint",
            ]),
        // The registry: every reader `dyntype` and its server read inputs with, in one list.
        .target(
            name: "DynamicTypeViewSources",
            dependencies: ["DynamicTypeAudit", "NotepadViews", "ScreenFileViews", "DynamicTypeSwiftUI", "InterfaceBuilderViews"]),
        // The testing library's sweeps written with the notepad's screens (`.editor(note:viewSize:)`
        // in the call): for the sample app's own tests; your screens need only DynamicTypeTesting.
        .target(
            name: "NotepadTesting",
            dependencies: [
                "DynamicTypeCore", "NotepadViews", "DynamicTypeTesting",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]),
        // `dyntype serve`: the live preview — a page with a text-size slider, a small JSON API, PNG
        // renders cached per view, category and settings, and pushes over a WebSocket when files change.
        .target(
            name: "DynamicTypeServer",
            dependencies: [
                "DynamicTypeCore", "FontSystem", "TextStack", "Rendering", "DynamicTypeScreens", "DynamicTypeAudit",
                "DyntypeCommandLine",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        // The code behind `dyntype bench` and its reports (not a product: benchmarks are no part of the
        // library). Above DynamicTypeAudit for the reports' shared `tool` block and text tables.
        .target(
            name: "DynamicTypeBenchmarks",
            dependencies: ["DynamicTypeCore", "FontSystem", "TextStack", "DynamicTypeAudit", "DynamicTypeLint"]),
        // `dyntype lint`: Dynamic Type mistakes found in a team's own Swift (swift-syntax) and
        // Interface Builder files (FoundationXML), with text, JSON and SARIF output, config and baseline.
        // The XML input guards of Interface Builder files (encodings, declarations), shared by lint
        // and the Interface Builder view reader.
        .target(name: "InterfaceBuilderXML", dependencies: ["DynamicTypeCore"]),
        .target(
            name: "DynamicTypeLint",
            dependencies: [
                "DynamicTypeCore", "SwiftSyntaxProblems", "SwiftStaticFacts", "InterfaceBuilderXML", .product(name: "Yams", package: "Yams"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]),
        .executableTarget(
            name: "dyntype",
            dependencies: [
                "CMalloc",
                "DynamicTypeCore", "FontSystem", "TextStack", "Rendering", "DynamicTypeScreens", "DynamicTypeAudit",
                "DynamicTypeSnapshots", "DynamicTypeViewSources", "DyntypeCommandLine", "DynamicTypeBenchmarks", "DynamicTypeServer",
                "DynamicTypeLint",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // `dyntype lint` as a build-tool plugin (as SwiftLint ships one): findings as build diagnostics.
        .plugin(name: "DynamicTypeLintPlugin", capability: .buildTool(), dependencies: ["dyntype"]),

        // MARK: Tests
        .testTarget(name: "DynamicTypeCoreTests", dependencies: ["DynamicTypeCore"], exclude: ["Fixtures"]),
        // Fixtures: kiwisolver's solutions of generated systems (scripts/kiwi-fixtures.py).
        .testTarget(name: "ConstraintSolverTests", dependencies: ["ConstraintSolver"], exclude: ["Fixtures"]),
        .testTarget(name: "FontSystemTests", dependencies: ["FontSystem"]),
        // CFriBidi: BidiTests compare the line builder's reordering with fribidi_reorder_line.
        .testTarget(name: "TextStackTests", dependencies: ["TextStack", "CFriBidi"], exclude: ["Fixtures"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering"]),
        .testTarget(name: "NotepadTests", dependencies: ["Notepad"]),
        // Helpers more than one test target uses (the jsonschema validator).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "DynamicTypeScreensTests", dependencies: ["DynamicTypeScreens", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "DynamicTypeServerTests", dependencies: ["DynamicTypeServer", "DynamicTypeViewSources", "DyntypeCommandLine"]),
        // NotepadViews: the use cases are tested on the notepad's views too (its list and editors).
        .testTarget(name: "DynamicTypeAuditTests", dependencies: ["DynamicTypeAudit", "NotepadViews", "ScreenFileViews", "DynamicTypeViewSources"]),
        .testTarget(name: "DynamicTypeBenchmarksTests", dependencies: ["DynamicTypeBenchmarks"]),
        .testTarget(
            name: "DynamicTypeLintTests",
            dependencies: [
                "DynamicTypeLint", "TestSupport", "SwiftSyntaxProblems", "InterfaceBuilderXML", .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "DynamicTypeTestingTests",
            dependencies: ["DynamicTypeTesting", "DynamicTypeSnapshots", "TextStack", "NotepadViews", "NotepadTesting", "DyntypeCommandLine"],
            exclude: ["__Snapshots__"]),
        .testTarget(
            name: "EndToEndTests",
            // Yams: ActionRunTests reads action.yml's steps as a runner does.
            dependencies: [
                "dyntype", "DynamicTypeAudit", "NotepadViews", "TextStack", "Rendering", "TestSupport", .product(name: "Yams", package: "Yams"),
            ],
            exclude: ["Fixtures", "Browser"]),
        // A source registered by a test alone (a folder of `.mockup.txt` files): preview, switch
        // --sweep, snapshot and serve get it with no change elsewhere.
        .testTarget(
            name: "ViewSourceLayerTests",
            dependencies: [
                "DynamicTypeAudit", "DynamicTypeSnapshots", "DynamicTypeServer", "DynamicTypeViewSources", "DynamicTypeScreens", "TextStack",
                "DyntypeCommandLine",
            ]),
        // Type-checks README.md's Swift examples against these products with the flags SwiftPM
        // compiles this target with (the dependencies only make sure the modules are built).
        .testTarget(
            name: "DocTests",
            dependencies: [
                "DynamicTypeCore", "FontSystem", "TextStack", "Notepad", "Rendering", "DynamicTypeAudit", "DynamicTypeTesting",
                "NotepadViews", "NotepadTesting", "DynamicTypeLint", "DynamicTypeSwiftUI", "ScreenFileViews", "DynamicTypeViewSources",
                "ConstraintSolver", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            // The committed public-API lists: data the tests read by path, not resources.
            exclude: ["PublicAPI.txt", "PublicAPI-undocumented.txt"]),
    ],
    swiftLanguageModes: [.v6]
)

// MARK: Fuzzing (docs/fuzzing.md)
// libFuzzer targets, one per reader of untrusted files (Fuzz/Targets). Declared only under
// DYNTYPE_FUZZ=1: they only link with libFuzzer's runtime (`-sanitize=fuzzer`), so a normal
// `swift build` or `swift test` must not see them. scripts/fuzz.sh builds them into .build-fuzz.
if ProcessInfo.processInfo.environment["DYNTYPE_FUZZ"] == "1" {
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("FuzzScreenJSON", ["DynamicTypeScreens"]),
        ("FuzzScreenYAML", ["DynamicTypeScreens"]),
        ("FuzzStrings", ["DynamicTypeScreens"]),
        ("FuzzPNG", ["Rendering"]),
        ("FuzzProfile", ["DynamicTypeCore"]),
        ("FuzzRules", ["TextStack"]),
        ("FuzzShardReport", ["DynamicTypeAudit"]),
        ("FuzzInterfaceBuilder", ["DynamicTypeLint"]),
        ("FuzzInterfaceBuilderViews", ["InterfaceBuilderViews", "DynamicTypeAudit", "DynamicTypeScreens", "FontSystem"]),
        ("FuzzBaseline", ["DynamicTypeAudit"]),
        ("FuzzSwiftUI", ["DynamicTypeSwiftUI"]),
        ("FuzzTokenMap", ["DynamicTypeSwiftUI"]),
        ("FuzzLintConfig", ["DynamicTypeLint"]),
        ("FuzzXcodeProject", ["DynamicTypeLint"]),
        ("FuzzConstraintSolver", ["ConstraintSolver"]),
    ]
    package.targets.append(.target(name: "DyntypeFuzzSupport", path: "Fuzz/Support"))
    for target in fuzzTargets {
        package.targets.append(
            .executableTarget(
                name: target.name, dependencies: target.dependencies + ["DyntypeFuzzSupport"],
                path: "Fuzz/Targets/\(target.name)"))
        package.products.append(.executable(name: target.name, targets: [target.name]))
    }
}
