/// A browser reads a textarea's content as text (RCDATA): tags inside it are not tags. libxml2 parses
/// them as elements, so `[quote]<b>x</b>[/quote]` would lose its `<b>`. The value is therefore read
/// from the page source: the parser says which textarea and on which line it starts, the source gives
/// the characters between its start tag and `</textarea`.
extension HTMLNode {
    public var textareaValue: String {
        guard name == "textarea", let raw = rawTextareaContent() else { return text }
        var content = Substring(raw)
        // The HTML parser drops one newline right after the start tag.
        if content.hasPrefix("\r\n") {
            content = content.dropFirst(2)
        } else if content.hasPrefix("\n") || content.hasPrefix("\r") {
            content = content.dropFirst()
        }
        return CharacterReferences.decode(content)
    }

    private func rawTextareaContent() -> Substring? {
        let line = self.line
        guard line > 0 else { return nil }
        // Which of the textareas starting on this line is this one?
        let sameLine = document.select("//textarea").filter { $0.line == line }
        guard let ordinal = sameLine.firstIndex(where: { $0.pointer == pointer }) else { return nil }

        let source = document.source
        guard var cursor = source.startOfLine(line) else { return nil }
        var openTag: Range<String.Index>?
        for _ in 0...ordinal {
            guard let found = source.range(of: "<textarea", options: .caseInsensitive, range: cursor..<source.endIndex) else {
                return nil
            }
            openTag = found
            cursor = found.upperBound
        }
        guard let openTag, let contentStart = source.endOfTag(from: openTag.upperBound) else { return nil }
        let end = source.range(of: "</textarea", options: .caseInsensitive, range: contentStart..<source.endIndex)?.lowerBound
            ?? source.endIndex
        return source[contentStart..<end]
    }
}

extension String {
    /// Where 1-based line `number` starts, counting LF as libxml2 does.
    func startOfLine(_ number: Int) -> String.Index? {
        var remaining = number - 1
        var index = startIndex
        while remaining > 0 {
            guard let newline = self[index...].firstIndex(of: "\n") else { return nil }
            index = self.index(after: newline)
            remaining -= 1
        }
        return index
    }

    /// The index just past the `>` closing a start tag, skipping `>` inside quoted attribute values.
    func endOfTag(from start: String.Index) -> String.Index? {
        var quote: Character?
        var index = start
        while index < endIndex {
            let character = self[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ">" {
                return self.index(after: index)
            }
            index = self.index(after: index)
        }
        return nil
    }
}
