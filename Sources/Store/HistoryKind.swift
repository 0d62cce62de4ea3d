import GRDB

/// What one history entry records. The raw values are the words stored in `command.kind` since
/// the history began; they must never change, so that entries written by any earlier Missive
/// still read without a migration.
public enum HistoryKind: String, Sendable, CaseIterable, DatabaseValueConvertible {
    case draftNew = "draft.new"
    case draftImport = "draft.import"
    case draftEdit = "draft.edit"
    /// A buffer left behind by a session that ended early, saved by `missive recover`.
    case draftRecover = "draft.recover"
    case draftRestore = "draft.restore"
    case draftDelete = "draft.rm"
    case templateNew = "template.new"
    case templateEdit = "template.edit"
    case templateImport = "template.import"
    case templateDelete = "template.rm"
    case outboxQueue = "outbox.queue"
    /// `missive send` (or `--send`) started the undo window.
    case outboxSend = "outbox.send"
    case outboxCancel = "outbox.cancel"
    case outboxHold = "outbox.hold"
    case outboxRelease = "outbox.release"
    case outboxReschedule = "outbox.reschedule"
    case outboxRetry = "outbox.retry"
    /// `missive queue DRAFT --via REMOTE`: handed to an always-on box, whose queue sends it.
    case outboxHandoff = "outbox.handoff"

    /// Which layer takes an entry back: drafts and templates are the store's own (a `LocalChange`
    /// payload), outbox items need the outbox's rules.
    public enum Undoer: Sendable {
        case localChange
        case outbox
    }

    public var undoer: Undoer {
        switch self {
        case .draftNew, .draftImport, .draftEdit, .draftRecover, .draftRestore, .draftDelete,
             .templateNew, .templateEdit, .templateImport, .templateDelete:
            .localChange
        case .outboxQueue, .outboxSend, .outboxCancel, .outboxHold, .outboxRelease, .outboxReschedule, .outboxRetry, .outboxHandoff:
            .outbox
        }
    }

    /// The word a summary starts with ("recover draft 3 (revision 4)", "hold reply to thread 9").
    public var verb: String {
        switch self {
        case .draftNew: "create"
        case .templateNew: "new"
        case .draftImport, .templateImport: "import"
        case .draftEdit, .templateEdit: "edit"
        case .draftRecover: "recover"
        case .draftRestore: "restore"
        case .draftDelete, .templateDelete: "delete"
        case .outboxQueue: "queue"
        case .outboxSend: "send"
        case .outboxCancel: "cancel"
        case .outboxHold: "hold"
        case .outboxRelease: "release"
        case .outboxReschedule: "reschedule"
        case .outboxRetry: "retry"
        case .outboxHandoff: "hand"
        }
    }
}
