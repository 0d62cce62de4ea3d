extension String {
    /// The text without the newlines at its end: a console line gets its own.
    public func trimmingTrailingNewlines() -> String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
