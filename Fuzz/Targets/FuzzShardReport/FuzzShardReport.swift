// libFuzzer target: the shard-report reader of `dyntype merge` — a shard's report.json decoded as
// ShardMergeRun does (the tool header, then PreviewReport or SwitchReport), merged as one shard and
// as the same shard given twice, and the merged report encoded again. Run with
// scripts/fuzz.sh shard-report.
import DynamicTypeAudit
import DyntypeFuzzSupport
import Foundation

private struct Header: Decodable { var tool: ReportTool }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzShardReport(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    guard let header = try? JSONDecoder().decode(Header.self, from: data) else { return 0 }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    switch header.tool.command {
    case "preview":
        guard let report = try? JSONDecoder().decode(PreviewReport.self, from: data) else { return 0 }
        let piece = PreviewMerge.Piece(name: "shard-1", report: report)
        if let merged = try? PreviewMerge.merge([piece]) { _ = try? encoder.encode(merged.report) }
        _ = try? PreviewMerge.merge([piece, PreviewMerge.Piece(name: "shard-2", report: report)])
    case "switch":
        guard let report = try? JSONDecoder().decode(SwitchReport.self, from: data) else { return 0 }
        if let merged = try? SwitchMerge.merge([report], names: ["shard-1"]) { _ = try? encoder.encode(merged) }
        _ = try? SwitchMerge.merge([report, report], names: ["shard-1", "shard-2"])
    default:
        break
    }
    return 0
}

@main
enum FuzzMain {
    static func main() { exit(dyntype_fuzz_main(CommandLine.argc, CommandLine.unsafeArgv)) }
}
