import Foundation

/// Cloudflare in front of the forum: when its browser check is on (`POST /_sandbox/cloudflare`,
/// or the `cloudflare` fault for one request), it answers instead of the forum. The answer is
/// neither a forum page nor a refusal: a client without a browser cannot pass it, and trying
/// again the same way does not help.
actor CloudflareGate {
    private(set) var challenging = false

    func set(challenging: Bool) {
        self.challenging = challenging
    }

    /// The challenge as Cloudflare serves it: HTTP 403, `cf-mitigated: challenge`,
    /// `server: cloudflare`, and a "Just a moment..." page whose script (`window._cf_chl_opt`)
    /// loads the check from `/cdn-cgi/challenge-platform/`. Not windows-1252: Cloudflare's own page.
    static func challenge() -> SandboxResponse {
        let ray = Token.hex(16)
        let html = """
            <!DOCTYPE html>
            <html lang="en-US">
            <head>
            <title>Just a moment...</title>
            <meta http-equiv="Content-Type" content="text/html; charset=UTF-8">
            <meta name="robots" content="noindex,nofollow">
            </head>
            <body class="no-js">
            <div class="main-wrapper" role="main">
            <div class="main-content">
            <noscript><div class="h2"><span id="challenge-error-text">Turn on JavaScript and cookies to go on.</span></div></noscript>
            <h1 class="zone-name-title h1">127.0.0.1</h1>
            <p class="h2 spacer-bottom">Checking that you are a person. This can take a few seconds.</p>
            <div id="cf-chl-widget-container"></div>
            </div>
            </div>
            <script>(function(){window._cf_chl_opt={cvId:'3',cZone:'127.0.0.1',cType:'managed',cRay:'\(ray)'};\
            var s=document.createElement('script');s.src='/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1?ray=\(ray)';\
            document.body.appendChild(s);}());</script>
            </body>
            </html>
            """
        return SandboxResponse(status: 403, headers: [
            ("Content-Type", "text/html; charset=UTF-8"),
            ("Server", "cloudflare"),
            ("cf-mitigated", "challenge"),
            ("CF-RAY", "\(ray)-DFW"),
            ("Cache-Control", "private, max-age=0, no-store, no-cache, must-revalidate"),
        ], body: Data(html.utf8))
    }
}
