import Foundation
import Testing

@testable import ConstraintSolver

/// The solver against kiwisolver (nucleic/kiwi's Python binding, the oracle): the generated
/// layout-like systems of scripts/kiwi-fixtures.py, replayed operation by operation, must give
/// kiwisolver's value for every variable at every check (to 1e-6) and refuse exactly the
/// constraints kiwisolver refused.
@Suite("Constraint solver against kiwisolver")
struct KiwiFixtureTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/kiwi-systems.json")
    static let generator = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../scripts/kiwi-fixtures.py").standardizedFileURL

    @Test("every generated system: kiwisolver's values to 1e-6 and its refused constraints")
    func replayFixture() throws {
        let systems = try KiwiFixture.load(Self.fixture)
        #expect(systems.count >= 300, "the issue asks for at least 300 systems")
        var totals = KiwiFixture.Totals()
        for system in systems {
            try KiwiFixture.replay(system, totals: &totals)
        }
        // The fixture exercises what it claims to: refusals, edits, removals, many checks.
        #expect(totals.refused >= 100, "refused constraints: \(totals.refused)")
        #expect(totals.suggestions >= 300 && totals.removals >= 100, "\(totals)")
        #expect(totals.checkedValues >= 10_000, "\(totals)")
    }

    @Test(
        "the committed fixture is kiwisolver's output: regenerated, it is the same byte for byte",
        .enabled(if: KiwiSolverPython.python != nil, "needs python3 with kiwisolver: bash scripts/setup.sh (pip install kiwisolver)"))
    func fixtureIsKiwiOutput() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("kiwi-systems-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: output) }
        let status = try KiwiSolverPython.run([Self.generator.path, "--output", output.path])
        #expect(status == 0, "scripts/kiwi-fixtures.py exited with \(status)")
        let regenerated = try Data(contentsOf: output)
        let committed = try Data(contentsOf: Self.fixture)
        #expect(
            regenerated == committed,
            """
            scripts/kiwi-fixtures.py no longer gives the committed fixture (another kiwisolver version, \
            or the generator changed): regenerate it with scripts/kiwi-fixtures.py --output \(Self.fixture.path)
            """)
    }
}

/// Python 3 with the `kiwisolver` module (scripts/setup.sh installs it with pip).
enum KiwiSolverPython {
    /// The python to run, or nil when none has `kiwisolver` (the regeneration test is then disabled).
    static let python: String? = {
        for python in ["python3", "/usr/bin/python3"] where (try? run(python, ["-c", "import kiwisolver"])) == 0 {
            return python
        }
        return nil
    }()

    /// Runs ``python`` with the arguments; its exit status.
    static func run(_ arguments: [String]) throws -> Int32 {
        guard let python else { throw CocoaError(.executableNotLoadable) }
        return try run(python, arguments)
    }

    private static func run(_ python: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
