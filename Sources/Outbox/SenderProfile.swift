import Foundation
import Store

/// `send --profile P`: a sender that takes only one profile's items. The sender's every query
/// already narrows to a set of item ids (`missive send 3 5`), so a profile is turned into the
/// ids of its items that are not finished, read again on each pass of the loop.
extension Sender {
    /// `named` narrowed to the profile's unfinished items; `named` itself without a profile.
    func profileScoped(_ named: [Int64]?) throws -> [Int64]? {
        guard let profile = settings.profile else { return named }
        let states = OutboxStates.unfinished + OutboxStates.scheduled
        let mine = try store.outboxRead { tx in try tx.items(inStates: states).filter { $0.profile == profile }.map(\.id) }
        let chosen = named.map { named in named.filter(Set(mine).contains) } ?? mine
        // No item has id 0: an empty set must still narrow to nothing, not widen to everything.
        return chosen.isEmpty ? [0] : chosen
    }
}
