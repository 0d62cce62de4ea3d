import Application

/// Writes `value` as `--json` output on stdout (see `encodeJSON`).
func printJSON<Value: Encodable>(_ value: Value) throws {
    Console.write(try encodeJSON(value))
}
