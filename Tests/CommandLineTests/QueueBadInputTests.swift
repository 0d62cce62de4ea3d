import Foundation
import Testing

/// Bad input to the queue's subcommands: one clear line and the README's exit status, and the
/// queue left as it was.
@Suite struct QueueBadInputTests {
    /// One queued item, and the home it is in.
    static func queuedItem() throws -> (MissiveHome, String) {
        let home = try MissiveHome()
        let id = try QueueCommandTests.buffers(home).reply
        let queued = try home.run(["queue", String(id), "--at", "+2h"])
        #expect(queued.status == 0, "\(queued.errorOutput)")
        return (home, queued.output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// A draft names its item as `queue list`'s DRAFT column writes it (dN), wherever an item is
    /// taken; one that has none, a typo, or the same item named both ways are refused.
    @Test func aDraftNamesItsItemAsDN() throws {
        let (home, item) = try Self.queuedItem()
        defer { home.remove() }
        let shown = try #require(try JSONSerialization.jsonObject(with: try home.run(["queue", "show", item, "--json"]).stdout) as? [String: Any])
        let draft = try #require(shown["draft"] as? Int)
        let viaDraft = try #require(try JSONSerialization.jsonObject(with: try home.run(["queue", "show", "d\(draft)", "--json"]).stdout) as? [String: Any])
        #expect(viaDraft["id"] as? Int == Int(item), "\(viaDraft)")
        let hold = try home.run(["queue", "hold", "d\(draft)"])
        #expect(hold.status == 0 && hold.errorOutput.contains("item \(item)"), "\(hold.errorOutput)")
        #expect(try home.run(["queue", "show", "d\(draft)"]).output.contains("state:    held"))
        #expect(try home.run(["queue", "release", "D\(draft)", "--at", "+3h"]).status == 0)

        let missing = try home.run(["queue", "hold", "d99"])
        #expect(missing.status == 66 && missing.errorOutput == "missive: draft 99 has no outbox item; `missive queue 99` queues it\n",
                "\(missing.errorOutput)")
        let twice = try home.run(["queue", "cancel", item, "d\(draft)"])
        #expect(twice.status == 64 && twice.errorOutput.contains("item \(item) is named twice"), "\(twice.errorOutput)")
        for bad in ["dx", "d0", "d-1", "x1"] {
            #expect(try home.run(["queue", "hold", bad]).status == 64, "\(bad)")
        }
        #expect(try home.run(["queue", "show", item]).output.contains("state:    queued"), "nothing refused changed the item")
    }

    /// A state filter that matches nothing says so, and what the outbox does hold; only an
    /// outbox with nothing in it is "empty".
    @Test func aFilterThatMatchesNothingIsNotAnEmptyOutbox() throws {
        let (home, _) = try Self.queuedItem()
        defer { home.remove() }
        let failed = try home.run(["queue", "list", "--state", "failed", "--state", "held"])
        #expect(failed.status == 0 && failed.output.isEmpty, "\(failed)")
        #expect(failed.errorOutput == "missive: no item is failed or held; the outbox holds 1 item in other states: "
                    + "`missive queue list` shows them\n", "\(failed.errorOutput)")
        let empty = try MissiveHome()
        defer { empty.remove() }
        #expect(try empty.run(["queue", "list", "--state", "failed"]).errorOutput.contains("the outbox is empty"))
    }

    /// Naming an item twice is a typo, not a request to change it twice (the second change
    /// used to meet the first one's result and refuse the lot with a misleading reason).
    @Test(arguments: ["cancel", "hold", "reschedule", "release", "retry"])
    func anItemNamedTwiceIsAUsageError(_ action: String) throws {
        let (home, item) = try Self.queuedItem()
        defer { home.remove() }
        let result = try home.run(["queue", action, item, item])
        #expect(result.status == 64)
        #expect(result.errorOutput.contains("item \(item) is named twice"), "\(result.errorOutput)")
        #expect(try home.run(["queue", "show", item]).output.contains("state:    queued for"))
    }

    @Test func anItemThatDoesNotExistIsMissingInput() throws {
        let (home, item) = try Self.queuedItem()
        defer { home.remove() }
        for action in ["show", "cancel", "hold", "reschedule", "release", "retry"] {
            let result = try home.run(["queue", action, "999"] + (action == "show" ? [] : [item]))
            #expect(result.status == 66, "\(action): \(result.errorOutput)")
            #expect(result.errorOutput == "missive: outbox item 999 does not exist (see `missive queue list`)\n", "\(action)")
        }
        // All or none: the item named beside the missing one did not change.
        #expect(try home.run(["queue", "show", item]).output.contains("state:    queued for"))
    }

    @Test func aChangeTheStateMachineRefusesSaysWhyAndChangesNothing() throws {
        let (home, item) = try Self.queuedItem()
        defer { home.remove() }
        #expect(try home.run(["queue", "cancel", item]).status == 0)
        let again = try home.run(["queue", "cancel", item])
        #expect(again.status == 65)
        #expect(again.errorOutput == "missive: item \(item): cannot cancel an item that is cancelled: it is already cancelled\n")
        let reschedule = try home.run(["queue", "reschedule", item, "--at", "+1h"])
        #expect(reschedule.status == 65)
        #expect(reschedule.errorOutput.contains("cannot reschedule an item that is cancelled"))
        let past = try home.run(["queue", "retry", item, "--at", "2001-01-01T00:00:00Z"])
        #expect(past.status == 64)
        #expect(past.errorOutput.contains("that time is in the past"))
        #expect(try home.run(["queue", "show", item]).output.contains("state:    cancelled"))
    }
}
