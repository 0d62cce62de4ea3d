/// What a buffer shows below its cut line: what the user is answering (a thread's latest posts,
/// the private message replied to, the posts quoted), as readable text. It is never read back.
public struct BufferContext: Equatable, Sendable {
    /// One line saying what follows ("Welcome to the sandbox (thread 3500001): the last 5 posts").
    public var heading: String
    public var entries: [Entry]

    public struct Entry: Equatable, Sendable {
        /// Who, when and which post: "Zoë · Nov 27, 2026 14:02 · post 500000001".
        public var header: String
        public var text: String

        public init(header: String, text: String) {
            self.header = header
            self.text = text
        }
    }

    public init(heading: String, entries: [Entry]) {
        self.heading = heading
        self.entries = entries
    }

    /// The cut line, its explanation, then each entry under a rule with its header.
    func render(below cut: CutLine) -> String {
        var lines = ["", cut.line, CutLine.explanation, "", heading]
        for entry in entries {
            lines.append("")
            lines.append("─── " + entry.header)
            lines.append(entry.text)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
