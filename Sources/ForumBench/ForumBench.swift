@_spi(Bench) import Forum
import Foundation

/// `forum-bench BASE_URL THREAD COUNT USER < PASSWORD`: logs in, posts COUNT replies to THREAD
/// through the Something Awful adapter (GET the form, POST the reply, read the outcome), and
/// prints the rate and the process's memory along the way, for scripts/bench-forum.sh.
/// The password comes on standard input (its first line), never as an argument, which `ps` shows.
/// `forum-bench parse-html ...` times the HTML parser instead (see `ParseBench`), and
/// `forum-bench upload-image ...` the image host client (see `ImageUploadBench`).
@main
enum ForumBench {
    static func main() async {
        let arguments = CommandLine.arguments
        if arguments.count > 1 && arguments[1] == "parse-html" {
            exit(ParseBench.run(Array(arguments.dropFirst(2))))
        }
        if arguments.count > 1 && arguments[1] == "upload-image" {
            exit(await ImageUploadBench.run(Array(arguments.dropFirst(2))))
        }
        guard arguments.count == 5, let base = URL(string: arguments[1]), let thread = Int(arguments[2]), let count = Int(arguments[3]), count > 0 else {
            FileHandle.standardError.write(Data("usage: forum-bench BASE_URL THREAD COUNT USER < PASSWORD\n".utf8))
            exit(64)
        }
        guard let password = readLine(strippingNewline: true), !password.isEmpty else {
            FileHandle.standardError.write(Data("forum-bench: no password on standard input\n".utf8))
            exit(64)
        }
        do {
            let jar = FileManager.default.temporaryDirectory.appendingPathComponent("forum-bench-\(getpid())/jar.txt")
            defer { try? FileManager.default.removeItem(at: jar.deletingLastPathComponent()) }
            // FORUM_BENCH_FRESH=1: a new connection per request, as a curl process per request has.
            let reuse = ProcessInfo.processInfo.environment["FORUM_BENCH_FRESH"] != "1"
            // FORUM_BENCH_NO_CONFIRM=1: take the success page's word, as before issue 22
            // (scripts/bench-receipts.sh prints the cost of opening the post's link beside it).
            let confirm = ProcessInfo.processInfo.environment["FORUM_BENCH_NO_CONFIRM"] != "1"
            let adapter = try SomethingAwfulAdapter(
                baseURL: base, settings: HTTPSettings(userAgent: "missive/bench", cookieJar: jar, reuseConnections: reuse),
                confirmingPosts: confirm)
            _ = try await adapter.login(username: arguments[4], password: password)
            var failures: [String: Int] = [:]
            var checkpoints: [(replies: Int, rss: Int, peak: Int)] = []
            let start = ContinuousClock.now
            for number in 1...count {
                let outcome = await adapter.reply(Reply(threadID: thread, bbcode: "Benchmark reply \(number) 😀\nsecond line"))
                if case .sent = outcome {} else { failures[String(describing: outcome), default: 0] += 1 }
                if number == min(100, count) || number % 250 == 0 || number == count {
                    let memory = Self.memory()
                    checkpoints.append((number, memory.rss, memory.peak))
                }
            }
            let elapsed = ContinuousClock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            let label = (reuse ? "adapter" : "adapter (a new connection per request)") + (confirm ? "" : " without the receipt check")
            print(label + String(format: ": %d replies in %.2f s = %.1f replies/s", count, seconds, Double(count) / seconds))
            for point in checkpoints {
                print("  after \(point.replies) replies: RSS \(point.rss) KiB, peak \(point.peak) KiB")
            }
            for (outcome, times) in failures { print("  not sent \(times)x: \(outcome)") }
            exit(failures.isEmpty ? 0 : 1)
        } catch {
            FileHandle.standardError.write(Data("forum-bench: \(error)\n".utf8))
            exit(1)
        }
    }

    /// VmRSS and VmHWM (peak) from /proc/self/status, in KiB.
    static func memory() -> (rss: Int, peak: Int) {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        func value(_ key: String) -> Int {
            let line = status.split(separator: "\n").first { $0.hasPrefix(key) } ?? ""
            return Int(line.split(separator: " ").dropFirst().first { !$0.isEmpty }.map(String.init) ?? "") ?? 0
        }
        return (value("VmRSS:"), value("VmHWM:"))
    }
}
