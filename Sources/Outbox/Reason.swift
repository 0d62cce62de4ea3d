import Common
import Forum
import Foundation
import GRDB

/// Why an item is retrying, failed or unknown: one closed set, holding the forum adapter's typed
/// outcomes as they are (never their words), stored as a stable code plus its values, and shown
/// to people through `description`.
public indirect enum Reason: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The forum refused; `.notLoggedIn` means the session is gone: the item waits for `missive login`.
    case rejected(Rejection)
    /// Try again later: the forum's flood control, its database, the server, the way to it.
    case retryLater(RetryReason)
    /// The server named a wait (Retry-After) for this reason.
    case retryAfter(seconds: Int, because: Reason)
    // Ours.
    /// No clear answer from the forum: it may have landed.
    case unknownOutcome(evidence: String)
    /// The forum could not tell whether it landed.
    case uncheckable(String)
    /// The sender that held it stopped while sending it.
    case senderStopped(owner: String)
    /// Checked with the forum: it had not arrived.
    case notArrived(after: Reason)
    /// Too many transient failures in a row.
    case gaveUp(attempts: Int, last: Reason)
    /// An unknown item given up on: the forum answered `answers` checks since the last send, and
    /// none of its answers settled whether it landed (`last`: the last of them). It may be on the
    /// forum; `item` is what `missive queue retry` takes once the user has looked.
    case unsettled(answers: Int, last: String, item: Int64?)
    /// The profile's forum could not be set up (its config).
    case notConfigured(String)
    /// The item's row could not be read.
    case damaged(String)
    /// Given back unsent: the sender stopped, or its place had to wait.
    case givenBack
    /// An edit whose post changed on the forum since the edit began, in lines the edit changed
    /// too: nothing was posted. `lines`: where the conflicts are in the draft's text (words);
    /// `revision`: the draft's revision that holds both sides between markers (nil when the
    /// draft had moved on and was left alone).
    case editConflict(lines: String, revision: Int?)
    /// An edit whose answer was unclear, read back at once: the post holds neither the edit nor
    /// the text it had before, so it changed on the forum around the send (issue 31). `lines`:
    /// where the draft's revision `revision` holds both sides between markers.
    case editChangedAround(lines: String, revision: Int?)
    /// Written by a Missive before reasons were typed: its words, kept as they were.
    case legacy(String)
    // Images (from `UploadOutcome` and `UploadReconciliation`); `file` as the draft names it.
    /// The image host refused the image (too large, not an image it takes, not authorized).
    case imageRefused(file: String, message: String)
    /// The image host could not take it now (down, rate-limited, its kept copy unreadable).
    case imageHostBusy(file: String, message: String)
    /// The upload's answer was lost: the host is asked whether it landed before any new upload.
    case imageUploadUnknown(file: String, evidence: String)
    /// The upload's answer was lost and the host cannot tell whether it landed (anonymous
    /// Imgur): the user decides (`missive queue retry ITEM` uploads it again). `item`: the
    /// outbox item (nil in reasons stored before it was recorded).
    case imageUploadUncertain(file: String, item: Int64? = nil, message: String)
    /// Held, not sent: its time (`scheduled`) passed while no sender ran, longer ago than the
    /// profile's `late_limit` (`limit` seconds); `missive queue release ITEM` sends it.
    case tooLate(scheduled: Date, limit: TimeInterval)

    public init(_ rejection: Rejection) {
        // A stale form is refetched by the adapter; one that still reaches here reads as it always has.
        self = if case .securityTokenExpired = rejection {
            .rejected(.forumError(title: "", message: "the forum refused the form's security token"))
        } else {
            .rejected(rejection)
        }
    }

    public init(_ error: ForumError) {
        self = switch error {
        case let .rejected(rejection): Reason(rejection)
        case let .retryLater(_, reason): .retryLater(reason)
        case let .unexpected(evidence): .unknownOutcome(evidence: evidence.description)
        }
    }

    /// The stable name stored beside the values (`reasonCode`): what scripts and SQL may match on.
    public var code: String {
        switch self {
        case let .rejected(rejection): rejection.code
        case let .retryLater(reason): reason.code
        case .retryAfter: "retry-after"
        case .unknownOutcome: "unknown-outcome"
        case .uncheckable: "uncheckable"
        case .senderStopped: "sender-stopped"
        case .notArrived: "not-arrived"
        case .gaveUp: "gave-up"
        case .unsettled: "unsettled"
        case .notConfigured: "not-configured"
        case .damaged: "damaged"
        case .givenBack: "given-back"
        case .editConflict: "edit-conflict"
        case .editChangedAround: "edit-changed-around"
        case .legacy: "legacy"
        case .imageRefused: "image-refused"
        case .imageHostBusy: "image-host-busy"
        case .imageUploadUnknown: "image-upload-unknown"
        case .imageUploadUncertain: "image-upload-uncertain"
        case .tooLate: "too-late"
        }
    }

    public var description: String {
        switch self {
        case let .rejected(rejection): rejection.description
        case let .retryLater(reason): reason.description
        case let .retryAfter(_, because): because.description
        case let .unknownOutcome(evidence): evidence
        case let .uncheckable(error): "could not check with the forum: \(error)"
        case let .senderStopped(owner): "its sender (\(owner)) stopped while sending it"
        case let .notArrived(after): after.description
        case let .gaveUp(attempts, last): "gave up after \(attempts) attempts; the last one: \(last)"
        case let .unsettled(answers, last, item):
            "gave up asking the forum whether it arrived: \(answers) of its answers settled nothing (the last: \(last)); "
                + "it may be on the forum: look there, and if it is not, "
                + "`missive queue retry \(item.map(String.init) ?? "ITEM")` sends it again"
        case let .notConfigured(message): message
        case let .damaged(message): message
        case .givenBack: "given back unsent"
        case let .editConflict(lines, _):
            "the post changed on the forum since the edit began, in lines your edit changes too (\(lines) of the draft); "
                + "nothing was posted, and the forum keeps its text"
        case let .editChangedAround(lines, _):
            "the post changed on the forum around the edit: it holds neither your edit nor the text it had before it "
                + "(\(lines) of the draft hold both sides); whether your edit landed first cannot be told, and nothing more "
                + "was sent over it"
        case let .legacy(text): text
        case let .imageRefused(file, message): "the image host refused image \(file): \(message)"
        case let .imageHostBusy(file, message): "image \(file) could not be uploaded yet: \(message)"
        case let .imageUploadUnknown(file, evidence):
            "the answer to the upload of image \(file) was lost (\(evidence)); the host is asked before it is uploaded again"
        case let .imageUploadUncertain(file, item, message):
            "the upload of image \(file) may have landed, and \(message); nothing was posted. "
                + "`missive queue retry \(item.map(String.init) ?? "ITEM")` uploads it again (the host may then keep an unused copy)"
        case let .tooLate(scheduled, limit):
            "its time, \(LocalClock.time(scheduled, now: Date())), passed while no sender ran, more than the late_limit "
                + "of \(LocalClock.span(limit)) ago"
        }
    }

    /// Whether it waits out a failure of the forum itself (down, an HTTP 5xx, its database-error
    /// page, a page it did not finish), not a wait the forum named or a refusal: such an item is
    /// due again as soon as the forum answers another request (issue 31).
    public var isForumFailure: Bool {
        switch self {
        case .retryLater(.databaseError), .retryLater(.serverError), .retryLater(.unreachable), .retryLater(.unreadable): true
        default: false
        }
    }

    /// Whether the forum's flood control is what it waits for.
    public var isFlood: Bool {
        switch self {
        case .retryLater(.floodControl): true
        case let .retryAfter(_, because): because.isFlood
        default: false
        }
    }
}

// MARK: - Stored form

/// Stored as its values in JSON (`reasonValues`; the row keeps `code` beside it).
extension Reason: DatabaseValueConvertible {
    public var databaseValue: DatabaseValue {
        String(decoding: (try? JSONEncoder.sorted.encode(self)) ?? Data(), as: UTF8.self).databaseValue
    }

    /// Values this Missive cannot read (a newer one's) are `unreadable`: the row's words stand in.
    public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Reason? {
        guard let text = String.fromDatabaseValue(dbValue) else { return nil }
        return (try? JSONDecoder().decode(Reason.self, from: Data(text.utf8))) ?? .unreadable
    }

    /// What stored values this Missive cannot read come back as.
    static let unreadable = Reason.legacy("")
}

extension JSONEncoder {
    /// Keys in order, so that equal reasons are stored as equal text.
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return encoder
    }
}

extension Reason {
    /// What would help after a refusal that sending again cannot change, naming the draft the
    /// item was made from; nil where trying again may help (`missive queue retry`).
    public func remedy(draft: Int64?) -> String? {
        let edit = draft.map { "`missive drafts edit \($0)`" } ?? "the draft"
        let kept = draft.map { "your text stays in draft \($0)" } ?? "your text stays in its draft"
        let queue = draft.map { "`missive queue \($0)`" } ?? "`missive queue DRAFT`"
        switch self {
        case .rejected(.threadClosed):
            return "only a moderator can reopen the thread; \(kept)"
        case .rejected(.tooLong):
            return "shorten it with \(edit), then \(queue)"
        case .rejected(.invalid), .rejected(.doesNotExist), .rejected(.noSuchUser):
            return "fix its front matter or text with \(edit), then \(queue)"
        case .rejected(.banned), .rejected(.probation):
            return "the account cannot post now; \(kept)"
        case .rejected(.noPermission):
            return "check that the profile's account is the one that may write there; \(kept)"
        case .rejected(.untrustedCertificate):
            return "nothing was sent; once the forum's certificate is trusted, `missive queue retry ITEM` sends it; \(kept)"
        case .rejected(.platinumRequired):
            return "private messages need the Platinum upgrade on the forum's account page; then \(queue)"
        case .rejected(.archivesRequired):
            return "the archives upgrade on the forum's account page opens it; then \(queue)"
        case .imageRefused:
            return "change the image with \(edit) (or queue with --resize), then \(queue)"
        case let .editConflict(_, revision?), let .editChangedAround(_, revision?):
            return "revision \(revision) of the draft holds both sides between conflict markers: keep what should stay with "
                + "\(edit), then \(queue) sends it against the forum's text as it is then"
        case .editConflict, .editChangedAround:
            return "the draft was saved again after it was queued; \(queue) sends its newer text, merged with the forum's"
        default:
            return nil
        }
    }
}

/// The stable codes of the forum's outcomes, as `reasonCode` has always stored them.
private extension Rejection {
    var code: String {
        switch self {
        case .threadClosed: "closed"
        case .banned: "banned"
        case .probation: "probation"
        case .noPermission: "no-permission"
        case .noSuchUser: "no-such-user"
        case .notLoggedIn: "session-expired"
        case .wrongPassword: "wrong-password"
        case .tooLong: "too-long"
        case .invalid: "invalid"
        case .forumError, .securityTokenExpired: "forum-error"
        case .platinumRequired: "platinum-required"
        case .archivesRequired: "archives-required"
        case .doesNotExist: "does-not-exist"
        case .botCheck: "bot-check"
        case .untrustedCertificate: "untrusted-certificate"
        }
    }
}

private extension RetryReason {
    var code: String {
        switch self {
        case .floodControl: "flood"
        case .databaseError: "database-error"
        case .serverError: "server-error"
        case .unreachable: "unreachable"
        case .unreadable: "unreadable"
        case .changedOnTheForum: "changed-on-the-forum"
        }
    }
}
