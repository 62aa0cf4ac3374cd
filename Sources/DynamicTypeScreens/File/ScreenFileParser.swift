import Foundation
import Yams

/// JSON and YAML text → ``ScreenFileValue``, with the parser's line and column on syntax errors.
enum ScreenFileParser {
    static func json(_ data: Data, origin: String) throws(ScreenFileError) -> ScreenFileValue {
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) } catch {
            let nsError = error as NSError
            let detail = (nsError.userInfo[NSDebugDescriptionErrorKey] as? String) ?? nsError.localizedDescription
            let (line, column) = lineAndColumn(in: detail, data: data)
            throw ScreenFileError(
                file: origin, path: "", reason: .malformed, message: "malformed JSON: \(detail)", line: line, column: column)
        }
        guard let value = ScreenFileValue(foundation: object) else {
            throw ScreenFileError(file: origin, path: "$", reason: .malformed, message: "malformed JSON: a value of unknown type")
        }
        return value
    }

    static func yaml(_ data: Data, origin: String) throws(ScreenFileError) -> ScreenFileValue {
        guard let text = String(data: data, encoding: .utf8) else {
            throw ScreenFileError(file: origin, path: "", reason: .malformed, message: "malformed YAML: the file is not UTF-8")
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

    /// Foundation's JSON errors say "around line 3, column 5" on Darwin and "around character 38"
    /// (a 0-based byte offset) on Linux; both become a 1-based line and column.
    private static func lineAndColumn(in detail: String, data: Data) -> (Int?, Int?) {
        if let match = detail.firstMatch(of: /line (\d+), column (\d+)/) { return (Int(match.1), Int(match.2)) }
        guard let match = detail.firstMatch(of: /character (\d+)/), let offset = Int(match.1), offset <= data.count else {
            return (nil, nil)
        }
        let before = data.prefix(offset)
        let line = before.count(where: { $0 == UInt8(ascii: "\n") }) + 1
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? data.startIndex
        return (line, offset - (lineStart - data.startIndex) + 1)
    }
}
