import Common
import Forum
import Markup
import Store

/// What the forum's text, read right before an edit is sent, means for it (issue 22: "edits
/// keep their base"). The edit was written against `base`, the post as the forum had it when
/// the edit began; if the forum holds something else now, someone (the same account elsewhere,
/// a moderator) changed it meanwhile, and sending ours as it is would throw their words away.
///
/// The merge is made on the BBCode, for every draft format: the BBCode is what the forum holds
/// and gives back, what the base and the forum's text are, and what reconcile compares. A
/// Markdown draft's text is converted first (its converted BBCode is "ours"); BBCode cannot be
/// turned back into the Markdown it came from, so a revision the merge writes into a Markdown
/// draft holds the BBCode in a ```bbcode fence, which is sent verbatim. A Markdown edit draft as
/// `edit-post --format markdown` starts it (the post in such a fence) converts line for line to
/// the post, so it merges line by line as a BBCode draft does; Markdown written around the post
/// converts to lines of its own, and merges as such.
enum EditMerge: Equatable {
    /// Send ours as it is: the forum still has the base (or already has ours, or the edit has
    /// no base to compare with).
    case unchanged
    /// The changes do not overlap: send `text`, which holds their change at `theirs`.
    case merged(text: String, theirs: [LineMerge.Span])
    /// They overlap: send nothing; `text` holds both sides between markers.
    case conflict(text: String, conflicts: [LineMerge.Span])

    static func decide(base: String?, ours: String, theirs: String) -> EditMerge {
        guard let written = base else { return .unchanged }
        let base = LineMerge.normalized(written), ours = LineMerge.normalized(ours), theirs = LineMerge.normalized(theirs)
        if theirs == base || theirs == ours { return .unchanged }
        let merge = LineMerge.merge(base: base, ours: ours, theirs: theirs)
        return merge.isClean ? .merged(text: merge.text, theirs: merge.theirChanges)
            : .conflict(text: merge.text, conflicts: merge.conflicts)
    }

    /// A merged or conflicted text as a revision of a draft in `format`, and how many lines
    /// stand above the text in it (a fence's opening line).
    static func body(_ text: String, format: DraftFormat) -> (body: String, offset: Int) {
        switch format {
        case .bbcode: (text, 0)
        case .markdown: (BBCodeFence.wrap(text), 1)
        }
    }
}

/// What the sender does with an edit after reading the forum's text.
enum EditStep: Equatable {
    /// Send the item's command (merged when `note` says so).
    case send(note: String?)
    /// The read failed: nothing was posted; record this outcome.
    case stop(PostOutcome)
    /// The changes overlap: nothing is posted; the item fails with this reason.
    case conflict(Reason)
}
