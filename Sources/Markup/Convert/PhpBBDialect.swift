/// phpBB 3.2/3.3 (s9e/TextFormatter underneath) with its default BBCodes only: no strike,
/// spoiler, sub/sup, inline code or rule; `[size=N]` is a percentage; `[code=lang]` exists
/// and its content is never parsed.
struct PhpBBDialect: DialectStrategy {
    func codeBlock(language: String?) -> CodeStyle {
        CodeStyle(tags: tag("code", option: language), content: .plain)
    }
    func heading(level: Int) -> [TagPair] {
        switch level {
        case 1: [tag("size", option: "200"), tag("b")]
        case 2: [tag("size", option: "150"), tag("b")]
        case 3: [tag("size", option: "120"), tag("b")]
        default: [tag("b")]
        }
    }
}
