/// The secret in the preview's address (as Jupyter puts one in a notebook's): 128 random bits, so
/// another local user or a web page cannot guess their way to a private draft.
struct AccessToken: Sendable {
    let hex: String

    /// From the system's random source (getrandom on Linux), which is fit for secrets.
    static func fresh() -> AccessToken {
        var generator = SystemRandomNumberGenerator()
        let words = [generator.next(), generator.next()] as [UInt64]
        return AccessToken(hex: words.map { String($0, radix: 16).leftPadded(to: 16) }.joined())
    }

    /// Compares every byte whatever the first difference, so the time taken says nothing of the token.
    func matches(_ candidate: String?) -> Bool {
        guard let candidate else { return false }
        let given = Array(candidate.utf8), wanted = Array(hex.utf8)
        var difference = UInt8(given.count == wanted.count ? 0 : 1)
        for index in wanted.indices {
            difference |= wanted[index] ^ (index < given.count ? given[index] : 0)
        }
        return difference == 0
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
