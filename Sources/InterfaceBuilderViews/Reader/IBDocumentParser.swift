import DynamicTypeCore
import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The SAX delegate that reads an Interface Builder file into ``IBScreen``s: a stack of open
/// elements, views added to the screen they belong to as they start, their frames, fonts, texts,
/// constraints and guides taken from their child elements. No tree of the XML is kept.
final class IBDocumentParser: NSObject, XMLParserDelegate {
    /// An open element.
    private struct Open {
        var name: String
        /// The view it is: (screen, index in the screen's views); nil for elements that are not views.
        var view: (screen: Int, index: Int)?
        /// A view element that is not laid out (a table's header, a bar button's custom view):
        /// views under it are skipped too, cells excepted.
        var skipped = false
        /// For view controllers: their name and storyboard identifier, and guides seen in them.
        var controller: (name: String, objectID: String, line: Int)?
    }

    let file: String
    private var stack: [Open] = []
    private(set) var screens: [IBScreen] = []
    private(set) var error: IBReadError?
    private var viewCount = 0
    private var constraintCount = 0
    private var designDevice: String?
    private var landscape = false
    /// Controllers that are a navigation controller's root, a tab bar controller's children.
    private var navigationRoots: Set<String> = []
    private var tabChildren: Set<String> = []
    /// Bars simulated explicitly per controller id (`simulatedTopBarMetrics`…).
    private var explicitBars: [String: EdgeInsets] = [:]
    private var imageSizes: [String: Size] = [:]
    /// Old-style `topLayoutGuide`/`bottomLayoutGuide` ids of the controller being read.
    private var controllerGuides: [(id: String, kind: IBGuide.Kind)] = []
    /// The text element (`<string key="text">`) being read, and where its characters go.
    private var textTarget: (screen: Int, index: Int)?
    private var textBuffer = ""
    /// Whether the document is a storyboard.
    private(set) var isStoryboard = false
    /// The flow layout of the collection view being read (its cell prototypes come after it).
    private var flowLayout: IBFlowLayout?

    init(file: String) { self.file = file }

    private func fail(_ line: Int, _ message: String, _ parser: XMLParser) {
        if error == nil { error = IBReadError(line: line, message: message) }
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if error == nil {
            error = IBReadError(
                line: max(1, parser.lineNumber),
                message: "not well-formed XML (XML error \((parseError as NSError).code)); fix the file in Xcode or a text editor")
        }
        parser.abortParsing()
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        guard error == nil else { return }
        let line = max(1, parser.lineNumber)
        guard stack.count < IBLimits.maximumDepth else {
            return fail(line, "elements nested deeper than \(IBLimits.maximumDepth): not an Interface Builder file Xcode writes", parser)
        }
        let attrs = IBAttributes(element: name, line: line, values: attributes)
        do {
            try start(name, attrs, parser: parser)
        } catch {
            if self.error == nil { self.error = error }
            parser.abortParsing()
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard textTarget != nil, textBuffer.count < IBLimits.maximumTextLength else { return }
        textBuffer += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        guard let open = stack.popLast() else { return }
        if name == "string", let target = textTarget {
            screens[target.screen].views[target.index].text?.text = String(textBuffer.prefix(IBLimits.maximumTextLength))
            textTarget = nil
            textBuffer = ""
        }
        if let controller = open.controller {
            // Guides of the old style may come before or after the root view: attach them now.
            if let screen = screens.lastIndex(where: { $0.objectID == controller.objectID }) {
                for guide in controllerGuides { screens[screen].guides[guide.id] = IBGuide(owner: 0, kind: guide.kind) }
            }
            controllerGuides = []
        }
    }

    // MARK: Elements

    /// The nearest open view (screen, index), and whether it is skipped.
    private var enclosingView: (view: (screen: Int, index: Int)?, skipped: Bool) {
        for open in stack.reversed() where open.view != nil || open.skipped { return (open.view, open.skipped) }
        return (nil, false)
    }

    /// The nearest open view controller.
    private var enclosingController: (name: String, objectID: String, line: Int)? {
        stack.reversed().lazy.compactMap(\.controller).first
    }

    private func start(_ name: String, _ attrs: IBAttributes, parser: XMLParser) throws(IBReadError) {
        var open = Open(name: name)
        defer { stack.append(open) }
        let parentName = stack.last?.name
        let owner = enclosingView.view

        if name == "document" {
            isStoryboard = (attrs["type"] ?? "").contains("Storyboard")
            if let runtime = attrs["targetRuntime"], !runtime.hasPrefix("iOS") {
                var error = IBReadError(
                    line: attrs.line, message: "a \(runtime) document: only iOS (UIKit) Interface Builder files are laid out; it is left out")
                error.unsupported = true
                throw error
            }
            return
        }
        if name == "device", parentName == "document" {
            designDevice = attrs["id"]
            landscape = attrs["orientation"] == "landscape"
            return
        }
        if name == "segue", attrs["kind"] == "relationship", let destination = attrs["destination"] {
            if attrs["relationship"] == "rootViewController" { navigationRoots.insert(destination) }
            if attrs["relationship"] == "viewControllers" { tabChildren.insert(destination) }
            return
        }
        if name.hasPrefix("simulated"), name.hasSuffix("Metrics"), let controller = enclosingController {
            var bars = explicitBars[controller.objectID] ?? EdgeInsets()
            switch name {
            case "simulatedNavigationBarMetrics": bars.top = UIKitMetrics.navigationBarHeight.value
            case "simulatedTabBarMetrics": bars.bottom = UIKitMetrics.tabBarHeight.value
            case "simulatedToolbarMetrics": bars.bottom = UIKitMetrics.toolbarHeight.value
            default: break
            }
            explicitBars[controller.objectID] = bars
            return
        }
        if name == "image", parentName == "resources", let image = attrs["name"] {
            let width = try attrs.number("width", in: 0...IBLimits.maximumLength) ?? 0
            let height = try attrs.number("height", in: 0...IBLimits.maximumLength) ?? 0
            imageSizes[image] = Size(width: width, height: height)
            return
        }
        if name.hasSuffix("Controller"), parentName == "objects", let id = attrs["id"] {
            let label = attrs["storyboardIdentifier"] ?? attrs["customClass"] ?? attrs["title"] ?? attrs["userLabel"] ?? id
            open.controller = (label, id, attrs.line)
            return
        }
        if name == "viewControllerLayoutGuide", let id = attrs["id"] {
            controllerGuides.append((id, attrs["type"] == "bottom" ? .bottomLayoutGuide : .topLayoutGuide))
            return
        }
        if name == "collectionView" { flowLayout = nil }
        if name == "collectionViewFlowLayout" {
            var layout = IBFlowLayout()
            layout.automaticEstimatedItemSize = attrs.bool("automaticEstimatedItemSize", default: false)
            flowLayout = layout
            return
        }
        if name == "size", parentName == "collectionViewFlowLayout", flowLayout != nil {
            let width = try attrs.number("width", in: 0...IBLimits.maximumLength) ?? 0
            let height = try attrs.number("height", in: 0...IBLimits.maximumLength) ?? 0
            switch attrs["key"] {
            case "itemSize": flowLayout?.itemSize = Size(width: width, height: height)
            case "estimatedItemSize": flowLayout?.estimatedItemSize = Size(width: width, height: height)
            default: break
            }
            return
        }
        if let info = IBElements.views[name] {
            try startView(name, info, attrs, open: &open, parentName: parentName)
            if name == "collectionViewCell", stack.contains(where: { $0.name == "collectionView" }), let screen = screens.indices.last {
                screens[screen].flowLayout = flowLayout
            }
            return
        }
        guard let owner else { return }
        switch name {
        case "rect" where attrs["key"] == "frame" && stack.last?.view != nil:
            screens[owner.screen].views[owner.index].frame = try attrs.rect()
        case "autoresizingMask" where stack.last?.view != nil:
            var mask = IBAutoresizing()
            mask.flexibleMinX = attrs.bool("flexibleMinX", default: false)
            mask.widthSizable = attrs.bool("widthSizable", default: false)
            mask.flexibleMaxX = attrs.bool("flexibleMaxX", default: false)
            mask.flexibleMinY = attrs.bool("flexibleMinY", default: false)
            mask.heightSizable = attrs.bool("heightSizable", default: false)
            mask.flexibleMaxY = attrs.bool("flexibleMaxY", default: false)
            screens[owner.screen].views[owner.index].autoresizing = mask
        case "fontDescription":
            guard stack.last?.view != nil || parentName == "buttonConfiguration" else { return }
            let font = try Self.font(attrs)
            if screens[owner.screen].views[owner.index].text == nil {
                screens[owner.screen].views[owner.index].text = IBText(text: "", font: font)
            } else {
                screens[owner.screen].views[owner.index].text?.font = font
            }
        case "string" where attrs["key"] == "text" && stack.last?.view != nil:
            textTarget = owner
            textBuffer = ""
            screens[owner.screen].views[owner.index].text?.property = "text"
        case "state" where attrs["key"] == "normal" && stack.last?.view != nil:
            if let title = attrs["title"] { setText(title, property: "normalTitle", of: owner) }
        case "buttonConfiguration":
            screens[owner.screen].views[owner.index].text?.buttonConfiguration = true
            if let title = attrs["title"] { setText(title, property: "configuration.title", of: owner) }
        case "edgeInsets" where attrs["key"] == "layoutMargins", "directionalEdgeInsets" where attrs["key"] == "directionalLayoutMargins":
            screens[owner.screen].views[owner.index].layoutMargins = try attrs.insets()
            screens[owner.screen].views[owner.index].absoluteMargins = name == "edgeInsets"
        case "viewLayoutGuide":
            guard let id = attrs["id"] else { return }
            let kinds: [String: IBGuide.Kind] = [
                "safeArea": .safeArea, "layoutMarginsGuide": .margins, "contentLayoutGuide": .scrollContent, "frameLayoutGuide": .scrollFrame,
                "readableContentGuide": .readableContent,
            ]
            guard let kind = kinds[attrs["key"] ?? ""] else { return }
            screens[owner.screen].guides[id] = IBGuide(owner: owner.index, kind: kind)
            if kind == .safeArea { screens[owner.screen].views[owner.index].safeAreaGuide = id }
        case "constraint" where parentName == "constraints":
            try addConstraint(attrs, to: owner)
        default:
            return
        }
    }

    /// Sets a view's text from its `property` (the key its strings files use after the object id).
    private func setText(_ text: String, property: String, of view: (screen: Int, index: Int)) {
        let kept = String(text.prefix(IBLimits.maximumTextLength))
        if screens[view.screen].views[view.index].text == nil {
            screens[view.screen].views[view.index].text = IBText(text: kept, font: .system(size: 15, weight: .regular, italic: false))
        } else {
            screens[view.screen].views[view.index].text?.text = kept
        }
        screens[view.screen].views[view.index].text?.property = property
    }

    private func startView(
        _ name: String, _ info: (baseClass: String, kind: IBViewKind), _ attrs: IBAttributes, open: inout Open, parentName: String?
    ) throws(IBReadError) {
        let enclosing = enclosingView
        let isCell = IBElements.cells.contains(name)
        let laidOutInParent =
            parentName == "subviews" || IBElements.layoutKeys.contains(attrs["key"] ?? "")
        var parent: (screen: Int, index: Int)?
        if isCell {
            parent = nil  // a cell is a view of its own, wherever it is
        } else if let view = enclosing.view {
            let parentKind = screens[view.screen].views[view.index].kind
            if case .opaque = parentKind { open.skipped = true; return }
            guard laidOutInParent else { open.skipped = true; return }
            parent = view
        } else if enclosing.skipped {
            open.skipped = true
            return
        } else {
            // A root: a controller's view, or a top-level object of a xib or scene.
            let underController = enclosingController != nil
            guard (underController && attrs["key"] == "view") || parentName == "objects" else { open.skipped = true; return }
        }
        viewCount += 1
        guard viewCount <= IBLimits.maximumViews else {
            throw IBReadError(line: attrs.line, message: "more than \(IBLimits.maximumViews) views in one file: split the file")
        }
        var view = try Self.view(name, info, attrs)
        if let parent {
            view.parent = parent.index
            let index = screens[parent.screen].views.count
            screens[parent.screen].views.append(view)
            screens[parent.screen].views[parent.index].children.append(index)
            open.view = (parent.screen, index)
            return
        }
        let controller = enclosingController
        let role: IBScreen.Role = isCell ? .cell : controller != nil && attrs["key"] == "view" ? .scene : .topLevelView
        let screenName: String
        switch role {
        case .scene: screenName = controller?.name ?? view.id
        case .cell: screenName = attrs["reuseIdentifier"] ?? view.customClass ?? view.userLabel ?? view.id
        case .topLevelView: screenName = view.customClass ?? view.userLabel ?? view.id
        }
        screens.append(
            IBScreen(
                file: file, role: role, name: screenName, objectID: role == .scene ? controller?.objectID ?? view.id : view.id,
                line: role == .scene ? controller?.line ?? view.line : view.line, views: [view], designDevice: nil, imageSizes: [:], guides: [:]))
        open.view = (screens.count - 1, 0)
    }

    /// A view's own attributes.
    private static func view(_ name: String, _ info: (baseClass: String, kind: IBViewKind), _ attrs: IBAttributes) throws(IBReadError) -> IBView {
        // Xcode writes a collection cell's content view without an id: one is made from its line
        // (no constraint can name it; those it holds default to it).
        let id = attrs["id"].flatMap { $0.isEmpty ? nil : $0 } ?? "\(name)@\(attrs.line)"
        var view = IBView(element: name, baseClass: info.baseClass, kind: info.kind, id: id, line: attrs.line)
        view.customClass = attrs["customClass"]
        view.userLabel = attrs["userLabel"]
        view.hidden = attrs.bool("hidden", default: false)
        view.translatesAutoresizingMask = attrs.bool("translatesAutoresizingMaskIntoConstraints", default: true)
        view.hugging = AxisPair(
            try attrs.priority("horizontalHuggingPriority") ?? (name == "label" ? 251 : 250),
            try attrs.priority("verticalHuggingPriority") ?? (name == "label" ? 251 : 250))
        view.compressionResistance = AxisPair(
            try attrs.priority("horizontalCompressionResistancePriority") ?? 750,
            try attrs.priority("verticalCompressionResistancePriority") ?? 750)
        view.preservesSuperviewLayoutMargins = attrs.bool("preservesSuperviewLayoutMargins", default: false)
        view.insetsLayoutMarginsFromSafeArea = attrs.bool("insetsLayoutMarginsFromSafeArea", default: true)
        if let semantic = attrs["semanticContentAttribute"] {
            guard let known = IBSemanticContent(rawValue: semantic) else {
                throw IBReadError(
                    line: attrs.line,
                    message: "<\(name)> semanticContentAttribute=\"\(semantic.prefix(40))\" is not one UIKit has (unspecified, playback, spatial, forceLeftToRight, forceRightToLeft)")
            }
            view.semanticContent = known
        }
        if name == "tableViewCell", let accessory = attrs["accessoryType"], accessory != "none" {
            guard let known = IBAccessory(rawValue: accessory) else {
                throw IBReadError(
                    line: attrs.line,
                    message: "<tableViewCell> accessoryType=\"\(accessory.prefix(40))\" is not an accessory UIKit has (disclosureIndicator, checkmark, detailButton, detailDisclosureButton)")
            }
            view.accessory = known
        }
        let width = attrs["placeholderIntrinsicWidth"].flatMap(Double.init), height = attrs["placeholderIntrinsicHeight"].flatMap(Double.init)
        if let width, let height, width.isFinite, height.isFinite, (0...IBLimits.maximumLength).contains(width),
            (0...IBLimits.maximumLength).contains(height)
        {
            view.placeholderIntrinsicSize = Size(width: width, height: height)
        }
        switch info.kind {
        case .label, .textField, .button:
            var text = IBText(
                text: String((attrs["text"] ?? attrs["placeholder"] ?? attrs["title"] ?? "").prefix(IBLimits.maximumTextLength)),
                font: name == "label" ? .system(size: 17, weight: .regular, italic: false) : .system(size: name == "button" ? 15 : 14, weight: .regular, italic: false))
            // The key its strings files give the text under: a text field without text shows its
            // placeholder; a button's title is its normal state's (set again by `<state>`).
            text.property = attrs["text"] != nil ? "text" : attrs["placeholder"] != nil ? "placeholder" : name == "button" ? "normalTitle" : "text"
            if let lines = try attrs.number("numberOfLines", in: 0...Double(IBLimits.maximumLines)) { text.numberOfLines = Int(lines) }
            if name == "textField" { text.numberOfLines = 1 }
            text.lineBreakMode = attrs["lineBreakMode"] ?? (name == "button" ? "middleTruncation" : "tailTruncation")
            text.alignment = attrs["textAlignment"] ?? "natural"
            text.adjustsFontForContentSizeCategory = attrs.bool("adjustsFontForContentSizeCategory", default: false)
            if attrs.bool("adjustsFontSizeToFit", default: false) {
                text.minimumScaleFactor = try attrs.number("minimumScaleFactor", in: 0...1) ?? 0
            }
            view.text = text
        case .stack:
            var stack = IBStack()
            stack.vertical = attrs["axis"] == "vertical"
            stack.distribution = attrs["distribution"] ?? "fill"
            stack.alignment = attrs["alignment"] ?? "fill"
            stack.spacing = try attrs.number("spacing", in: -IBLimits.maximumLength...IBLimits.maximumLength) ?? 0
            stack.marginsRelative = attrs.bool("layoutMarginsRelativeArrangement", default: false)
            stack.baselineRelative = attrs.bool("baselineRelativeArrangement", default: false)
            view.stack = stack
        case .image:
            view.imageName = attrs["image"]
        default:
            break
        }
        return view
    }

    /// A `<fontDescription>`: a text style, the system font at a size (and weight), or a named font.
    static func font(_ attrs: IBAttributes) throws(IBReadError) -> IBFont {
        if let style = attrs["style"] {
            guard let parsed = try? TextStyle(parsing: style) else {
                throw IBReadError(line: attrs.line, message: "<fontDescription> style=\"\(style.prefix(60))\" is not a text style UIKit has")
            }
            return .textStyle(parsed)
        }
        let size = try attrs.number("pointSize", in: 0...1_000) ?? 17
        let weights: [String: FontWeight] = [
            "ultraLight": .ultraLight, "thin": .thin, "light": .light, "regular": .regular, "medium": .medium, "semibold": .semibold,
            "bold": .bold, "heavy": .heavy, "black": .black,
        ]
        let type = attrs["type"] ?? ""
        var weight = weights[attrs["weight"] ?? ""] ?? (type == "boldSystem" ? .bold : .regular)
        let italic = type == "italicSystem" || (attrs["name"] ?? "").lowercased().contains("italic")
        if let family = attrs["family"] ?? attrs["name"], type.isEmpty {
            let name = (attrs["name"] ?? "").lowercased()
            for (key, value) in weights where name.hasSuffix(key.lowercased()) { weight = value }
            if name.hasSuffix("-bold") || name.hasSuffix("bold") { weight = .bold }
            return .named(family: family, size: size, weight: weight, italic: italic)
        }
        return .system(size: size, weight: weight, italic: italic)
    }

    /// A `<constraint>` held by `owner`, with its items defaulted to `owner` as IB leaves them out.
    private func addConstraint(_ attrs: IBAttributes, to owner: (screen: Int, index: Int)) throws(IBReadError) {
        constraintCount += 1
        guard constraintCount <= IBLimits.maximumConstraints else {
            throw IBReadError(line: attrs.line, message: "more than \(IBLimits.maximumConstraints) constraints in one file: split the file")
        }
        let ownerID = screens[owner.screen].views[owner.index].id
        guard let firstText = attrs["firstAttribute"], let first = IBConstraint.Attribute(rawValue: firstText) else {
            throw IBReadError(
                line: attrs.line,
                message: "<constraint> firstAttribute=\"\((attrs["firstAttribute"] ?? "").prefix(40))\" is not a layout attribute (top, leading, width, centerX, firstBaseline…)")
        }
        var constraint = IBConstraint(id: attrs["id"] ?? "", line: attrs.line, firstItem: attrs["firstItem"] ?? ownerID, firstAttribute: first)
        if let secondText = attrs["secondAttribute"] {
            guard let second = IBConstraint.Attribute(rawValue: secondText) else {
                throw IBReadError(line: attrs.line, message: "<constraint> secondAttribute=\"\(secondText.prefix(40))\" is not a layout attribute")
            }
            constraint.secondAttribute = second
            constraint.secondItem = attrs["secondItem"] ?? ownerID
        } else if let item = attrs["secondItem"] {
            constraint.secondItem = item
            constraint.secondAttribute = first
        }
        switch attrs["relation"] {
        case nil, "equal"?: constraint.relation = .equal
        case "lessThanOrEqual"?: constraint.relation = .lessThanOrEqual
        case "greaterThanOrEqual"?: constraint.relation = .greaterThanOrEqual
        case let other?: throw IBReadError(line: attrs.line, message: "<constraint> relation=\"\(other.prefix(40))\" is not equal, lessThanOrEqual or greaterThanOrEqual")
        }
        constraint.multiplier = try attrs.multiplier("multiplier") ?? 1
        constraint.constant = try attrs.length("constant") ?? 0
        constraint.priority = max(1, try attrs.priority("priority") ?? 1000)
        constraint.standard = attrs.bool("symbolic", default: false)
        screens[owner.screen].views[owner.index].constraints.append(constraint)
    }

    /// The screens with the document-wide facts (design device, image sizes) filled in.
    func finishedScreens() -> [IBScreen] {
        screens.map { screen in
            var screen = screen
            screen.designDevice = designDevice
            screen.landscape = landscape
            screen.imageSizes = imageSizes
            if screen.role == .scene {
                var bars = explicitBars[screen.objectID] ?? EdgeInsets()
                if navigationRoots.contains(screen.objectID) { bars.top = max(bars.top, UIKitMetrics.navigationBarHeight.value) }
                if tabChildren.contains(screen.objectID) { bars.bottom = max(bars.bottom, UIKitMetrics.tabBarHeight.value) }
                screen.simulatedBars = bars
            }
            return screen
        }
    }
}
