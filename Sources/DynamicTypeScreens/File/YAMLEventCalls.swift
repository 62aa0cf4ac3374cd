internal import CYaml
import Foundation

// Every call into libyaml (Yams' bundled copy, module CYaml) made by this package is in this file.
//
// # Why a pass over libyaml's events before Yams composes the tree
// Yams resolves an alias to the node its anchor names, sharing it; walking the composed tree (our
// reader does, and Yams' own duplicate-key check hashes every mapping key) then visits every
// expansion: a 1 KB "billion laughs" file of 9 anchors, each listing the previous one 9 times,
// took 36 s and 7.7 GB before it was killed. Screens need neither anchors nor aliases, so the
// event stream — linear in the file, nothing expanded — is read first and the first anchor or
// alias is refused with its line, before any node exists. Token maps (DynamicTypeSwiftUI's
// DesignTokens) refuse them the same way, through this one helper.

/// The libyaml event pass that finds anchors and aliases before a YAML document is composed
/// (package API: every YAML reader of the package uses it).
package enum YAMLEventCalls {
    /// Where the first anchor (`&name`) or alias (`*name`) is, and which it is; nil when there is
    /// none, or when the YAML is malformed before one (Yams then reports the syntax error).
    package static func firstAnchorOrAlias(in data: Data) -> (isAlias: Bool, line: Int, column: Int)? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        return data.withUnsafeBytes { raw -> (Bool, Int, Int)? in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(&parser, base, raw.count)
            var event = yaml_event_t()
            while yaml_parser_parse(&parser, &event) == 1 {
                defer { yaml_event_delete(&event) }
                let mark = (Int(event.start_mark.line) + 1, Int(event.start_mark.column) + 1)
                switch event.type {
                case YAML_STREAM_END_EVENT: return nil
                case YAML_ALIAS_EVENT: return (true, mark.0, mark.1)
                case YAML_SCALAR_EVENT where event.data.scalar.anchor != nil,
                    YAML_SEQUENCE_START_EVENT where event.data.sequence_start.anchor != nil,
                    YAML_MAPPING_START_EVENT where event.data.mapping_start.anchor != nil:
                    return (false, mark.0, mark.1)
                default: continue
                }
            }
            return nil  // a syntax error: Yams reports it with its own message
        }
    }
}
