/// Gives DSL views their ids: the ones authors chose, and derived ones (`label-1`, `stack-2`, …)
/// numbered per kind in document order, skipping ids already taken — stable as long as the
/// screen's structure is, and unique in the screen.
enum ScreenViewIDs {
    static func resolve(_ drafts: [ScreenViewDraft]) -> [ScreenView] {
        var taken: Set<String> = []
        for draft in drafts { collectGiven(draft, into: &taken) }
        var counters: [ScreenView.Kind: Int] = [:]
        return drafts.map { finish($0, taken: &taken, counters: &counters) }
    }

    /// Author-given ids, which must be unique: two views with one id is a programming error,
    /// as for SwiftUI's `ForEach` ids.
    private static func collectGiven(_ draft: ScreenViewDraft, into taken: inout Set<String>) {
        guard let children = draft.children else {
            collectFinished(draft.view, into: &taken)
            return
        }
        if let id = draft.givenID {
            precondition(taken.insert(id).inserted, "duplicate view id '\(id)' in a screen: ids must be unique")
        }
        for child in children { collectGiven(child, into: &taken) }
    }

    private static func collectFinished(_ view: ScreenView, into taken: inout Set<String>) {
        precondition(taken.insert(view.id).inserted, "duplicate view id '\(view.id)' in a screen: ids must be unique")
        for child in view.children { collectFinished(child, into: &taken) }
    }

    private static func finish(
        _ draft: ScreenViewDraft, taken: inout Set<String>, counters: inout [ScreenView.Kind: Int]
    ) -> ScreenView {
        guard let children = draft.children else { return draft.view }
        let kind = draft.view.kind
        var id = draft.givenID
        while id == nil {
            counters[kind, default: 0] += 1
            let candidate = "\(kind.rawValue)-\(counters[kind]!)"
            if taken.insert(candidate).inserted { id = candidate }
        }
        let finishedChildren = children.map { finish($0, taken: &taken, counters: &counters) }
        return draft.finished(id: id!, children: finishedChildren)
    }
}
