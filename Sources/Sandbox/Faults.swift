import Common
import Foundation

/// The ways the sandbox can misbehave, named as they are written in a `--faults` spec.
public enum Fault: String, Sendable, CaseIterable, Equatable {
    /// The post is stored, then the connection closes without an answer.
    case drop
    /// HTTP 500 before anything is stored.
    case serverError = "500"
    /// The post is stored and the answer comes late (the spec's delay, 3 s unless given).
    case slow
    /// The forum's "Database Unavailable" page; nothing is stored.
    case databaseError = "dberror"
    /// The post is stored and the answer stops half-way (Content-Length promises more).
    case truncate
    /// The post is stored and the answer is a 200 with an empty body.
    case empty
    /// The post is stored and the answer is an ordinary forum page (the index): no form, no
    /// success link, no error.
    case noForm = "noform"
    /// A 200 that is not HTML (a proxy's plain-text complaint); nothing is stored.
    case notHTML = "nothtml"
    /// A redirect to a page that redirects to itself forever; nothing is stored.
    case redirectLoop = "loop"
    /// The post is stored, then the answer is an HTTP 500 (PHP failing on the way to the page).
    /// Last in the list, so a seeded run's earlier faults stay the same.
    case serverErrorAfterStoring = "500stored"
    /// Nothing for the delay, then the post is stored and answered: a forum still working on a
    /// request whose client has given up (it stores after the client's timeout, and after a
    /// check made right after it). Last for the same reason as the one above.
    case late
    /// Cloudflare's browser check answers instead of the forum (HTTP 403, `cf-mitigated:
    /// challenge`); nothing reaches the forum. Last, like the two above.
    case cloudflare
    /// The forum's closed-thread refusal, a `standardredirect` page leading to a thread that
    /// exists (the request's thread, else the forum's newest, else the seeded closed one);
    /// nothing is stored. Last, like the others.
    case closedRedirect = "closedredirect"
    /// The forum's ordinary success page ("Thank you for posting!", its refresh and links naming
    /// `goto=post&postid=P`) for a post that does not exist, and nothing stored: the answer
    /// Awful.app's users saw before their posts vanished (#625). An edit's page names the edited
    /// post, which keeps its old text; a new thread's names the thread id the next one would get;
    /// a PM's goes back to the folder. Last, like the others.
    case phantom

    /// Whether the request is carried out before the fault shows.
    var storesFirst: Bool {
        switch self {
        case .drop, .slow, .truncate, .empty, .noForm, .serverErrorAfterStoring, .late: return true
        case .serverError, .databaseError, .notHTML, .redirectLoop, .cloudflare, .closedRedirect, .phantom: return false
        }
    }
}

extension SandboxForum {
    /// The `phantom` fault's answer: the success page the request would have got, naming what
    /// would have been made (the next post or thread id: the id a forum that lost the write after
    /// numbering it would name), while nothing is stored.
    func phantomSuccess(answering request: SandboxRequest, user: UserRecord?) async throws -> SandboxResponse {
        let (nextPost, nextThread) = try await database.queue.read { db in
            (try Self.nextId(db, table: "post", first: 500_000_001), try Self.nextId(db, table: "thread", first: 3_500_001))
        }
        switch request.script {
        case "editpost.php":
            return ErrorPages.redirect("Your post has been edited. You will now be taken to your post.",
                                       to: "showthread.php?goto=post&postid=\(request.id("postid") ?? nextPost)", user: user)
        case "newthread.php":
            return ErrorPages.redirect("Thank you for posting! You will now be taken to your thread.",
                                       to: "showthread.php?threadid=\(nextThread)", user: user)
        case "private.php":
            return ErrorPages.redirect("Thank you for sending your private message. You will now be returned to your private messages.",
                                       to: "private.php", user: user)
        default:
            return ErrorPages.redirect("Thank you for posting! You will now be taken to your post.",
                                       to: "showthread.php?goto=post&postid=\(nextPost)", user: user)
        }
    }
}

/// A parsed `--faults` spec: `drop=0.1,500=0.05,slow=0.05:3s,dberror=0.05,truncate=0.05`.
/// Each rate is the chance that one eligible request gets that fault; the rates add up to at most 1.
/// `on=post` (the default) makes only posting requests eligible (replies, edits, new threads,
/// private messages and their previews); `on=all` adds every page and the login.
public struct FaultPlan: Sendable, Equatable {
    public enum Scope: String, Sendable { case post, all }

    public var rates: [Fault: Double]
    public var slowDelay: Duration
    public var scope: Scope

    public init(rates: [Fault: Double] = [:], slowDelay: Duration = .seconds(3), scope: Scope = .post) {
        self.rates = rates
        self.slowDelay = slowDelay
        self.scope = scope
    }

    public var isEmpty: Bool { rates.values.allSatisfy { $0 == 0 } }

    public struct SpecError: MissiveError, Equatable {
        public var message: String
        public var status: ExitStatus { .usage }
        public var description: String { "--faults: \(message)" }
    }

    public static func parse(_ spec: String) throws -> FaultPlan {
        var plan = FaultPlan()
        for item in spec.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !item.isEmpty {
            let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else {
                throw SpecError(message: "'\(item)' is not NAME=RATE (for example drop=0.1)")
            }
            if parts[0] == "on" {
                guard let scope = Scope(rawValue: parts[1]) else {
                    throw SpecError(message: "on= takes 'post' or 'all', not '\(parts[1])'")
                }
                plan.scope = scope
                continue
            }
            guard let fault = Fault(rawValue: parts[0]) else {
                let names = Fault.allCases.map(\.rawValue).joined(separator: ", ")
                throw SpecError(message: "unknown fault '\(parts[0])' (known: \(names), and on=post|all)")
            }
            var rateText = parts[1]
            if fault == .slow || fault == .late, let colon = rateText.firstIndex(of: ":") {
                plan.slowDelay = try delay(String(rateText[rateText.index(after: colon)...]))
                rateText = String(rateText[..<colon])
            }
            guard let rate = Double(rateText), rate >= 0, rate <= 1 else {
                throw SpecError(message: "the rate of \(fault.rawValue) must be a number from 0 to 1, not '\(rateText)'")
            }
            plan.rates[fault] = rate
        }
        let total = plan.rates.values.reduce(0, +)
        guard total <= 1.000_000_1 else {
            throw SpecError(message: "the rates add up to \(total); they must add up to at most 1")
        }
        return plan
    }

    /// `3s`, `500ms`, or a bare number of seconds.
    private static func delay(_ text: String) throws -> Duration {
        let number: String, scale: Double
        if text.hasSuffix("ms") {
            (number, scale) = (String(text.dropLast(2)), 0.001)
        } else if text.hasSuffix("s") {
            (number, scale) = (String(text.dropLast()), 1)
        } else {
            (number, scale) = (text, 1)
        }
        guard let value = Double(number), value >= 0 else {
            throw SpecError(message: "the slow delay must look like 3s or 500ms, not '\(text)'")
        }
        return .milliseconds(Int((value * scale * 1000).rounded()))
    }

    /// The fault for one roll of the dice (a number in 0..<1), or nil for a normal answer.
    /// Faults are tried in a fixed order so that the same roll always means the same fault.
    func fault(forRoll roll: Double) -> Fault? {
        var threshold = 0.0
        for fault in Fault.allCases {
            threshold += rates[fault] ?? 0
            if roll < threshold { return fault }
        }
        return nil
    }
}

/// Rolls the seeded dice, one roll per eligible request in the order requests arrive, and holds
/// faults that a test asked for explicitly ("the next posting request gets a database error").
actor FaultDice {
    private var generator: SplitMix64
    private var queued: [Fault] = []
    /// An outage: every request (pages, logins and posts alike) gets this fault, for `remaining`
    /// requests (nil: until it is called off).
    private var outage: (fault: Fault, remaining: Int?)?
    let plan: FaultPlan

    init(plan: FaultPlan, seed: UInt64) {
        self.plan = plan
        self.generator = SplitMix64(seed: seed)
    }

    func enqueue(_ fault: Fault) {
        queued.append(fault)
    }

    /// Every request from now on gets `fault` (`requests`: only that many); nil calls it off.
    func setOutage(_ fault: Fault?, requests: Int? = nil) {
        outage = fault.map { ($0, requests) }
    }

    /// The fault for the next request: an outage's first, then a queued one (posting requests
    /// only), then the dice.
    func next(isPosting: Bool, isPage: Bool) -> Fault? {
        if let (fault, remaining) = outage {
            if let remaining {
                outage = remaining > 1 ? (fault, remaining - 1) : nil
            }
            return fault
        }
        if isPosting, !queued.isEmpty { return queued.removeFirst() }
        let eligible = plan.scope == .all ? (isPosting || isPage) : isPosting
        guard eligible, !plan.isEmpty else { return nil }
        return plan.fault(forRoll: generator.nextUnit())
    }
}

/// A small, well-known PRNG: the same seed gives the same sequence on every platform.
struct SplitMix64: Sendable {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<1 with 53 random bits.
    mutating func nextUnit() -> Double {
        Double(next() >> 11) / Double(1 << 53)
    }
}
