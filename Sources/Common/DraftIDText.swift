/// A draft id as people type it: `7`, or `d7` as `queue list`'s DRAFT column writes it.
public enum DraftIDText {
    /// The id, or nil for anything else (an id under 1, a sign, other words).
    public static func parse(_ text: String) -> Int64? {
        let digits = text.first == "d" || text.first == "D" ? text.dropFirst() : Substring(text)
        guard digits.first?.isASCII == true, digits.first?.isNumber == true, let id = Int64(digits), id >= 1 else { return nil }
        return id
    }
}
