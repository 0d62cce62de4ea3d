import Common
import Foundation

/// The one `--json` encoder, so every command writes the same way: pretty, sorted, snake_case keys
/// (`imageURL` becomes `image_url`) whatever the Swift names, and times as RFC 3339 in UTC to the
/// second (`2026-11-25T15:30:00Z`), like `Timestamp.iso8601` for times kept as text.
public func encodeJSON<Value: Encodable>(_ value: Value) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.dateEncodingStrategy = .custom { date, encoder in
        var single = encoder.singleValueContainer()
        try single.encode(Timestamp.iso8601(date))
    }
    return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
}

/// An optional in a `--json` shape: null when it has no value, where synthesized Encodable would
/// leave the key out, so that scripts find every key in every item.
@propertyWrapper
public struct JSONNull<Value: Encodable>: Encodable {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    public func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        if let wrappedValue { try single.encode(wrappedValue) } else { try single.encodeNil() }
    }
}

extension JSONNull: Sendable where Value: Sendable {}
