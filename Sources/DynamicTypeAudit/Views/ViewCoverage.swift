import DynamicTypeCore

/// How much of a view read from source (a SwiftUI view) was laid out for real: its nodes, those
/// drawn as opaque boxes because they cannot be read statically, and the documented stand-ins it
/// was drawn with (an SF Symbol as a box of the symbol's size). `report.json` gives it per view
/// and, summed, per file (``FileCoverage``), so a team sees what the findings cover.
package struct ViewCoverage: Codable, Hashable, Sendable {
    /// Nodes in the view's tree: views and modifiers, the app's own views resolved into them.
    package var nodes: Int
    /// Nodes laid out with SwiftUI's rules (not opaque boxes).
    package var laidOut: Int
    /// What was drawn as an opaque box, with where: `GeometryReader (Feed.swift:12)`.
    package var opaque: [String]
    /// Documented stand-ins the drawing uses, with where:
    /// `Image(systemName:) (Row.swift:14): drawn as a box of the symbol's size for its font`.
    package var approximations: [String]
    /// Texts drawn with a sample because the source does not give their text (`Text(item.title)`),
    /// with what each stands for: `item.title (a title) (Row.swift:14)`.
    package var samples: [String] = []

    /// The most nodes a report may claim for one view (a reader keeps far fewer), so sums of a
    /// merged report's counts cannot overflow.
    package static let maximumNodes = 1_000_000

    /// A view's coverage.
    package init(nodes: Int, laidOut: Int, opaque: [String] = [], approximations: [String] = [], samples: [String] = []) {
        self.nodes = max(0, nodes)
        self.laidOut = min(max(0, laidOut), max(0, nodes))
        self.opaque = opaque
        self.approximations = approximations
        self.samples = samples
    }

    /// The share of nodes laid out, in percent rounded down (100 for an empty tree), so 99.9 % is
    /// never shown as complete.
    package var percent: Int { nodes == 0 ? 100 : laidOut * 100 / nodes }

    enum CodingKeys: String, CodingKey {
        case nodes, laidOut, percent, opaque, approximations, samples
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Reports are read back by merge: counts from a file are checked, never trusted.
        let nodes = try container.decode(Int.self, forKey: .nodes)
        let laidOut = try container.decode(Int.self, forKey: .laidOut)
        guard (0...Self.maximumNodes).contains(nodes) else {
            throw DecodingError.dataCorruptedError(
                forKey: .nodes, in: container, debugDescription: "coverage: nodes \(nodes) is not within 0…\(Self.maximumNodes)")
        }
        guard (0...nodes).contains(laidOut) else {
            throw DecodingError.dataCorruptedError(
                forKey: .laidOut, in: container, debugDescription: "coverage: laidOut \(laidOut) is not within 0…nodes (\(nodes))")
        }
        self.init(
            nodes: nodes, laidOut: laidOut, opaque: try container.decode([String].self, forKey: .opaque),
            approximations: try container.decode([String].self, forKey: .approximations),
            // Reports from before samples were listed have none.
            samples: try container.decodeIfPresent([String].self, forKey: .samples) ?? [])
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(nodes, forKey: .nodes)
        try container.encode(laidOut, forKey: .laidOut)
        try container.encode(percent, forKey: .percent)
        try container.encode(opaque, forKey: .opaque)
        try container.encode(approximations, forKey: .approximations)
        try container.encode(samples, forKey: .samples)
    }
}

/// The coverage of the views read from one file, summed (``ViewCoverage``): `report.json`'s
/// `coverage` list, one entry per source file.
package struct FileCoverage: Codable, Hashable, Sendable {
    /// The file.
    package var file: String
    /// Views declared in it (each once, whatever the locales it was checked in).
    package var views: Int
    /// Of those, views with no opaque box.
    package var completeViews: Int
    /// Nodes of its views' trees.
    package var nodes: Int
    /// Of those, nodes laid out.
    package var laidOut: Int
    /// `laidOut` as a share of `nodes`, in percent rounded down.
    package var percent: Int

    /// One entry per file of `views` that have a coverage, in the views' order; a view checked in
    /// several locales counts once (`key`: its id without the locale).
    package static func summaries<Views: Sequence>(
        of views: Views
    ) -> [FileCoverage] where Views.Element == (file: String?, key: String, coverage: ViewCoverage?) {
        var order: [String] = []
        var seen = Set<[String]>()
        var entries: [String: FileCoverage] = [:]
        for (file, key, coverage) in views {
            guard let file, let coverage, seen.insert([file, key]).inserted else { continue }
            if entries[file] == nil {
                order.append(file)
                entries[file] = FileCoverage(file: file, views: 0, completeViews: 0, nodes: 0, laidOut: 0, percent: 100)
            }
            entries[file]?.views += 1
            entries[file]?.completeViews += coverage.opaque.isEmpty && coverage.laidOut == coverage.nodes ? 1 : 0
            entries[file]?.nodes += coverage.nodes
            entries[file]?.laidOut += coverage.laidOut
        }
        return order.compactMap { file in
            guard var entry = entries[file] else { return nil }
            entry.percent = entry.nodes == 0 ? 100 : entry.laidOut * 100 / entry.nodes
            return entry
        }
    }
}
