internal import CYaml
import Foundation

/// The first YAML anchor (`&name`) or alias (`*name`) in a document, found from libyaml's event
/// stream before Yams composes a tree.
///
/// Yams resolves an alias to the node its anchor names, sharing it; walking the composed tree (the
/// config reader does, and Yams' duplicate-key check hashes every mapping key) then visits every
/// expansion, so a 1 KB "billion laughs" file runs for minutes and gigabytes. `.dyntype.yml` needs
/// neither anchors nor aliases: the event stream (linear in the file, nothing expanded) is read
/// first and the first one refused with its line. The same approach as DynamicTypeScreens' screen
/// file reader (YAMLEventCalls), which lint does not depend on; a shared helper would belong in a
/// target both use.
enum YAMLAnchorScan {
    /// What was found and where (1-based).
    struct Found: Equatable {
        /// An alias (`*name`), else an anchor (`&name`).
        var isAlias: Bool
        var line: Int
        var column: Int
    }

    /// The first anchor or alias in `text`; nil when there is none, or when the YAML is malformed
    /// before one (Yams then reports the syntax error).
    static func first(in text: String) -> Found? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> Found? in
            guard let base = buffer.baseAddress else { return nil }
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            yaml_parser_set_input_string(&parser, base, buffer.count)
            var event = yaml_event_t()
            while yaml_parser_parse(&parser, &event) == 1 {
                defer { yaml_event_delete(&event) }
                let line = Int(event.start_mark.line) + 1, column = Int(event.start_mark.column) + 1
                switch event.type {
                case YAML_STREAM_END_EVENT: return nil
                case YAML_ALIAS_EVENT: return Found(isAlias: true, line: line, column: column)
                case YAML_SCALAR_EVENT where event.data.scalar.anchor != nil,
                    YAML_SEQUENCE_START_EVENT where event.data.sequence_start.anchor != nil,
                    YAML_MAPPING_START_EVENT where event.data.mapping_start.anchor != nil:
                    return Found(isAlias: false, line: line, column: column)
                default: continue
                }
            }
            return nil
        }
    }
}
