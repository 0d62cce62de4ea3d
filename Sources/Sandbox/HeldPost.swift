/// A posting request the forum holds until a test lets it go: a forum still working on a
/// request whose client gave up, storing it at the moment the test chooses. The `late` fault
/// does the same after a delay, which a loaded machine can stretch past the sender's grace;
/// a test that must know the order of events holds the post instead.
public actor HeldPost {
    /// What the client sees meanwhile.
    public enum Answer: Sendable {
        /// Nothing until released: the client waits (or gives up at its own timeout).
        case afterStoring
        /// The connection drops at once, and the post is stored on release: an answer lost on
        /// the way, with no timeout to wait for (which a loaded machine could reach early on
        /// the requests before the post, too).
        case lostAtOnce
    }

    public let answer: Answer
    init(answer: Answer) { self.answer = answer }

    private var arrived = false
    private var released = false
    private var stored = false
    private var releaseWaiters: [CheckedContinuation<Void, Never>] = []
    private var storedWaiters: [CheckedContinuation<Void, Never>] = []

    /// Whether the held request reached the forum within `seconds` (false: it never came, and a
    /// test says so instead of waiting forever).
    public func arrival(within seconds: Double) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1_000))
        while !arrived, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return arrived
    }

    /// Lets the forum store and answer the held request, and returns once it is stored (at
    /// once when the request has not arrived yet: it then goes through unheld).
    public func release() async {
        released = true
        for waiter in releaseWaiters { waiter.resume() }
        releaseWaiters = []
        guard arrived, !stored else { return }
        await withCheckedContinuation { storedWaiters.append($0) }
    }

    /// The handler's side: waits until released.
    func hold() async {
        arrived = true
        guard !released else { return }
        await withCheckedContinuation { releaseWaiters.append($0) }
    }

    /// The handler's side: the forum is done with the request (stored it, or failed to).
    func markStored() {
        stored = true
        for waiter in storedWaiters { waiter.resume() }
        storedWaiters = []
    }
}

/// The held posts tests asked for, taken in order by the next posting requests.
actor PostHolds {
    private var queued: [HeldPost] = []

    func add(_ held: HeldPost) { queued.append(held) }

    func next() -> HeldPost? { queued.isEmpty ? nil : queued.removeFirst() }
}
