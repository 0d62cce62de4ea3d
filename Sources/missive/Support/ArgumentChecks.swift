import Application
import ArgumentParser
import Foundation
import Outbox

/// A thread, post, forum or PM id as the compose commands take it: the number, or the forum's
/// URL for it pasted from the browser. A URL of another kind is a usage error that says what it
/// names instead ("... names a post, not a thread").
func forumID(_ text: String, _ kind: ForumReference.Kind) throws -> Int64 {
    do {
        return Int64(try ForumReference.parse(text, as: kind).id)
    } catch {
        throw ValidationError(error.description)
    }
}

/// Ids on the forum are positive numbers; anything else is a usage error before the store is touched.
func requirePositive(_ value: Int64, _ what: String) throws {
    if value <= 0 { throw ValidationError("the \(what) must be a positive number, not \(value)") }
}

/// `--at WHEN` checked in `validate()`, where only a ValidationError keeps its message.
func validateSendTime(_ text: String) throws {
    do {
        _ = try SendTime.parse(text, now: Date())
    } catch {
        throw ValidationError(error.description)
    }
}
