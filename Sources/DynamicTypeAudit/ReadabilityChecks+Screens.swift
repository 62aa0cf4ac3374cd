import DynamicTypeCore
import DynamicTypeScreens
import Foundation
import TextStack

extension ReadabilityChecks {
    /// Every finding in a laid-out screen, for its category and locale:
    ///
    /// - text: truncated or cut (and plural or device variants that would be), shrunk by
    ///   `minimumScaleFactor` (info), clipped by a fixed-height row, below a text view's box (info),
    ///   a font that does not follow the category ("stays 17 pt at AX5"), below the minimum size,
    ///   contrast against the view's own background (else its ancestors', else the screen's), words
    ///   wider than the line, fallback and missing glyphs, a missing translation;
    /// - buttons under their minimum tap target; rows (horizontal stacks) whose children need more
    ///   width than they have; sibling views that overlap; views past the screen's edges (or below
    ///   the bottom of a screen that does not scroll); content below the first screen (info).
    ///
    /// ```swift
    /// let findings = ReadabilityChecks.findings(in: laidOut, profile: .ios)
    /// ```
    public static func findings(in laidOut: LaidOutScreen, profile: TypeRampProfile) -> [Finding] {
        let screen = laidOut.screen
        let category = laidOut.category
        let locale = laidOut.locale
        var result: [Finding] = []
        func add(_ kind: Finding.Kind, _ severity: Finding.Severity, _ element: String, _ message: String, area: Rect? = nil) {
            result.append(
                Finding(kind: kind, severity: severity, element: element, category: category, message: message, locale: locale).at(area))
        }
        let views = laidOut.views
        for (index, view) in views.enumerated() {
            let element = "\(screen.name): \(view.path)"
            if let text = view.text {
                result += textFindings(text, view: view, element: element, background: background(of: index, in: laidOut), laidOut: laidOut, profile: profile)
                    .map { $0.at(view.frame) }
            }
            if let minimum = view.minimumTapTarget, view.frame.width < minimum - 1e-6 || view.frame.height < minimum - 1e-6 {
                add(
                    .smallTapTarget, .warning, element,
                    "tap target is \(fmt(view.frame.width)) × \(fmt(view.frame.height)) pt, under \(fmt(minimum)) × \(fmt(minimum)) pt",
                    area: view.frame)
            }
            if case .stack(let axis, let natural, let available, let hasAccessibilityAxis) = view.content, axis == .horizontal,
                natural > available + 0.5
            {
                let fix =
                    hasAccessibilityAxis
                    ? "it turns vertical from accessibility1 (accessibilityAxis)"
                    : "set accessibilityAxis: vertical to stack them at accessibility sizes"
                add(
                    .crampedRow, hasAccessibilityAxis ? .info : .warning, element,
                    "children need \(fmt(natural)) pt but the row has \(fmt(available)) pt, so text is squeezed; \(fix)", area: view.frame)
            }
            let frame = view.frame
            if let keyboard = laidOut.keyboardFrame, view.text != nil || view.kind == .image,
                frame.intersection(keyboard).height > 0.5, frame.minY < laidOut.foldHeight
            {
                add(
                    .underKeyboard, screen.scrolls ? .info : .warning, element,
                    screen.scrolls
                        ? "covered by the \(fmt(keyboard.height)) pt keyboard; the screen scrolls, so it can be reached"
                        : "covered by the \(fmt(keyboard.height)) pt keyboard, and the screen does not scroll", area: view.frame)
            }
            if frame.maxX > laidOut.size.width + 0.5 {
                add(.offScreen, .error, element, "reaches \(fmt(frame.maxX - laidOut.size.width)) pt past the right edge of the screen", area: frame)
            } else if frame.minX < -0.5 {
                add(.offScreen, .error, element, "starts \(fmt(-frame.minX)) pt left of the screen")
            }
            if !screen.scrolls, frame.maxY > laidOut.foldHeight + 0.5, view.parent == nil {
                add(
                    .offScreen, .error, element,
                    "ends \(fmt(frame.maxY - laidOut.foldHeight)) pt below the bottom of a screen that does not scroll")
            }
        }
        // Siblings that overlap (one finding per pair): texts that collide, wherever they are
        // (an overlay's title and value), and views whose frames meet outside an overlay. Each
        // view reports at most `maximumOverlapsPerView` siblings: in an overlay of n labels every
        // pair meets, and listing n² pairs made 3,000 labels a 1.75 GB report; the sweep moves on
        // from a view once it has reported that many, so the check stays linear too.
        var overlapsReported = [Int](repeating: 0, count: views.count)
        var overlapsUnlisted = 0
        var children: [Int?: [Int]] = [:]
        for (index, view) in views.enumerated() { children[view.parent, default: []].append(index) }
        let extents = views.map(textExtent)
        for (parent, siblings) in children.sorted(by: { ($0.key ?? -1) < ($1.key ?? -1) }) {
            var isOverlay = false
            if let parent, case .stack(.overlay, _, _, _) = views[parent].content { isOverlay = true }
            // Sorted by top edge, each view is compared only with the siblings that start above
            // its bottom: a column of hundreds of views costs a pass, not every pair.
            let bounds = siblings.map { index in extents[index].map { views[index].frame.union($0) } ?? views[index].frame }
            let order = siblings.indices.sorted { (bounds[$0].minY, $0) < (bounds[$1].minY, $1) }
            for (rank, i) in order.enumerated() {
                for j in order[(rank + 1)...] {
                    guard bounds[j].minY < bounds[i].maxY else { break }
                    if overlapsReported[siblings[i]] >= maximumOverlapsPerView {
                        overlapsUnlisted += 1
                        break
                    }
                    let (a, b) = (siblings[min(i, j)], siblings[max(i, j)])
                    let overlap: Rect
                    let what: String
                    if let first = extents[a], let second = extents[b] {
                        overlap = first.intersection(second)
                        what = "its text overlaps the text of"
                    } else if !isOverlay {
                        overlap = views[a].frame.intersection(views[b].frame)
                        what = "overlaps"
                    } else {
                        continue
                    }
                    guard overlap.width > 0.5, overlap.height > 0.5 else { continue }
                    overlapsReported[siblings[i]] += 1
                    add(
                        .overlapping, .error, "\(screen.name): \(views[a].path)",
                        "\(what) \(views[b].path) by \(fmt(overlap.width)) × \(fmt(overlap.height)) pt", area: overlap)
                }
            }
        }
        if overlapsUnlisted > 0 {
            add(
                .moreFindings, .info, screen.name,
                "\(overlapsUnlisted) view\(overlapsUnlisted == 1 ? "" : "s") reached \(maximumOverlapsPerView) overlapping siblings; "
                    + "further overlaps of \(overlapsUnlisted == 1 ? "it" : "those views") are not checked or listed")
        }
        if screen.scrolls, laidOut.contentHeight > laidOut.foldHeight + 0.5 {
            add(
                .belowFold, .info, screen.name,
                "content is \(fmt(laidOut.contentHeight)) pt tall, \(fmt(laidOut.contentHeight - laidOut.foldHeight)) pt below the first screen (it scrolls)")
        }
        return capped(markingSamples(result, in: laidOut), element: screen.name, category: category, locale: locale)
    }

    /// `findings` with those about a view drawn with sample text marked (``Finding/sampleText``)
    /// and saying so in their message, so a team knows which verdicts rest on a stand-in.
    static func markingSamples(_ findings: [Finding], in laidOut: LaidOutScreen) -> [Finding] {
        var samples: [String: String] = [:]
        for view in laidOut.views { if let sample = view.sample { samples["\(laidOut.screen.name): \(view.path)"] = sample } }
        guard !samples.isEmpty else { return findings }
        return findings.map { finding in
            // A missing translation is about the key, whatever fills its placeholders.
            guard let sample = samples[finding.element], finding.kind != .missingTranslation else { return finding }
            var marked = finding
            marked.sampleText = sample
            marked.message += " [sample text for \(sample): the source does not give it; set it with --samples]"
            return marked
        }
    }

    /// The most siblings one view is reported to overlap.
    public static let maximumOverlapsPerView = 3

    /// The most findings listed for one view at one category and locale: a report stays
    /// proportional to what a reader can act on, whatever the input.
    public static let maximumFindingsPerView = 200

    /// `findings` cut to ``maximumFindingsPerView``, the most severe kept (in their order), with
    /// one ``Finding/Kind/moreFindings`` saying how many of each kind were left out.
    static func capped(_ findings: [Finding], element: String, category: ContentSizeCategory, locale: String?) -> [Finding] {
        guard findings.count > maximumFindingsPerView else { return findings }
        let ranked = findings.indices.sorted { (findings[$1].severity, $0) < (findings[$0].severity, $1) }
        let kept = Set(ranked.prefix(maximumFindingsPerView - 1))
        var left: [Finding.Kind: Int] = [:]
        for index in findings.indices where !kept.contains(index) { left[findings[index].kind, default: 0] += 1 }
        let counts = left.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.value) \($0.key.rawValue)" }
        let total = findings.count - kept.count
        return findings.indices.filter(kept.contains).map { findings[$0] } + [
            Finding(
                kind: .moreFindings, severity: .info, element: element, category: category,
                message: "\(total) more finding\(total == 1 ? "" : "s") not listed (\(counts.joined(separator: ", "))); fix the ones above first",
                locale: locale)
        ]
    }

    private static func textFindings(
        _ text: LaidOutText, view: LaidOutView, element: String, background: RGBAColor, laidOut: LaidOutScreen,
        profile: TypeRampProfile
    ) -> [Finding] {
        let category = laidOut.category
        let locale = laidOut.locale
        var result: [Finding] = []
        func add(_ kind: Finding.Kind, _ severity: Finding.Severity, _ message: String) {
            result.append(Finding(kind: kind, severity: severity, element: element, category: category, message: message, locale: locale))
        }
        let sample = quoted(text.resolved.text)
        if text.isTruncated {
            let limit = text.lineLimit == 0 ? "" : " to \(text.lineLimit) line\(text.lineLimit == 1 ? "" : "s")"
            let how = text.lineBreak == .wordWrap || text.lineBreak == .charWrap || text.lineBreak == .clip ? "cut off" : "truncated"
            add(.truncated, .warning, "\(sample) is \(how)\(limit) in \(fmt(text.box.width)) pt (\(text.lineBreak.rawValue))")
        }
        for variant in text.truncatedVariants {
            add(.truncated, .warning, "the \(variant) variant of \(sample) would be truncated in \(fmt(text.box.width)) pt")
        }
        if text.shrinkScale < 1 - 1e-9 {
            add(
                .truncated, .info,
                "\(sample) shrinks to \(Int((text.shrinkScale * 100).rounded())) % (\(fmt(text.font.pointSize)) pt) to fit one line")
        }
        if text.overflowLength > 0 {
            add(.overflow, .warning, "\(text.overflowLength) characters fit in none of the \(text.columns) columns of \(fmt(text.box.height)) pt")
        } else if text.neededHeight > text.box.height + 0.5 {
            if view.kind == .textView {
                add(.belowFold, .info, "text continues \(fmt(text.neededHeight - text.box.height)) pt below its \(fmt(text.box.height)) pt box (it scrolls)")
            } else {
                add(.clipped, .error, "\(sample) needs \(fmt(text.neededHeight)) pt but its row leaves \(fmt(text.box.height)) pt")
            }
        }
        if !text.scales, category > .large, abs(text.font.pointSize - text.sizeAtLarge) < 0.05 {
            add(
                .notScaling, .warning,
                "font stays \(fmt(text.font.pointSize)) pt at \(category.name): use a text style, relativeTo, or adjustsFontForContentSizeCategory")
        }
        result += minimumSize(element: element, sizes: [text.font.pointSize], profile: profile, category: category).map {
            var finding = $0
            finding.locale = locale
            return finding
        }
        if var finding = contrast(
            text.color, on: background, size: text.font.pointSize, bold: text.font.weight >= .bold, sample: text.resolved.text,
            element: element, category: category)
        {
            finding.locale = locale
            result.append(finding)
        }
        // A truncated label's last line ends mid-word by design ("Einstellung…"): that is the
        // `truncated` finding already, not a word wider than the line.
        let checkedLines = text.isTruncated ? Array(text.lines.dropLast()) : text.lines
        result += wordAndFontFindings(lines: checkedLines, fallbacks: text.fallbacks, element: element, category: category).map {
            var finding = $0
            finding.locale = locale
            return finding
        }
        switch text.resolved.fallback {
        case .sourceLanguage(let missing)?:
            add(
                .missingTranslation, .warning,
                "key \(quoted(text.resolved.key ?? "")) has no \(missing) translation: the source language's text is shown")
        case .key(let missing)?:
            // Without a locale (no --strings, no --locales) the key standing for its text is expected.
            add(
                .missingTranslation, missing == nil ? .info : .warning,
                "key \(quoted(text.resolved.key ?? "")) is in no strings file\(missing.map { " for \($0)" } ?? ""): the key itself is shown")
        case nil:
            break
        }
        return result
    }

    /// Where a view's text is drawn (the union of its lines' used rectangles), in screen points.
    private static func textExtent(_ view: LaidOutView) -> Rect? {
        guard let text = view.text, !text.lines.isEmpty else { return nil }
        var extent = Rect(x: 0, y: 0, width: 0, height: 0)
        for line in text.lines where line.textWidth > 0 {
            let used = line.usedRect.offsetBy(dx: text.origin.x, dy: text.origin.y)
            extent = extent.isEmpty && extent.origin == .zero ? used : extent.union(used)
        }
        guard !extent.isEmpty else { return nil }
        // Text is drawn cut to its box's height (a fixed row, a text view): what is cut off is the
        // `clipped` finding, and it meets nothing below.
        let shown = extent.intersection(Rect(x: extent.minX, y: text.box.minY, width: extent.width, height: max(0, text.box.height)))
        return shown.isEmpty ? nil : shown
    }

    /// The colour behind a view: its own background, else the nearest ancestor's, else the screen's.
    private static func background(of index: Int, in laidOut: LaidOutScreen) -> RGBAColor {
        var current: Int? = index
        while let at = current {
            if let color = laidOut.views[at].background, color.alpha > 0 { return color }
            current = laidOut.views[at].parent
        }
        return laidOut.screen.background
    }

    private static func quoted(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return "\"" + (line.count > 40 ? line.prefix(39) + "…" : line) + "\""
    }
}
