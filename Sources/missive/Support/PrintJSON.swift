import Foundation

/// Writes `value` as pretty, sorted JSON on stdout (for `--json`). Keys are snake_case in every
/// command's output (`imageURL` becomes `image_url`), whatever the Swift names.
func printJSON<Value: Encodable>(_ value: Value) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.dateEncodingStrategy = .iso8601
    let data = try encoder.encode(value)
    FileHandle.standardOutput.write(data + Data("\n".utf8))
}
