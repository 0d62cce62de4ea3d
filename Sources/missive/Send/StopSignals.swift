import Foundation
import Outbox
#if canImport(Glibc)
import Glibc
#endif

/// The write end of the pipe the signal handler writes to (a handler may only do such simple things).
nonisolated(unsafe) private var signalPipeWrite: Int32 = -1

/// Turns SIGINT and SIGTERM into a stop request, so that the sender finishes and records the item
/// in hand before it exits. A second signal ends the process at once (the item in hand, if any,
/// stays claimed and is checked with the forum by the next sender).
///
/// The handler only writes the signal number to a pipe; a thread of our own reads it. That thread
/// also unblocks both signals for itself, so that they arrive even when missive was started with
/// them blocked in every thread (as Foundation's Process starts children, or some service managers).
enum StopSignals {
    /// The status for a run the stop request ended: 128 + the signal's number, as a shell reports
    /// a program that the signal killed (130 for SIGINT, 143 for SIGTERM), so that scripts and
    /// service managers can tell a stopped run from a finished one.
    static func exitStatus(for name: String) -> Int32 {
        128 + (name == "SIGTERM" ? SIGTERM : SIGINT)
    }

    static func install(_ stop: StopSignal) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        signalPipeWrite = ends[1]
        let reader = ends[0]
        let thread = Thread {
            var wanted = sigset_t()
            sigemptyset(&wanted)
            sigaddset(&wanted, SIGINT)
            sigaddset(&wanted, SIGTERM)
            pthread_sigmask(SIG_UNBLOCK, &wanted, nil)
            var count = 0
            while true {
                var number: UInt8 = 0
                guard read(reader, &number, 1) == 1 else { continue }
                count += 1
                if count > 1 { _exit(128 + Int32(number)) }
                stop.request(number == UInt8(SIGTERM) ? "SIGTERM" : "SIGINT")
            }
        }
        thread.start()
        for number in [SIGINT, SIGTERM] {
            signal(number) { received in
                var byte = UInt8(truncatingIfNeeded: received)
                _ = write(signalPipeWrite, &byte, 1)
            }
        }
    }
}
