import Common
import Foundation
import Store

/// One new thing to tell the user about.
public struct NewsNotification: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case pm, quote, thread
    }

    public var kind: Kind
    /// What makes it this thing and no other, within its kind and profile (a PM's id, a quoting
    /// post's id, a thread's id with its number of posts).
    public var key: String
    /// One line a person reads.
    public var title: String
    public var url: URL
}

/// How telling the user went.
public enum NotifierOutcome: Sendable, Equatable {
    case shown
    /// The command ended with this status, or could not start (the message says).
    case failed(String)
    /// It ran past the time allowed and was killed.
    case killed(after: Int)
}

/// The user's way of being told: `notify_command`, notify-send, or nothing.
public protocol Notifier: Sendable {
    func notify(_ notification: NewsNotification) async -> NotifierOutcome
}

/// `status --notify`: tells the user once about each new thing a status found, remembering in the
/// store what it told (so a second check, or the service's, never tells it again). What is
/// remembered is marked before the notifier runs: two checks at once tell it once, and a notifier
/// that fails is reported once, not retried.
public struct NotifyNews: Sendable {
    let store: Store
    let notifier: (any Notifier)?
    let clock: @Sendable () -> Date

    public init(store: Store, notifier: (any Notifier)?, clock: @escaping @Sendable () -> Date) {
        self.store = store
        self.notifier = notifier
        self.clock = clock
    }

    public struct Told: Sendable, Equatable {
        public var notification: NewsNotification
        public var outcome: NotifierOutcome

        /// What went wrong, in words for the user; nil when it was shown.
        public var problem: String? {
            switch outcome {
            case .shown: nil
            case let .failed(why): "could not notify \"\(notification.title)\": \(why)"
            case let .killed(seconds): "the notify command for \"\(notification.title)\" ran over \(seconds) s and was stopped"
            }
        }
    }

    /// What the report holds that is news, in the order it is told.
    public static func notifications(in report: StatusReport) -> [NewsNotification] {
        var news: [NewsNotification] = []
        for message in report.messages.value ?? [] {
            news.append(NewsNotification(kind: .pm, key: String(message.id), title: "PM from \(message.from): \(message.subject)",
                                         url: message.url))
        }
        for quote in report.quotes.value?.quotes ?? [] {
            news.append(NewsNotification(kind: .quote, key: String(quote.post), title: "\(quote.author) quoted you in \(quote.title)",
                                         url: quote.url))
        }
        for thread in report.threads.value ?? [] {
            news.append(NewsNotification(kind: .thread, key: "\(thread.thread)@\(thread.posts.map(String.init) ?? "u\(thread.unread)")",
                                         title: "\(counted(thread.unread, "new post")) in \(thread.title)", url: thread.url))
        }
        return news.map { notification in
            var clean = notification
            clean.title = notification.title.split(whereSeparator: \.isNewline).joined(separator: " ")
            return clean
        }
    }

    /// Tells each thing not told before; what was told, with how it went.
    public func run(_ report: StatusReport) async throws -> [Told] {
        var told: [Told] = []
        for notification in Self.notifications(in: report) {
            guard try store.markNotified(profile: report.profile, kind: notification.kind.rawValue, key: notification.key,
                                         at: clock())
            else { continue }
            guard let notifier else { continue }
            told.append(Told(notification: notification, outcome: await notifier.notify(notification)))
        }
        return told
    }
}
