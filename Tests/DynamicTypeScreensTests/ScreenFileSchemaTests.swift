import Foundation
import Testing

@testable import DynamicTypeScreens
import TestSupport

@Suite("Screen files: JSON Schema")
struct ScreenFileSchemaTests {
    private func schema() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: ScreenFileFixtures.schemaPath))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private func propertyNames(_ object: Any?) -> Set<String> {
        Set(((object as? [String: Any])?["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
    }

    @Test("the schema's property names are exactly the keys the reader accepts")
    func keysInSync() throws {
        let schema = try schema()
        let defs = try #require(schema["$defs"] as? [String: Any])
        #expect(propertyNames(schema) == Set(ScreenFileKeys.screen))
        for kind in ScreenView.Kind.allCases {
            #expect(propertyNames(defs[kind.rawValue]) == Set(ScreenFileKeys.keys(for: kind)), "\(kind)")
        }
        #expect(propertyNames(defs["font"]) == Set(ScreenFileKeys.font))
        #expect(propertyNames(defs["exclusion"]) == Set(ScreenFileKeys.exclusion))
        let insets = try #require((defs["insets"] as? [String: Any])?["oneOf"] as? [Any])
        #expect(propertyNames(insets[1]) == Set(ScreenFileKeys.insetSides))
        #expect(propertyNames(insets[2]) == Set(ScreenFileKeys.insetAxes))
        let kinds = ((defs["view"] as? [String: Any])?["properties"] as? [String: Any])?["kind"] as? [String: Any]
        #expect((kinds?["enum"] as? [String]) == ScreenView.Kind.allCases.map(\.rawValue))
    }

    @Test(
        "fixtures and examples validate against the schema; the invalid fixture fails both schema and reader",
        .enabled(if: PythonJSONSchema.python != nil, "needs python3 with jsonschema (python3-jsonschema)"))
    func validate() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screen-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files =
            ScreenFileFixtures.screenFiles(in: ScreenFileFixtures.screensFolder)
            + ScreenFileFixtures.screenFiles(in: ScreenFileFixtures.examplesFolder)
        var names: [String] = []
        for (index, file) in files.enumerated() {
            // YAML is checked as the JSON it parses to, as any JSON Schema validator sees YAML.
            let data = try Data(contentsOf: URL(fileURLWithPath: file))
            let json =
                ScreenFile.Format(path: file) == .yaml
                ? try JSONSerialization.data(withJSONObject: ScreenFileParser.yaml(data, origin: file).foundationObject) : data
            let name = "\(index)-" + (file as NSString).lastPathComponent + ".json"
            try json.write(to: folder.appendingPathComponent(name))
            names.append(name)
        }
        let script = """
            import json, os, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema)
            for name in sorted(os.listdir(sys.argv[2])):
                errors = list(validator.iter_errors(json.load(open(os.path.join(sys.argv[2], name)))))
                print(name, "invalid" if errors else "valid")
            """
        let (status, output) = try PythonJSONSchema.run(script: script, arguments: [ScreenFileFixtures.schemaPath, folder.path])
        #expect(status == 0)
        var verdicts: [String: String] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: " ")
            verdicts[String(parts[0])] = String(parts[1])
        }
        #expect(verdicts.count == files.count)
        for (file, name) in zip(files, names) {
            let expectValid = !file.hasSuffix("invalid.screen.json")
            #expect(verdicts[name] == (expectValid ? "valid" : "invalid"), "\(file)")
            let decodes = (try? ScreenFile.load(path: file)) != nil
            #expect(decodes == expectValid, "\(file)")
        }
    }
}
