import Foundation
import TestSupport
import Testing

/// The tests' own child processes (`ChildProcess`): one that closes its descriptors and runs on
/// must not hold up the exit of another. Under Foundation's `Process` it does: the second
/// child's exit is seen only when the first ends (7 s of an 8 s sleep, measured on this machine),
/// and a test waiting on the second while it owns the first waits for good.
@Suite struct ChildProcessTests {
    @Test func aChildThatClosesItsDescriptorsDoesNotHoldUpAnotherChildsExit() throws {
        let sleeper = ChildProcess()
        sleeper.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        sleeper.arguments = ["python3", "-c", "import os, time; os.closerange(3, 65536); time.sleep(60)"]
        sleeper.standardInput = nil
        try sleeper.run()
        defer {
            kill(sleeper.processIdentifier, SIGKILL)
            sleeper.waitUntilExit()
        }
        // Time for it to close what it has.
        Thread.sleep(forTimeInterval: 1)
        #expect(sleeper.isRunning)

        let start = Date()
        let quick = ChildProcess()
        quick.executableURL = URL(fileURLWithPath: "/bin/sh")
        quick.arguments = ["-c", "exit 3"]
        try quick.run()
        quick.waitUntilExit()
        #expect(Date().timeIntervalSince(start) < 20, "the quick child's exit was seen at once")
        #expect(quick.terminationStatus == 3 && quick.terminationReason == .exit)
        #expect(sleeper.isRunning)
    }

    @Test func aKilledChildReportsItsSignal() throws {
        let child = ChildProcess()
        child.executableURL = URL(fileURLWithPath: "/bin/sleep")
        child.arguments = ["60"]
        try child.run()
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        #expect(child.terminationReason == .uncaughtSignal && child.terminationStatus == SIGKILL)
    }
}
