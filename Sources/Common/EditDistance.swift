/// How far apart two words are, for "did you mean" suggestions: a mistyped command (`sned`) or a
/// mistyped word in a time (`tomorow`) is one or two edits from the word that was meant.
public enum EditDistance {
    /// Edits (insert, delete, substitute, swap two neighbours) from `a` to `b`.
    public static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// The word of `candidates` closest to `word`, when it is close enough to be what was meant:
    /// one edit for a short word, two for a longer one (so `xyzzy` guesses nothing).
    public static func closest(to word: String, among candidates: [String]) -> String? {
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let edits = between(word, candidate)
            if best.map({ edits < $0.distance }) ?? true { best = (candidate, edits) }
        }
        guard let best, best.distance <= max(1, min(2, word.count / 2)) else { return nil }
        return best.name
    }
}
