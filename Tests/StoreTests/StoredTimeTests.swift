import Foundation
import GRDB
import Testing
@testable import Store

/// The store's own date text must be exactly GRDB's, or rows written by the sender would sort and
/// compare differently from rows written through GRDB (due times are compared as text in SQL).
@Suite struct StoredTimeTests {
    @Test func theTextIsGRDBsForEdgesAndTenThousandRandomTimes() throws {
        var generator = SystemRandomNumberGenerator()
        let edges: [TimeInterval] = [0, -0.001, -1, 0.0005, 0.999_9, 951_782_400, 1_709_164_799.999, 1_800_000_000.123_456,
                                     -2_208_988_800, 253_402_300_799.999, 4_102_444_800.5]
        let random = (0..<10_000).map { _ in TimeInterval.random(in: -2_000_000_000...4_000_000_000, using: &generator) }
        for seconds in edges + random {
            let date = Date(timeIntervalSince1970: seconds)
            guard case let .string(grdb) = date.databaseValue.storage else {
                Issue.record("GRDB did not write text for \(seconds)")
                continue
            }
            #expect(StoredTime.text(date) == grdb, "\(seconds)")
        }
    }

    @Test func aMissingDateStaysMissing() {
        #expect(StoredTime.text(nil as Date?) == nil)
    }
}
