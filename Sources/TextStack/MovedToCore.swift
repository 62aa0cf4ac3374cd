// Geometry and colour moved to DynamicTypeCore (the core has no C, so screens, device catalogs and
// drawing share them without TextStack). TextStack declared them before: it re-exports each by
// name so that client code importing only TextStack (the README's examples among it) keeps
// compiling. Code in this package imports DynamicTypeCore itself.
@_exported import struct DynamicTypeCore.BezierPath
@_exported import struct DynamicTypeCore.ColorParseError
@_exported import struct DynamicTypeCore.Point
@_exported import struct DynamicTypeCore.RGBAColor
@_exported import struct DynamicTypeCore.Rect
@_exported import struct DynamicTypeCore.Size
