import ArgumentParser

/// `missive help json`: a help topic, not a command. swift-argument-parser has no topics, so it is
/// a hidden command whose help is the text (running `missive json` prints the same).
struct JSONHelpTopic: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "json",
        abstract: "How --json output is shaped, for scripts.",
        usage: "missive help json",
        discussion: """
            These take --json: history; templates list, show; drafts list, show, search, history, \
            diff; queue list, show, add; send; inbox (list), inbox show, pm show; status; bookmarks \
            (list); read; ignore; smilies; icons; profiles list; themes list, show; whoami; login; doctor.

            Keys are snake_case (updated_at, reply_to, base_url), sorted, pretty-printed. Every \
            key is always there: an absent value is null, never a missing key.

            Times are RFC 3339 in UTC, to the second, with Z: 2026-11-25T15:30:00Z. The forum \
            prints PM dates without a zone (UTC, as far as Missive knows): inbox and pm show give \
            them as date in that form, null when the forum's words do not parse, and keep the \
            words as date_text.

            Where the list is short, a command's --json help names its keys. Tables are for \
            people: local time, to the minute, with how long ago for times within a day.
            """,
        shouldDisplay: false)
}
