/// One log-in at a time for a session, and none that another has made unneeded. `status` reads
/// the inbox and the bookmarks side by side: both find the session gone, and each asked for the
/// password, two prompts on one line, the second echoing what was typed for the first.
///
/// A request notes `count` before it goes out; when it comes back not logged in, `logIn(since:)`
/// joins a log-in under way, or answers at once when one has succeeded since the note (its
/// cookies are in the jar now): either way the request is simply made again.
actor LoginGate {
    /// Log-ins that succeeded in this session so far.
    private(set) var count = 0
    private var running: Task<Bool, Never>?
    /// Set inside a log-in: one of its own requests that finds no session is the log-in failing,
    /// not a reason to wait for the log-in (itself) to end.
    @TaskLocal private static var loggingIn = false

    func logIn(since seen: Int, _ attempt: @escaping @Sendable () async -> Bool) async -> Bool {
        if Self.loggingIn { return false }
        if let running { return await running.value }
        if count != seen { return true }
        let task = Task { await Self.$loggingIn.withValue(true) { await attempt() } }
        running = task
        let succeeded = await task.value
        running = nil
        if succeeded { count += 1 }
        return succeeded
    }
}
