import Foundation
@testable import Sandbox
import Testing

@Suite struct FaultSpecTests {
    @Test func theDocumentedExampleParses() throws {
        let plan = try FaultPlan.parse("drop=0.1,500=0.05,slow=0.05:3s,dberror=0.05,truncate=0.05")
        #expect(plan.rates == [.drop: 0.1, .serverError: 0.05, .slow: 0.05, .databaseError: 0.05, .truncate: 0.05])
        #expect(plan.slowDelay == .seconds(3))
        #expect(plan.scope == .post)
    }

    @Test func delaysScopesAndTheOtherFaultsParse() throws {
        let plan = try FaultPlan.parse(" slow=0.5:250ms , empty=0.1,nothtml=0.1,loop=0.1,on=all")
        #expect(plan.slowDelay == .milliseconds(250))
        #expect(plan.scope == .all)
        #expect(plan.rates[.empty] == 0.1 && plan.rates[.notHTML] == 0.1 && plan.rates[.redirectLoop] == 0.1)
        #expect(try FaultPlan.parse("slow=1:2").slowDelay == .seconds(2))
        #expect(try FaultPlan.parse("").isEmpty)
    }

    @Test(arguments: [
        ("crash=0.1", "unknown fault 'crash'"),
        ("drop", "is not NAME=RATE"),
        ("drop=1.5", "from 0 to 1"),
        ("drop=-0.1", "from 0 to 1"),
        ("drop=abc", "from 0 to 1"),
        ("drop=0.6,500=0.6", "add up to"),
        ("slow=0.1:soon", "slow delay"),
        ("on=some", "on= takes"),
    ])
    func badSpecsSayWhatIsWrong(_ spec: String, _ expected: String) {
        #expect {
            try FaultPlan.parse(spec)
        } throws: { error in
            guard let error = error as? FaultPlan.SpecError else { return false }
            return error.description.contains(expected) && error.status == .usage
        }
    }

    @Test func aRollPicksFaultsInAFixedOrder() throws {
        let plan = try FaultPlan.parse("500=0.2,drop=0.1")
        #expect(plan.fault(forRoll: 0.05) == .drop)
        #expect(plan.fault(forRoll: 0.15) == .serverError)
        #expect(plan.fault(forRoll: 0.29) == .serverError)
        #expect(plan.fault(forRoll: 0.31) == nil)
    }

    @Test func theDiceRepeatForASeedAndDifferAcrossSeeds() {
        var a = SplitMix64(seed: 42), b = SplitMix64(seed: 42), c = SplitMix64(seed: 43)
        let first = (0..<20).map { _ in a.nextUnit() }
        #expect(first == (0..<20).map { _ in b.nextUnit() })
        #expect(first != (0..<20).map { _ in c.nextUnit() })
        #expect(first.allSatisfy { $0 >= 0 && $0 < 1 })
    }
}

@Suite struct FaultInjectionTests {
    func reply(_ browser: Browser, _ message: String, timeout: TimeInterval = 10) async throws -> RawResponse {
        let form = try await browser.page("/newreply.php?action=newreply&threadid=\(Seed.Ids.welcomeThread)")
        var fields = form.vbformSubmission(clicking: "submit")
        fields = fields.map { $0.name == "message" ? (name: $0.name, value: message) : $0 }
        let boundary = "faultboundary"
        return try await browser.send(method: "POST", target: "/newreply.php", contentType: "multipart/form-data; boundary=\(boundary)",
                                      body: Browser.multipart(fields, boundary: boundary), timeout: timeout)
    }

    func stored(_ server: SandboxServer, _ text: String) async throws -> Bool {
        try await state(of: server).posts.contains { $0.text == text }
    }

    /// What one answer looked like, as a client would classify it.
    func outcome(_ response: RawResponse) -> String {
        if response.received == 0 { return "dropped" }
        if response.status == 500 { return "500" }
        if response.text.contains("database_error") { return "dberror" }
        if response.text.contains("goto=post") { return "posted" }
        return "other"
    }

    func run(seed: UInt64) async throws -> (outcomes: [String], stored: [Bool]) {
        let plan = try FaultPlan.parse("drop=0.25,500=0.25,dberror=0.25")
        return try await withSandbox(SandboxConfiguration(floodInterval: 0, faults: plan, seed: seed)) { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            var outcomes: [String] = [], stored: [Bool] = []
            for number in 0..<16 {
                outcomes.append(outcome(try await reply(browser, "roll \(number)")))
                stored.append(try await self.stored(server, "roll \(number)"))
            }
            return (outcomes, stored)
        }
    }

    @Test func theSameSeedGivesTheSameFaultsInTheSameOrder() async throws {
        let first = try await run(seed: 7)
        let second = try await run(seed: 7)
        let other = try await run(seed: 8)
        #expect(first.outcomes == second.outcomes)
        #expect(first.outcomes != other.outcomes)
        #expect(Set(first.outcomes).isSuperset(of: ["dropped", "500", "dberror", "posted"]), "\(first.outcomes)")
        // Dropped posts were stored; 500s and database errors were not.
        for (outcome, stored) in zip(first.outcomes, first.stored) {
            #expect(stored == (outcome == "posted" || outcome == "dropped"), "\(outcome)")
        }
    }

    @Test func dropClosesTheConnectionAfterStoringThePost() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            await server.failNextPost(with: .drop)
            let answer = try await reply(browser, "dropped but kept")
            #expect(answer.received == 0)
            #expect(try await stored(server, "dropped but kept"))
        }
    }

    @Test func serverErrorAfterStoringAnswers500WithThePostKept() async throws {
        #expect(try FaultPlan.parse("500stored=0.1").rates == [.serverErrorAfterStoring: 0.1])
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            await server.failNextPost(with: .serverErrorAfterStoring)
            let answer = try await reply(browser, "stored, then 500")
            #expect(answer.status == 500)
            #expect(!answer.text.contains("goto=post"))
            #expect(try await stored(server, "stored, then 500"))
            // The plain 500 still stores nothing.
            await server.failNextPost(with: .serverError)
            #expect(try await reply(browser, "500 first").status == 500)
            #expect(try await !stored(server, "500 first"))
        }
    }

    @Test func truncateSendsLessThanItsContentLength() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            await server.failNextPost(with: .truncate)
            let answer = try await reply(browser, "cut short")
            let promised = try #require(answer.header("Content-Length").flatMap(Int.init))
            #expect(answer.status == 200)
            #expect(!answer.complete)
            #expect(answer.body.count < promised && answer.body.count > 0)
            #expect(try await stored(server, "cut short"))
        }
    }

    /// A client that gives up on a `late` request finds nothing stored yet; the post appears
    /// once the delay is over (a forum finishing a request its client abandoned).
    @Test func lateStoresOnlyAfterItsDelay() async throws {
        let plan = try FaultPlan.parse("late=0:800ms")
        try await withSandbox(SandboxConfiguration(floodInterval: 0, faults: plan)) { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            await server.failNextPost(with: .late)
            await #expect(throws: RawHTTPError.self) { try await reply(browser, "stored late", timeout: 0.2) }
            #expect(try await !stored(server, "stored late"))
            try await Task.sleep(for: .milliseconds(1_200))
            #expect(try await stored(server, "stored late"))
        }
    }

    @Test func slowAnswersLateButStores() async throws {
        let plan = try FaultPlan.parse("slow=0:400ms")
        try await withSandbox(SandboxConfiguration(floodInterval: 0, faults: plan)) { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            await server.failNextPost(with: .slow)
            let clock = ContinuousClock()
            let started = clock.now
            let answer = try await reply(browser, "eventually")
            #expect(clock.now - started >= .milliseconds(400))
            #expect(answer.text.contains("goto=post"))
            // A client that gives up sooner sees a timeout, and the post is there anyway.
            await server.failNextPost(with: .slow)
            await #expect(throws: RawHTTPError.self) { try await reply(browser, "gave up", timeout: 0.1) }
            try await Task.sleep(for: .milliseconds(600))
            #expect(try await stored(server, "gave up"))
        }
    }

    @Test func emptyNotHTMLAndServerErrorAnswers() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            await server.failNextPost(with: .empty)
            let empty = try await reply(browser, "empty answer")
            #expect(empty.status == 200 && empty.body.isEmpty && empty.complete)
            #expect(try await stored(server, "empty answer"))

            await server.failNextPost(with: .noForm)
            let page = try #require(HTMLPage(try await reply(browser, "no form answer").body))
            #expect(page.first("//body[contains(@class,'index')]") != nil)
            #expect(page.first("//form[@name='vbform']") == nil && page.first("//a[contains(@href,'goto=')]") == nil)
            #expect(try await stored(server, "no form answer"))

            await server.failNextPost(with: .notHTML)
            let plain = try await reply(browser, "plain answer")
            #expect(plain.status == 200 && plain.header("Content-Type")?.hasPrefix("text/plain") == true)
            #expect(try await !stored(server, "plain answer"))

            await server.failNextPost(with: .serverError)
            let error = try await reply(browser, "500 answer")
            #expect(error.status == 500)
            #expect(try await !stored(server, "500 answer"))
        }
    }

    @Test func loopRedirectsToAPageThatRedirectsToItself() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            await server.failNextPost(with: .redirectLoop)
            let first = try await reply(browser, "looping")
            #expect(first.status == 302)
            let target = try #require(first.header("Location"))
            let second = try await browser.get(target)
            #expect(second.status == 302 && second.header("Location") == target)
            #expect(try await !stored(server, "looping"))
        }
    }

    @Test func onPostSparesPagesAndTheLoginButOnAllDoesNot() async throws {
        let postOnly = try FaultPlan.parse("500=1")
        try await withSandbox(SandboxConfiguration(floodInterval: 0, faults: postOnly)) { (server: SandboxServer) async throws in
            let browser = Browser(server)
            #expect(try await browser.logIn("sandbox").status == 302)
            #expect(try await browser.get("/showthread.php?threadid=\(Seed.Ids.welcomeThread)").status == 200)
            #expect(try await reply(browser, "x").status == 500)
        }
        let everything = try FaultPlan.parse("500=1,on=all")
        try await withSandbox(SandboxConfiguration(floodInterval: 0, faults: everything)) { (server: SandboxServer) async throws in
            let browser = Browser(server)
            #expect(try await browser.logIn("sandbox").status == 500)
            #expect(try await browser.get("/index.php").status == 500)
            #expect(try await browser.get("/_sandbox/state.json").status == 200, "the test door is never faulted")
        }
    }

    @Test func aFaultCanBeQueuedOverHTTP() async throws {
        try await withSandbox { server in
            let browser = Browser(server)
            try await browser.logIn("sandbox")
            #expect(try await browser.post("/_sandbox/fault?next=dberror", []).status == 200)
            #expect(try await browser.post("/_sandbox/fault?next=meteor", []).status == 400)
            let answer = try await reply(browser, "queued")
            #expect(answer.text.contains("database_error"))
            #expect(try await reply(browser, "queued").text.contains("goto=post"), "only the next one")
        }
    }
}
