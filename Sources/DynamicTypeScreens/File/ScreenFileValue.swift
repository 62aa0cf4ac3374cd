import Foundation
import DynamicTypeCore

/// A parsed screen file: the JSON data model that both JSON and YAML files turn into, so one
/// reader checks both formats and every error can name its field path.
///
/// Objects keep their members in file order (both readers keep it), which makes "the first
/// problem" the same on every run and the one a reader meets first in the file.
package indirect enum ScreenFileValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([ScreenFileValue])
    case object([Member])

    /// One member of an object.
    package struct Member: Hashable, Sendable {
        package var key: String
        package var value: ScreenFileValue

        package init(_ key: String, _ value: ScreenFileValue) {
            self.key = key
            self.value = value
        }
    }

    /// A human word for the value's type, for "expected …, found …" messages.
    package var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value as a Foundation property-list tree for `JSONSerialization`.
    package var foundationObject: Any {
        switch self {
        case .null: NSNull()
        case .bool(let value): NSNumber(value: value)
        // Whole numbers are written without ".0" so files read as people write them.
        case .number(let value): value.rounded() == value && abs(value) < 1e15 ? NSNumber(value: Int(value)) : NSNumber(value: value)
        case .string(let value): value
        case .array(let items): items.map(\.foundationObject)
        case .object(let members):
            Dictionary(members.map { ($0.key, $0.value.foundationObject) }, uniquingKeysWith: { _, last in last })
        }
    }

    /// Converts a strictly parsed JSON document.
    package init(_ value: StrictJSON.Value) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number, _): self = .number(number)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(ScreenFileValue.init))
        case .object(let members): self = .object(members.map { Member($0.key, ScreenFileValue($0.value)) })
        }
    }
}

// The Codable conformances of the model go through this tree (see `Screen+Codable.swift`), so
// `JSONEncoder`/`JSONDecoder` and the file reader share one set of rules.
extension ScreenFileValue: Codable {
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    package init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: AnyKey.self) {
            self = .object(
                try container.allKeys.sorted { $0.stringValue < $1.stringValue }.map { key in
                    Member(key.stringValue, try container.decode(ScreenFileValue.self, forKey: key))
                })
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var items: [ScreenFileValue] = []
            while !container.isAtEnd { items.append(try container.decode(ScreenFileValue.self)) }
            self = .array(items)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let value):
            var container = encoder.singleValueContainer()
            if value.rounded() == value && abs(value) < 1e15 { try container.encode(Int(value)) } else { try container.encode(value) }
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .object(let members):
            var container = encoder.container(keyedBy: AnyKey.self)
            for member in members { try container.encode(member.value, forKey: AnyKey(stringValue: member.key)) }
        }
    }
}
