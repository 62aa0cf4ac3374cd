/// The XML elements of Interface Builder files that are views, with the UIKit class each stands
/// for and how it is laid out. Elements not listed are not views (placeholders, gesture
/// recognisers, constraints, colours…); an element listed as opaque is a box of its frame.
enum IBElements {
    /// Element name → (UIKit class, kind). Opaque kinds say why their content is not in the file.
    static let views: [String: (baseClass: String, kind: IBViewKind)] = [
        "view": ("UIView", .container),
        "label": ("UILabel", .label),
        "button": ("UIButton", .button),
        "textField": ("UITextField", .textField),
        "imageView": ("UIImageView", .image),
        "stackView": ("UIStackView", .stack),
        "scrollView": ("UIScrollView", .scroll),
        "tableViewCell": ("UITableViewCell", .cell),
        "collectionViewCell": ("UICollectionViewCell", .cell),
        "collectionReusableView": ("UICollectionReusableView", .container),
        "tableViewCellContentView": ("UITableViewCellContentView", .container),
        // Xcode 13 and later write a collection cell's content view under its own element (older
        // files: `<view key="contentView">`).
        "collectionViewCellContentView": ("UIView", .container),
        "visualEffectView": ("UIVisualEffectView", .container),
        "switch": ("UISwitch", .control),
        "activityIndicatorView": ("UIActivityIndicatorView", .control),
        "pageControl": ("UIPageControl", .control),
        "stepper": ("UIStepper", .control),
        "slider": ("UISlider", .control),
        "progressView": ("UIProgressView", .control),
        "segmentedControl": ("UISegmentedControl", .control),
        "tableView": ("UITableView", .opaque(reason: "a table view: its rows come from code (its cell prototypes are views of their own)")),
        "collectionView": ("UICollectionView", .opaque(reason: "a collection view: its items come from code (its cell prototypes are views of their own)")),
        "textView": ("UITextView", .opaque(reason: "a text view: a scrolling text box, drawn as a box of its frame")),
        "webView": ("UIWebView", .opaque(reason: "a web view: its content is loaded at run time")),
        "wkWebView": ("WKWebView", .opaque(reason: "a web view: its content is loaded at run time")),
        "mapView": ("MKMapView", .opaque(reason: "a map view: drawn at run time")),
        "pickerView": ("UIPickerView", .opaque(reason: "a picker view: its rows come from code")),
        "datePicker": ("UIDatePicker", .opaque(reason: "a date picker: drawn by UIKit at run time")),
        "searchBar": ("UISearchBar", .opaque(reason: "a search bar: drawn by UIKit at run time")),
        "navigationBar": ("UINavigationBar", .opaque(reason: "a navigation bar: drawn by UIKit at run time")),
        "toolbar": ("UIToolbar", .opaque(reason: "a toolbar: drawn by UIKit at run time")),
        "tabBar": ("UITabBar", .opaque(reason: "a tab bar: drawn by UIKit at run time")),
        "containerView": ("UIView", .opaque(reason: "a container view: its child view controller's view is another scene")),
        "arscnView": ("ARSCNView", .opaque(reason: "an AR view: drawn at run time")),
        "sceneKitView": ("SCNView", .opaque(reason: "a SceneKit view: drawn at run time")),
        "glkView": ("GLKView", .opaque(reason: "an OpenGL view: drawn at run time")),
        "mtkView": ("MTKView", .opaque(reason: "a Metal view: drawn at run time")),
    ]

    /// Cells start views of their own wherever they are (prototypes inside tables).
    static let cells: Set<String> = ["tableViewCell", "collectionViewCell"]

    /// Keys under which a view element is part of its parent's layout: subviews come inside
    /// `<subviews>`; a cell's content view and a controller's root view are keyed.
    static let layoutKeys: Set<String> = ["contentView", "view"]
}
