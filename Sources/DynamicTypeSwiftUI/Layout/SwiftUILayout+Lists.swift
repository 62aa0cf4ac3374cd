import DynamicTypeCore
import DynamicTypeScreens
import Foundation
import TextStack

/// `List` and `Form` in the inset-grouped style iOS gives them by default: sections are rounded
/// white groups inset from the screen's edges on the grouped background, rows at least 44 pt tall
/// with their content inset, a footnote header above each group and a footer below. The row rule
/// is Apple's ("The height of list rows is bounded below by this default value, and is otherwise
/// determined by the height of the row's content and the row insets",
/// developer.apple.com/documentation/swiftui/environmentvalues/defaultminlistrowheight); the
/// metrics are the tool's reading of iOS 17 screenshots, not from a published source (the
/// conformance suite has no list cases for that reason).
extension SwiftUILayoutPass {
    /// Inset-grouped metrics (iPhone, iOS 17): the group's inset from the screen's edges.
    static let groupInset = 16.0
    /// The row content's inset inside the group.
    static let rowInset = 16.0
    /// Space above and below a row's content.
    static let rowPadding = 11.0
    /// The least row height (`UITableView`'s 44 pt).
    static let minimumRowHeight = 44.0
    /// Space between sections, and above the first.
    static let sectionGap = 20.0
    /// The grouped background (`systemGroupedBackground`).
    static let groupedBackground = RGBAColor(red: 0.949, green: 0.949, blue: 0.969)

    /// A section laid out: where its parts go, relative to the list's origin.
    struct SectionLayout {
        var headers: [(node: ViewNode, frame: Rect, proposal: Proposal)] = []
        var group = Rect(x: 0, y: 0, width: 0, height: 0)
        var rows: [(node: ViewNode, frame: Rect, proposal: Proposal, row: Rect)] = []
        var footers: [(node: ViewNode, frame: Rect, proposal: Proposal)] = []
        var size = Size.zero
    }

    /// The sections of a list: its `Section`s, with rows outside a section gathered into one.
    func sections(of node: ViewNode) -> [ViewNode] {
        var result: [ViewNode] = []
        var loose: [ViewNode] = []
        func flush() {
            guard !loose.isEmpty else { return }
            result.append(ViewNode(.section(headers: 0, footers: 0), children: loose, location: loose[0].location))
            loose = []
        }
        for child in node.children {
            if case .section = child.kind {
                flush()
                result.append(child)
            } else {
                loose.append(child)
            }
        }
        flush()
        return result
    }

    /// A list `width` wide: its sections top to bottom.
    func listLayout(_ node: ViewNode, width: Double, _ env: TextEnvironment) throws -> (size: Size, sections: [(SectionLayout, Double)]) {
        var y = Self.sectionGap
        var laid: [(SectionLayout, Double)] = []
        for section in sectionNodes(node) {
            let layout = try listSection(section, width: width, env, inList: true)
            laid.append((layout, y))
            y += layout.size.height + Self.sectionGap
        }
        return (Size(width: width, height: y), laid)
    }

    /// The sections of `node`, cached per node so repeated measuring reuses the same wrapper nodes.
    private func sectionNodes(_ node: ViewNode) -> [ViewNode] {
        if let known = sectionCache[ObjectIdentifier(node)] { return known }
        let made = sections(of: node)
        sectionCache[ObjectIdentifier(node)] = made
        return made
    }

    /// One section `width` wide. Outside a list a section is its header, rows and footer in a column.
    func listSection(_ node: ViewNode, width: Double, _ env: TextEnvironment, inList: Bool) throws -> SectionLayout {
        guard case .section(let headerCount, let footerCount) = node.kind else { return SectionLayout() }
        var env = env
        env.stackAxis = nil
        let headers = Array(node.children.prefix(headerCount))
        let footers = Array(node.children.dropFirst(headerCount).prefix(footerCount))
        let rows = Array(node.children.dropFirst(headerCount + footerCount))
        var layout = SectionLayout()
        let groupInset = inList ? Self.groupInset : 0
        let rowInset = inList ? Self.rowInset : 0
        let noteEnv = noteEnvironment(env)
        var y = 0.0
        let noteWidth = max(0, width - 2 * (groupInset + rowInset))
        for header in headers {
            let proposal = Proposal(width: noteWidth, height: nil)
            let size = try size(header, proposal, noteEnv)
            layout.headers.append((header, Rect(x: groupInset + rowInset, y: y, width: size.width, height: size.height), proposal))
            y += size.height + 6
        }
        let groupTop = y
        let rowWidth = max(0, width - 2 * (groupInset + rowInset))
        for row in rows {
            let proposal = Proposal(width: rowWidth, height: nil)
            let size = try size(row, proposal, env)
            let height = inList ? max(Self.minimumRowHeight, size.height + 2 * Self.rowPadding) : size.height
            let rowRect = Rect(x: groupInset, y: y, width: width - 2 * groupInset, height: height)
            let frame = Rect(x: groupInset + rowInset, y: y + (height - size.height) / 2, width: size.width, height: size.height)
            layout.rows.append((row, frame, proposal, rowRect))
            y += height + (inList ? 0 : ViewSpacing.defaultDistance)
        }
        layout.group = Rect(x: groupInset, y: groupTop, width: width - 2 * groupInset, height: y - groupTop)
        for footer in footers {
            y += 6
            let proposal = Proposal(width: noteWidth, height: nil)
            let size = try size(footer, proposal, noteEnv)
            layout.footers.append((footer, Rect(x: groupInset + rowInset, y: y, width: size.width, height: size.height), proposal))
            y += size.height
        }
        layout.size = Size(width: width, height: y)
        return layout
    }

    /// The environment headers and footers are laid out in.
    func noteEnvironment(_ env: TextEnvironment) -> TextEnvironment {
        var noteEnv = env
        noteEnv.stackAxis = nil
        noteEnv.font = .style(.footnote)
        noteEnv.color = noteEnv.color ?? ViewBuilder.systemColors["secondary"]
        return noteEnv
    }
}
