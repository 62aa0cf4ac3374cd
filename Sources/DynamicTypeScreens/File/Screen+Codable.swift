import Foundation

// `Codable` for the model goes through the screen file's tree and reader, so `JSONDecoder`
// applies the same checks, defaults and spellings as ``ScreenFile`` (errors become
// `DecodingError.dataCorrupted` with the reader's message), and `JSONEncoder` writes the file
// format. A spec encodes as its view object, `kind` included.

/// The origin named in errors from `Decodable` (there is no file).
private let codableOrigin = "<Codable>"

private func decodingError(_ error: ScreenFileError, _ decoder: any Decoder) -> DecodingError {
    .dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description, underlyingError: error))
}

extension Screen: Codable {
    /// Decodes a screen in the file format.
    public init(from decoder: any Decoder) throws {
        let tree = try ScreenFileValue(from: decoder)
        var reader = ScreenFileReader(origin: codableOrigin)
        do { self = try reader.screen(tree) } catch { throw decodingError(error, decoder) }
    }

    /// Encodes the screen in the file format.
    public func encode(to encoder: any Encoder) throws { try ScreenFileWriter.value(self).encode(to: encoder) }
}

extension ScreenView: Codable {
    /// Decodes a view object (`kind`, `id`, …).
    public init(from decoder: any Decoder) throws {
        let tree = try ScreenFileValue(from: decoder)
        var reader = ScreenFileReader(origin: codableOrigin)
        do { self = try reader.view(tree, path: "$", depth: 1) } catch { throw decodingError(error, decoder) }
    }

    /// Encodes the view object.
    public func encode(to encoder: any Encoder) throws { try ScreenFileWriter.value(self).encode(to: encoder) }

    /// Decodes a view object that must be of `kind`.
    fileprivate static func decode(_ kind: Kind, from decoder: any Decoder) throws -> ScreenView {
        let view = try ScreenView(from: decoder)
        guard view.kind == kind else {
            let error = ScreenFileError(
                file: codableOrigin, path: "$.kind", reason: .invalidValue, message: "expected kind '\(kind.rawValue)', found '\(view.kind.rawValue)'")
            throw decodingError(error, decoder)
        }
        return view
    }
}

extension LabelSpec: Codable {
    /// Decodes a `label` view object.
    public init(from decoder: any Decoder) throws {
        guard case .label(let spec) = try ScreenView.decode(.label, from: decoder) else { fatalError("kind checked") }
        self = spec
    }

    /// Encodes the `label` view object.
    public func encode(to encoder: any Encoder) throws { try ScreenView.label(self).encode(to: encoder) }
}

extension ButtonSpec: Codable {
    /// Decodes a `button` view object.
    public init(from decoder: any Decoder) throws {
        guard case .button(let spec) = try ScreenView.decode(.button, from: decoder) else { fatalError("kind checked") }
        self = spec
    }

    /// Encodes the `button` view object.
    public func encode(to encoder: any Encoder) throws { try ScreenView.button(self).encode(to: encoder) }
}

extension ImageSpec: Codable {
    /// Decodes an `image` view object.
    public init(from decoder: any Decoder) throws {
        guard case .image(let spec) = try ScreenView.decode(.image, from: decoder) else { fatalError("kind checked") }
        self = spec
    }

    /// Encodes the `image` view object.
    public func encode(to encoder: any Encoder) throws { try ScreenView.image(self).encode(to: encoder) }
}

extension TextViewSpec: Codable {
    /// Decodes a `textView` view object.
    public init(from decoder: any Decoder) throws {
        guard case .textView(let spec) = try ScreenView.decode(.textView, from: decoder) else { fatalError("kind checked") }
        self = spec
    }

    /// Encodes the `textView` view object.
    public func encode(to encoder: any Encoder) throws { try ScreenView.textView(self).encode(to: encoder) }
}

extension StackSpec: Codable {
    /// Decodes a `stack` view object.
    public init(from decoder: any Decoder) throws {
        guard case .stack(let spec) = try ScreenView.decode(.stack, from: decoder) else { fatalError("kind checked") }
        self = spec
    }

    /// Encodes the `stack` view object.
    public func encode(to encoder: any Encoder) throws { try ScreenView.stack(self).encode(to: encoder) }
}

extension TableSpec: Codable {
    /// Decodes a `table` view object.
    public init(from decoder: any Decoder) throws {
        guard case .table(let spec) = try ScreenView.decode(.table, from: decoder) else { fatalError("kind checked") }
        self = spec
    }

    /// Encodes the `table` view object.
    public func encode(to encoder: any Encoder) throws { try ScreenView.table(self).encode(to: encoder) }
}
