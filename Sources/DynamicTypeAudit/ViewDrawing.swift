import DynamicTypeCore

/// What every source's drawing shares: the tallest image and the separator grey.
package enum ViewDrawing {
    /// The tallest image drawn, in pixels. A view taller than this (a list of hundreds of notes, a
    /// long screen at the accessibility sizes) is cut here: browsers and image viewers struggle
    /// past it, and the pixels would cost `width × height × 4` bytes of memory. Findings still cover
    /// the whole view.
    package static let maximumPixelHeight = 16_384
    /// The separator grey (the seed's, UIKit's).
    package static let separatorColor = RGBAColor(red: 0.78, green: 0.78, blue: 0.8)
}
