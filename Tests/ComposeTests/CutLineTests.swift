import Testing
@testable import Compose

/// The cut line: everything from the buffer's own line down is removed, nothing above it, and a
/// line that only looks like it (another token, quoted, indented) never moves the cut.
@Suite struct CutLineTests {
    let cut = CutLine(token: "0123456789ab")
    /// The same scissors with another buffer's token.
    let other = CutLine(token: "ba9876543210")

    /// A buffer: front matter, `body`, the footer, then the context below the cut line.
    func buffer(body: String, below: String = "Zoë wrote:\nsomething") -> String {
        "---\nkind: reply\nthread: 7\n---\n\(body)\n\n\(Buffer.footer)\n\n\(cut.line)\n\(CutLine.explanation)\n\n\(below)\n"
    }

    /// What `buffer` keeps: everything up to the line before the cut line.
    func kept(body: String) -> String {
        "---\nkind: reply\nthread: 7\n---\n\(body)\n\n\(Buffer.footer)\n\n"
    }

    @Test func everythingFromTheCutLineDownIsRemovedAndNothingAbove() {
        let text = buffer(body: "my reply\n\nsecond paragraph", below: "a post\n\nI typed this below the cut")
        #expect(cut.removing(from: text) == kept(body: "my reply\n\nsecond paragraph"))
        let split = cut.split(text)
        #expect(split.kept + (split.context ?? "") == text)
        #expect(split.context?.hasPrefix(cut.line + "\n") == true)
        #expect(split.context?.contains("I typed this below the cut") == true)
        #expect(cut.isPresent(in: text))
    }

    @Test func aTextWithoutItsCutLineComesBackWhole() {
        let text = "---\nkind: reply\nthread: 7\n---\nno context here\n"
        #expect(cut.removing(from: text) == text)
        #expect(cut.split(text).context == nil)
        #expect(!cut.isPresent(in: text))
    }

    @Test(arguments: [
        // Another buffer's cut line, pasted into the body.
        "------------------------ >8 ------------------------ ba9876543210",
        // The same line quoted, as a Markdown block quote or a reply in the body would hold it.
        "> ------------------------ >8 ------------------------ 0123456789ab",
        // Indented (a code block): not the line Missive wrote.
        "    ------------------------ >8 ------------------------ 0123456789ab",
        // The scissors without any token, as git draws them.
        "------------------------ >8 ------------------------",
        // The token with something more after it.
        "------------------------ >8 ------------------------ 0123456789abc",
        // Another token, with trailing blanks and a CR.
        "------------------------ >8 ------------------------ ba9876543210  \r",
    ])
    func aLookAlikeInTheBodyDoesNotMoveTheCut(lookAlike: String) {
        let body = "above\n\(lookAlike)\nbelow the look-alike, still mine"
        let text = buffer(body: body)
        #expect(cut.removing(from: text) == kept(body: body))
        #expect(cut.removing(from: text).contains("below the look-alike, still mine"))
    }

    @Test func aLookAlikeInAContextPostStaysBelowTheRealCut() {
        // Someone on the forum quoted a Missive buffer: its scissors are in a post below ours.
        let post = "Look what my editor showed:\n\(other.line)\n> \(cut.line)\nfunny"
        let text = buffer(body: "my answer", below: post)
        #expect(cut.removing(from: text) == kept(body: "my answer"))
        #expect(!cut.removing(from: text).contains("funny"))
        // That other buffer's line cuts nothing of ours above it either.
        #expect(other.removing(from: text).contains("my answer"))
    }

    @Test(arguments: ["  ", "\t", "\r", " \r", "   \t \r"])
    func theBuffersOwnLineStillCutsWithTrailingBlanksOrACR(ending: String) {
        // An editor that writes CRLF, or one that leaves trailing blanks.
        let text = "---\r\nkind: reply\r\nthread: 7\r\n---\r\nmine\r\n\r\n\(cut.line)\(ending)\ncontext\r\n"
        #expect(cut.removing(from: text) == "---\r\nkind: reply\r\nthread: 7\r\n---\r\nmine\r\n\r\n")
    }

    @Test func onlyTheFirstOfTwoRealCutLinesCounts() {
        // A user who copied the cut line higher up moved it on purpose: everything below it goes.
        let text = "---\nkind: reply\nthread: 7\n---\nkeep\n\(cut.line)\ngone\n\(cut.line)\ncontext\n"
        #expect(cut.removing(from: text) == "---\nkind: reply\nthread: 7\n---\nkeep\n")
    }

    @Test func aCutLineOnTheLastLineWithoutANewlineIsFound() {
        #expect(cut.removing(from: "mine\n\(cut.line)") == "mine\n")
    }

    @Test func freshTokensAreTwelveHexDigitsAndDiffer() {
        let tokens = (0..<50).map { _ in CutLine.fresh().token }
        #expect(tokens.allSatisfy { $0.count == 12 && $0.allSatisfy(\.isHexDigit) })
        #expect(Set(tokens).count == tokens.count)
        #expect(CutLine.fresh().line.hasPrefix("------------------------ >8 ------------------------ "))
    }
}
