import Foundation
import DynamicTypeCore
import Yams

/// JSON and YAML text → ``ScreenFileValue``, with the parser's line and column on syntax errors.
enum ScreenFileParser {
    /// Strict JSON (``StrictJSON``): trailing commas, duplicate keys, comments and invalid UTF-8
    /// are refused with their line and column; a UTF-8 BOM is skipped, as in YAML.
    static func json(_ data: Data, origin: String) throws(ScreenFileError) -> ScreenFileValue {
        do { return ScreenFileValue(try StrictJSON.parse(data)) } catch {
            throw ScreenFileError(
                file: origin, path: "", reason: .malformed, message: "malformed JSON: \(error.message)", line: error.line,
                column: error.column)
        }
    }

    static func yaml(_ data: Data, origin: String) throws(ScreenFileError) -> ScreenFileValue {
        guard let text = String(data: data, encoding: .utf8) else {
            throw ScreenFileError(file: origin, path: "", reason: .malformed, message: "malformed YAML: the file is not UTF-8")
        }
        // Before any node exists: an alias would be expanded by every walk of the tree (see YAMLEventCalls).
        if let found = YAMLEventCalls.firstAnchorOrAlias(in: data) {
            throw ScreenFileError(
                file: origin, path: "", reason: .malformed,
                message: "YAML \(found.isAlias ? "aliases (*name)" : "anchors (&name)") are not supported in screen files; write the value out where it is used",
                line: found.line, column: found.column)
        }
        let root: Node?
        do { root = try Yams.compose(yaml: text) } catch let error as YamlError {
            throw yamlError(error, origin: origin)
        } catch {
            throw ScreenFileError(file: origin, path: "", reason: .malformed, message: "malformed YAML: \(error)")
        }
        guard let root else {
            throw ScreenFileError(file: origin, path: "$", reason: .wrongType, message: "expected a screen (an object), found an empty document")
        }
        return try value(root, path: "$", origin: origin)
    }

    /// A composed YAML node as the JSON data model (scalars typed by Yams' resolver: `true`,
    /// `12`, `1.5`, `null`, anything else a string).
    private static func value(_ node: Node, path: String, origin: String) throws(ScreenFileError) -> ScreenFileValue {
        switch node {
        case .scalar(let scalar):
            // Only plain (unquoted) scalars are typed; `"12"` and `'true'` stay strings.
            if scalar.style == .plain {
                if node.null != nil { return .null }
                if let flag = node.bool { return .bool(flag) }
                if let number = node.int { return .number(Double(number)) }
                if let number = node.float { return .number(number) }
            }
            return .string(node.string ?? "")
        case .sequence(let sequence):
            var items: [ScreenFileValue] = []
            for (index, item) in sequence.enumerated() { items.append(try value(item, path: "\(path)[\(index)]", origin: origin)) }
            return .array(items)
        case .mapping(let mapping):
            var members: [ScreenFileValue.Member] = []
            for (key, item) in mapping {
                guard case .scalar = key, let name = key.string else {
                    throw ScreenFileError(
                        file: origin, path: path, reason: .wrongType, message: "object keys must be strings",
                        line: key.mark?.line, column: key.mark?.column)
                }
                let itemPath = ScreenFileObject.path(path, key: name)
                if members.contains(where: { $0.key == name }) {
                    throw ScreenFileError(
                        file: origin, path: itemPath, reason: .malformed, message: "malformed YAML: duplicate key '\(name)'",
                        line: key.mark?.line, column: key.mark?.column)
                }
                members.append(.init(name, try value(item, path: itemPath, origin: origin)))
            }
            return .object(members)
        case .alias:
            throw ScreenFileError(
                file: origin, path: path, reason: .malformed, message: "YAML aliases are not supported in screen files",
                line: node.mark?.line, column: node.mark?.column)
        }
    }

    private static func yamlError(_ error: YamlError, origin: String) -> ScreenFileError {
        let (problem, mark): (String, Mark?) =
            switch error {
            case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
                (problem, mark)
            default: ("\(error)", nil)
            }
        return ScreenFileError(
            file: origin, path: "", reason: .malformed, message: "malformed YAML: \(problem)", line: mark?.line, column: mark?.column)
    }
}
