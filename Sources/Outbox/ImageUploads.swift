import Common
import Forum
import Foundation
import Store

/// The images of a claimed item go up before its post, each at most once: "uploading" is
/// recorded (under the sender's lease) before a request leaves, and the host's answer (address,
/// delete handle) before the post is made. An image left "uploading" (a crash, a lost answer) is
/// reconciled with the host first. Once all are up, the command gets their hosted addresses in
/// place of its stand-ins, and that command is stored before it is posted, so a check of the
/// post after a lost answer looks for exactly what was sent.
struct ImageUploads: Sendable {
    let store: Store
    let lease: SenderLease
    let hosts: (any ImageHostSource)?
    let settings: SenderSettings
    let clock: SenderClock

    enum Step: Sendable, Equatable {
        /// Every image is up (or there were none): post.
        case ready
        /// Not now: record this event for the item, and this line for the user.
        case stop(OutboxEvent, outcome: String, message: String)
    }

    func prepare(_ item: inout OutboxItem, progress: (String) -> Void) async throws -> Step {
        let id = item.id
        var images = try store.outboxRead { tx in try tx.outboxImages(of: id) }
        guard !images.isEmpty, ImagePlaceholder.appears(in: item.command.bbcode) else { return .ready }
        let host: any ImageHost
        do {
            guard let found = try hosts?.host(for: item.profile) else {
                let why = "profile \(item.profile) has no image host for its local images"
                return .stop(.rejected(.notConfigured(why)), outcome: "not sent", message: why)
            }
            host = found
        } catch {
            return .stop(.rejected(.notConfigured("\(error)")), outcome: "not sent", message: "\(error)")
        }
        let blobs = ImageBlobs(store: store)
        for index in images.indices where images[index].state.hosted == nil {
            let image = images[index]
            guard let kept = try blobs.kept(image.hash) else {
                return .stop(.rejected(.damaged("image \(image.target): its kept copy is gone from the store")), outcome: "not sent",
                             message: "image \(image.target) is no longer in the store")
            }
            let hash = image.hash
            let upload = ImageUpload(hash: hash, format: kept.format, byteCount: kept.byteCount) { sink in
                try blobs.stream(hash, sink)
            }
            if case .uploading = image.state {
                progress("asking the image host whether image \(image.target) arrived")
                switch await host.reconcile(upload) {
                case let .landed(hosted):
                    images[index].state = .uploaded(hosted, at: clock.now())
                    try record(images[index])
                    continue
                case .absent:
                    break
                case let .undetermined(why):
                    return transient(&item, .imageHostBusy(file: image.target, message: why), after: nil)
                case let .cannotTell(why):
                    return .stop(.rejected(.imageUploadUncertain(file: image.target, item: id, message: why)), outcome: "uncertain",
                                 message: why)
                }
            }
            images[index].state = .uploading(since: clock.now())
            guard try record(images[index], holding: id) else {
                return .stop(.retryAt(clock.now(), because: .givenBack), outcome: "not started", message: "given back")
            }
            progress("uploading image \(image.target) (\(kept.byteCount) bytes)")
            switch await host.upload(upload) {
            case let .uploaded(hosted):
                images[index].state = .uploaded(hosted, at: clock.now())
                try record(images[index])
            case let .rejected(rejection):
                images[index].state = .pending
                try record(images[index])
                return .stop(.rejected(.imageRefused(file: image.target, message: rejection.description)), outcome: "rejected",
                             message: rejection.description)
            case let .retryLater(after, reason):
                // Nothing was stored: the next attempt uploads it without asking.
                images[index].state = .pending
                try record(images[index])
                return transient(&item, .imageHostBusy(file: image.target, message: reason), after: after)
            case let .unknown(evidence):
                // Left "uploading": the next attempt asks the host first.
                let reason = Reason.imageUploadUnknown(file: image.target, evidence: evidence)
                return .stop(.retryAt(clock.now().addingTimeInterval(settings.settle), because: reason), outcome: "unknown",
                             message: reason.description)
            }
        }
        var hosted: [ContentHash: URL] = [:]
        for image in images { if let url = image.state.hosted?.url { hosted[image.hash] = url } }
        item.command = item.command.resolvingImages(hosted)
        let resolved = item
        let stillOurs = try store.outbox { tx in
            guard try lease.holds(id, in: tx) else { return false }
            try tx.save(resolved)
            return true
        }
        return stillOurs ? .ready : .stop(.retryAt(clock.now(), because: .givenBack), outcome: "not started", message: "given back")
    }

    /// A wait: the one the host named (Retry-After), else the retry policy's backoff, which
    /// counts it as a failure and gives up after as many as a post would.
    private func transient(_ item: inout OutboxItem, _ reason: Reason, after: Duration?) -> Step {
        let now = clock.now()
        if let after {
            let seconds = Int(after.components.seconds)
            return .stop(.retryAt(now.addingTimeInterval(Double(seconds)), because: .retryAfter(seconds: seconds, because: reason)),
                         outcome: "retry", message: reason.description)
        }
        item.failures += 1
        switch settings.policy.decide(.transient, failures: item.failures, now: now) {
        case let .retry(at):
            return .stop(.retryAt(at, because: reason), outcome: "retry", message: reason.description)
        case let .giveUp(attempts):
            return .stop(.rejected(.gaveUp(attempts: attempts, last: reason)), outcome: "gave up", message: reason.description)
        }
    }

    /// Records an upload's state. The host's answer is recorded whoever holds the item now: it
    /// is true, and it is what keeps the next attempt from uploading again.
    private func record(_ image: OutboxImage) throws {
        try store.outbox { tx in try tx.save(image) }
    }

    /// Records "uploading" only while this sender holds the item (so two senders never both
    /// upload it); false when it no longer does.
    private func record(_ image: OutboxImage, holding id: Int64) throws -> Bool {
        try store.outbox { tx in
            guard try lease.holds(id, in: tx) else { return false }
            try tx.save(image)
            return true
        }
    }
}
