import Common
import Forum
import Foundation
import Outbox

/// Why an upload could not be taken down now.
public struct RemoveImageError: MissiveError, Equatable {
    public var name: String
    public var reason: String
    public var retry: Bool

    public var status: ExitStatus { retry ? .tempFailure : .unavailable }
    public var description: String {
        "the image host did not take \(name) down: \(reason)" + (retry ? "; try again later" : "")
    }
}

/// `missive images rm ID|URL`: takes an upload down through the delete handle its host gave,
/// and records it. One the host no longer has is taken as done.
public struct RemoveImage: Sendable {
    let local: LocalContext
    let hosts: any ImageHostSource

    public init(_ local: LocalContext, hosts: any ImageHostSource) {
        self.local = local
        self.hosts = hosts
    }

    public func run(_ name: String) async throws {
        let images = OutboxImages(store: local.store)
        let entry = try images.find(name)
        guard case let .uploaded(hosted, _) = entry.image.state else {
            local.console.note("\(name) was already taken down")
            return
        }
        guard let handle = hosted.deleteHandle else { throw OutboxImagesError.noDeleteHandle(name) }
        switch await (try hosts.host(for: entry.profile)).delete(handle) {
        case .deleted:
            try images.recordDeleted(entry, now: local.now)
            local.console.note("took down \(hosted.url.absoluteString) (image \(entry.image.target) of item \(entry.image.item))")
        case .alreadyGone:
            try images.recordDeleted(entry, now: local.now)
            local.console.note("\(hosted.url.absoluteString) was already gone from the host")
        case let .retryLater(_, reason):
            throw RemoveImageError(name: name, reason: reason, retry: true)
        case let .failed(reason):
            throw RemoveImageError(name: name, reason: reason, retry: false)
        }
    }
}
