import Common
import Foundation
import Outbox
import Store

/// What the laptop's Missive sends the box's (`missive queue import`, one JSON document on its
/// standard input, one back on its standard output): drafts to queue, handoffs to ask about,
/// changes to make, profiles whose login to report. One document, so that any exchange with a
/// box is one ssh call.
public struct HandoffRequest: Codable, Sendable, Equatable {
    /// The protocol's version: a box that reads an older one refuses what it cannot read.
    public static let currentVersion = 1

    public var version = HandoffRequest.currentVersion
    public var handoffs: [HandoffDocument] = []
    /// Handoff ids whose items the box is asked about.
    public var ask: [String] = []
    public var changes: [HandoffChange] = []
    /// Profiles whose login state the box reports (`queue --via` warns when the box is logged out).
    public var profiles: [String] = []

    public init(handoffs: [HandoffDocument] = [], ask: [String] = [], changes: [HandoffChange] = [], profiles: [String] = []) {
        self.handoffs = handoffs
        self.ask = ask
        self.changes = changes
        self.profiles = profiles
    }
}

/// One draft handed over: its text, target and profile (the front matter's), an edit's base,
/// its schedule, and its local images as the files' bytes (a path means nothing on the box).
public struct HandoffDocument: Codable, Sendable, Equatable {
    /// Made on the laptop; the box queues each id at most once.
    public var id: String
    public var content: DraftContent
    public var base: String?
    public var due: Date
    public var images: [HandoffImage]
    /// For the box's notes: the draft and revision it was on the laptop.
    public var origin: String

    public init(id: String, content: DraftContent, base: String?, due: Date, images: [HandoffImage], origin: String) {
        self.id = id
        self.content = content
        self.base = base
        self.due = due
        self.images = images
        self.origin = origin
    }
}

public struct HandoffImage: Codable, Sendable, Equatable {
    /// The image's target as the Markdown writes it, which the box points at its copy.
    public var target: String
    /// The file's name, kept for the copy (its extension tells the format).
    public var name: String
    public var data: Data

    public init(target: String, name: String, data: Data) {
        self.target = target
        self.name = name
        self.data = data
    }
}

public struct HandoffChange: Codable, Sendable, Equatable {
    public enum Action: String, Codable, Sendable { case cancel, hold, release, reschedule }
    public var handoff: String
    public var action: Action
    /// For release and reschedule: when (the laptop read `--at` against its own clock).
    public var due: Date?

    public init(handoff: String, action: Action, due: Date? = nil) {
        self.handoff = handoff
        self.action = action
        self.due = due
    }
}

/// The box's answer.
public struct HandoffAnswer: Codable, Sendable, Equatable {
    public var version: Int
    /// The box's Missive version.
    public var missive: String
    /// One per handoff, asked id and change, in that order.
    public var items: [RemoteItem]
    public var profiles: [RemoteProfile]

    public init(version: Int = HandoffRequest.currentVersion, missive: String, items: [RemoteItem], profiles: [RemoteProfile]) {
        self.version = version
        self.missive = missive
        self.items = items
        self.profiles = profiles
    }
}

/// A handoff's item on the box, or why there is none.
public struct RemoteItem: Codable, Sendable, Equatable {
    public var handoff: String
    /// The box's item id; nil when the box has no item for this handoff.
    public var item: Int64?
    /// True when this exchange queued it; false when the box had it already (an answer lost before).
    public var stored: Bool?
    public var state: RemoteState?
    public var due: Date?
    public var url: String?
    public var postID: String?
    /// A failed item's reason, an unknown one's evidence.
    public var reason: String?
    /// Why the box refused this handoff or change (nothing was queued or changed for it).
    public var error: String?

    public init(handoff: String, item: Int64? = nil, stored: Bool? = nil, state: RemoteState? = nil, due: Date? = nil, url: String? = nil,
                postID: String? = nil, reason: String? = nil, error: String? = nil) {
        self.handoff = handoff
        self.item = item
        self.stored = stored
        self.state = state
        self.due = due
        self.url = url
        self.postID = postID
        self.reason = reason
        self.error = error
    }
}

public struct RemoteProfile: Codable, Sendable, Equatable {
    public var name: String
    public var known: Bool
    public var loggedIn: Bool

    public init(name: String, known: Bool, loggedIn: Bool) {
        self.name = name
        self.known = known
        self.loggedIn = loggedIn
    }
}

/// The wire's one JSON shape: ISO 8601 times in UTC to the millisecond, base64 bytes, sorted keys.
public enum HandoffCoding {
    public static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var single = encoder.singleValueContainer()
            // To the millisecond: a schedule handed over is the schedule the user gave.
            try single.encode(formatter([.withInternetDateTime, .withFractionalSeconds]).string(from: date))
        }
        return try encoder.encode(value)
    }

    public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let date = formatter([.withInternetDateTime, .withFractionalSeconds]).date(from: text)
                ?? formatter([.withInternetDateTime]).date(from: text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not an ISO 8601 time: \(text)"))
            }
            return date
        }
        return try decoder.decode(type, from: data)
    }

    /// A formatter per call: ISO8601DateFormatter is not Sendable, and a handoff makes a few.
    private static func formatter(_ options: ISO8601DateFormatter.Options) -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = options
        return formatter
    }
}
