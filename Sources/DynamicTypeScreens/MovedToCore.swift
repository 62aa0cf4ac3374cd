// `EdgeInsets` moved to DynamicTypeCore, where it is also a device's safe area (one insets type for
// both). DynamicTypeScreens declared it before: it re-exports it by name so that client code
// importing only DynamicTypeScreens (or DynamicTypeTesting) keeps compiling. Code in this package
// imports DynamicTypeCore itself.
@_exported import struct DynamicTypeCore.EdgeInsets
