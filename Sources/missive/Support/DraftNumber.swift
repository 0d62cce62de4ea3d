import ArgumentParser
import Common

/// A draft id argument: `7`, or `d7` as `queue list`'s DRAFT column writes it, so the number a
/// listing shows can be typed back as it is shown.
enum DraftNumber {
    static func parse(_ text: String) throws -> Int64 {
        guard let id = DraftIDText.parse(text) else {
            throw ValidationError("'\(text)' is not a draft id: write it as 7 or d7 (`missive drafts list` shows them)")
        }
        return id
    }
}
