import Foundation

/// Sending a compose form (reply, edit, new thread, PM): fetch the form, fill it, submit it, and
/// read the answer for positive evidence. Only a receipt counts as sent; once the POST went out,
/// anything short of one is unknown.
extension SomethingAwfulAdapter {
    /// What differs between a reply, an edit, a new thread and a PM.
    struct ComposeSteps {
        /// The clicked submit button's name.
        var button = "submit"
        /// Puts what is being sent into the form.
        var fill: (inout HTMLForm) throws(ForumError) -> Void
        /// The filled form on its way to being submitted (a preview-only forum previews here).
        var beforeSubmit: (HTMLForm) async throws(ForumError) -> HTMLForm = { $0 }
        /// Read before the POST, for reconcile: the newest id that is surely not this send's
        /// (the thread's last post, the newest message in Sent Items). The compose page is given.
        var marker: (HTMLDocument) async throws(ForumError) -> Int? = { _ in nil }
        /// The receipt a link in the answer proves, if it proves one; the marker is given (only
        /// what is newer than it can be this send).
        var receipt: (URL, Int?) -> Receipt?
        /// Turns the evidence into a confirmed send, the marker given: the post is found where the
        /// answer points, a PM in Sent Items. No default: a success page alone proves nothing.
        var confirm: (Receipt, Int?) async -> PostOutcome
    }

    /// What a submitted form came to: an outcome, or the forum's "security token expired" answer,
    /// which means nothing was posted and a fresh form will do.
    enum Submission {
        case outcome(PostOutcome)
        case staleForm
    }

    /// Fetches the compose form at `formURL` and sends it as `steps` say. A stale form is fetched
    /// and sent once more. An unknown outcome carries the marker for reconcile.
    func compose(_ formURL: URL, _ steps: ComposeSteps) async -> PostOutcome {
        for _ in 0..<2 {
            do {
                // Reads before the POST are made again at once when the forum fails them.
                let (document, pageForm) = try await ReadAgain.atOnce { () throws(ForumError) in try await composePage(formURL) }
                var form = pageForm
                try steps.fill(&form)
                form = try await steps.beforeSubmit(form)
                // No marker, no POST: without it an unknown outcome could never be settled.
                let marker = try await ReadAgain.atOnce { () throws(ForumError) in try await steps.marker(document) }
                switch await submit(form, clicking: steps.button, receipt: { steps.receipt($0, marker) }) {
                case let .outcome(.sent(receipt)): return await steps.confirm(receipt, marker)
                case let .outcome(outcome): return outcome.reconciled(after: marker)
                case .staleForm: continue
                }
            } catch {
                // Everything above the POST only reads: whatever went wrong, nothing was posted.
                if case let .unexpected(evidence) = error { return .retryLater(after: nil, reason: .unreadable(evidence.description)) }
                return PostOutcome(error)
            }
        }
        return .rejected(.forumError(title: "", message: "the forum refused the form's security token twice"))
    }

    /// Posts the form as a browser would and decides what happened. Only a receipt counts as sent.
    func submit(_ form: HTMLForm, clicking button: String, receipt: (URL) -> Receipt?) async -> Submission {
        let request = HTTPRequest.post(form.action, form: MultipartFormData(fields: form.submission(clicking: button)))
        let answer: Answer
        do {
            answer = Answer(try await client.send(request))
        } catch {
            return .outcome(error.requestSent
                ? .unknown(Evidence("the post was sent but \(error.description)", url: form.action))
                : PostOutcome(ForumError(error)))
        }
        // The forum took the POST and sent us on: from here on, anything short of a receipt is unknown.
        if answer.response.isRedirect, let location = answer.response.redirect {
            return .outcome(await followRedirect(location, status: answer.response.status, receipt: receipt))
        }
        return read(answer, receipt: receipt)
    }

    /// A POST's redirect: the location itself may be the evidence; otherwise the page it leads
    /// to (on this forum only, fetched with GET) must show it.
    private func followRedirect(_ location: URL, status: Int, receipt: (URL) -> Receipt?) async -> PostOutcome {
        guard isOnForum(location) else {
            return .unknown(Evidence("after the post the forum redirected away to \(location.absoluteString)", status: status))
        }
        if let found = receipt(location) { return .sent(found) }
        do {
            let answer = try await get(location)
            if case let .outcome(.sent(found)) = read(answer, receipt: receipt) { return .sent(found) }
            let seen = answer.failure(purpose: .reading).map { ": \($0)" } ?? ""
            return .unknown(Evidence("after the post the forum redirected to a page without a link to it\(seen)",
                                     status: answer.response.status, url: location))
        } catch {
            return .unknown(Evidence("after the post the forum redirected to \(location.absoluteString), which could not be read: \(error)"))
        }
    }

    private func read(_ answer: Answer, receipt: (URL) -> Receipt?) -> Submission {
        if let failure = answer.failure(purpose: .submitting) {
            if case .rejected(.securityTokenExpired) = failure { return .staleForm }
            return .outcome(PostOutcome(failure))
        }
        let response = answer.response
        guard let document = answer.document else {
            return .outcome(.unknown(answer.unreadableEvidence))
        }
        for link in SAEvidence.redirectLinks(in: document) where isOnForum(link) {
            if let found = receipt(link) { return .outcome(.sent(found)) }
        }
        if document.form(named: "vbform") != nil {
            return .outcome(.unknown(Evidence("the forum showed the form again instead of the new post", status: response.status, url: response.url)))
        }
        return .outcome(.unknown(Evidence("the answer has no link to what was posted", status: response.status, url: response.url)))
    }
}

extension PostOutcome {
    /// The same outcome, an unknown one carrying the reconcile marker.
    func reconciled(after marker: Int?) -> PostOutcome {
        guard case var .unknown(evidence) = self, let marker else { return self }
        evidence.reconcileAfter = marker
        return .unknown(evidence)
    }
}
