import Foundation

/// Swift's cooperative thread pool has one thread per core (two on the CI machine). A test that
/// blocks one of them for minutes, waiting for processes, starves the in-process sandboxes of the
/// other suites, which then time out. Long command-line tests therefore wait on threads of their own.

/// Runs blocking `work` (a process run, a wait, a socket read) on a new thread and awaits its result.
func offThePool<T>(_ work: @escaping () throws -> T) async throws -> T {
    let box = Unchecked(work)
    let result: Unchecked<Result<T, any Error>> = await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: Unchecked(Result { try box.value() })) }.start()
    }
    return try result.value.get()
}

/// Polls `condition` every 20 ms for at most `seconds`, sleeping without holding a pool thread.
func eventually(within seconds: Double, _ condition: () async throws -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if (try? await condition()) == true { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return (try? await condition()) == true
}

/// Carries a value across to the waiting thread; the test hands it over and does not touch it meanwhile.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
