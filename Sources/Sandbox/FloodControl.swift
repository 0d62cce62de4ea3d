import Foundation

/// vBulletin's flood check: a user may post again `interval` seconds after their last post.
/// Posts and private messages each keep their own time and interval.
struct FloodControl: Sendable, Equatable {
    enum Kind: Sendable { case post, privateMessage }

    var interval: Int

    /// Whole seconds still to wait (rounded up, as the forum says "try again in 12 seconds"),
    /// or nil when the user may post now.
    func secondsLeft(lastPostAt: Date?, now: Date) -> Int? {
        guard interval > 0, let lastPostAt else { return nil }
        let remaining = Double(interval) - now.timeIntervalSince(lastPostAt)
        guard remaining > 0 else { return nil }
        return Int(remaining.rounded(.up))
    }

    /// The forum's wording, with the interval and the seconds left.
    static func message(kind: Kind, interval: Int, secondsLeft: Int) -> String {
        switch kind {
        case .post:
            return "This forum requires that you wait \(interval) seconds between posts. "
                + "Please try again in \(secondsLeft) seconds."
        case .privateMessage:
            return "This forum requires that you wait \(interval) seconds between sending private messages. "
                + "Please try again in \(secondsLeft) seconds."
        }
    }
}
