import Foundation

/// Python 3 with the `jsonschema` module (Debian `python3-jsonschema`, or pip; scripts/setup.sh
/// installs it): the external validator the schema tests check JSON Schema and SARIF output with.
package enum PythonJSONSchema {
    /// The python to run, or nil when none has `jsonschema` (the tests are then disabled).
    package static let python: String? = {
        for python in ["python3", "/usr/bin/python3"] where run(python, ["-c", "import jsonschema"])?.status == 0 {
            return python
        }
        return nil
    }()

    /// The committed copy of the OASIS SARIF 2.1.0 schema.
    package static let sarifSchema = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../DynamicTypeLintTests/Fixtures/sarif-schema-2.1.0.json").standardizedFileURL

    /// Validates SARIF files against ``sarifSchema`` (draft 7, with format checks such as URIs):
    /// the exit status, and one line per error.
    package static func validateSARIF(_ paths: [String]) throws -> (status: Int32, output: String) {
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            checker = jsonschema.Draft7Validator(schema, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)
            failed = 0
            for path in sys.argv[2:]:
                for error in checker.iter_errors(json.load(open(path))):
                    failed += 1
                    print(path, "/".join(map(str, error.absolute_path)), error.message)
            sys.exit(1 if failed else 0)
            """
        return try run(script: script, arguments: [sarifSchema.path] + paths)
    }

    /// Runs `script` with `arguments` under ``python``: its exit status and standard output.
    package static func run(script: String, arguments: [String]) throws -> (status: Int32, output: String) {
        guard let python else { throw CocoaError(.executableNotLoadable) }
        guard let result = run(python, ["-c", script] + arguments) else { throw CocoaError(.executableLoad) }
        return result
    }

    private static func run(_ python: String, _ arguments: [String]) -> (status: Int32, output: String)? {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python] + arguments
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
