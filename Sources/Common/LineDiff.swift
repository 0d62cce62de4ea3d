/// Two texts compared line by line: a unified diff for `missive drafts diff`, and the matching
/// lines that the three-way merge of an edit (`LineMerge`) is built on.
public enum LineDiff {
    public enum Edit: Equatable, Sendable {
        case same(String), removed(String), added(String)
    }

    /// `---`/`+++` headers, then hunks with `context` lines around each change; empty when equal.
    public static func unified(_ old: String, _ new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let edits = diff(lines(old), lines(new))
        guard edits.contains(where: { if case .same = $0 { false } else { true } }) else { return "" }
        var output = ["--- \(oldName)", "+++ \(newName)"]
        // Walk the edits, grouping changes that are closer than 2 * context lines into one hunk.
        var index = 0
        var oldLine = 1, newLine = 1
        var positions: [(old: Int, new: Int)] = []
        for edit in edits {
            positions.append((oldLine, newLine))
            switch edit {
            case .same: oldLine += 1; newLine += 1
            case .removed: oldLine += 1
            case .added: newLine += 1
            }
        }
        let changed = edits.indices.filter { if case .same = edits[$0] { false } else { true } }
        while index < changed.count {
            var end = index
            while end + 1 < changed.count, changed[end + 1] - changed[end] <= 2 * context { end += 1 }
            let start = max(0, changed[index] - context)
            let stop = min(edits.count - 1, changed[end] + context)
            let slice = edits[start...stop]
            let oldCount = slice.filter { if case .added = $0 { false } else { true } }.count
            let newCount = slice.filter { if case .removed = $0 { false } else { true } }.count
            let oldStart = oldCount == 0 ? positions[start].old - 1 : positions[start].old
            let newStart = newCount == 0 ? positions[start].new - 1 : positions[start].new
            output.append("@@ -\(oldStart),\(oldCount) +\(newStart),\(newCount) @@")
            for edit in slice {
                switch edit {
                case let .same(line): output.append(" " + line)
                case let .removed(line): output.append("-" + line)
                case let .added(line): output.append("+" + line)
                }
            }
            index = end + 1
        }
        return output.joined(separator: "\n") + "\n"
    }

    public static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The standard library's shortest edit script (`difference(from:)`, Myers' algorithm) over
    /// what lies between the common first and last lines, as the diff's lines in order (in each
    /// change the old lines go before the new). Its time grows with lines times changes, so past
    /// a size where that takes seconds the middle is shown as removed then added, still correct.
    public static func diff(_ old: [String], _ new: [String]) -> [Edit] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let a = old[prefix..<(old.count - suffix)]
        let b = new[prefix..<(new.count - suffix)]
        var middle: [Edit] = []
        if a.count * b.count > 4_000_000 {
            middle = a.map(Edit.removed) + b.map(Edit.added)
        } else {
            var removed = Set<Int>(), inserted = Set<Int>()
            for change in b.difference(from: a) {
                switch change {
                case .remove(let offset, _, _): removed.insert(offset)
                case .insert(let offset, _, _): inserted.insert(offset)
                }
            }
            // Offsets count from each slice's start, as `difference(from:)` gives them.
            var i = 0, j = 0
            while i < a.count || j < b.count {
                if i < a.count, removed.contains(i) {
                    middle.append(.removed(a[a.startIndex + i])); i += 1
                } else if j < b.count, inserted.contains(j) {
                    middle.append(.added(b[b.startIndex + j])); j += 1
                } else {
                    middle.append(.same(a[a.startIndex + i])); i += 1; j += 1
                }
            }
        }
        return old[..<prefix].map(Edit.same) + middle + old[(old.count - suffix)...].map(Edit.same)
    }
}
