/// The script the served page carries (inline, so the server has no asset but the page): it
/// listens on `/events` and, on a new version, fetches `/page`, swaps the body, the styles and the
/// title in place and puts the scroll back, so the page never flashes blank as a reload would.
enum PageScript {
    /// `page` with the script in its head, allowed by `nonce` alone.
    static func inject(into page: String, version: Int, nonce: String) -> String {
        let script = "<meta name=\"referrer\" content=\"no-referrer\">\n<script nonce=\"\(nonce)\">\n"
            + "const missiveLoadedVersion = \(version);\n\(source)</script>\n"
        if let head = page.range(of: "</head>", options: .caseInsensitive) {
            return page.replacingCharacters(in: head.lowerBound..<head.lowerBound, with: script)
        }
        return script + page
    }

    /// Version numbers only grow; a redraw already under way is followed by one more when news
    /// came in meanwhile. `data-version` on <html> says which version is drawn (tests read it).
    static let source = """
        (() => {
          const query = location.search;
          let shown = missiveLoadedVersion, wanted = shown, busy = false;
          document.documentElement.dataset.version = String(shown);
          async function redraw() {
            if (busy) return;
            busy = true;
            try {
              while (wanted > shown) {
                const target = wanted;
                const response = await fetch('/page' + query, { cache: 'no-store' });
                if (!response.ok) break;
                const next = new DOMParser().parseFromString(await response.text(), 'text/html');
                const x = window.scrollX, y = window.scrollY;
                document.title = next.title;
                const oldStyles = [...document.head.querySelectorAll('style')];
                const newStyles = [...next.head.querySelectorAll('style')];
                if (oldStyles.map(s => s.textContent).join() !== newStyles.map(s => s.textContent).join()) {
                  oldStyles.forEach(s => s.remove());
                  newStyles.forEach(s => document.head.appendChild(document.adoptNode(s)));
                }
                document.body.className = next.body.className;
                document.body.replaceChildren(...[...next.body.childNodes].map(n => document.adoptNode(n)));
                window.scrollTo(x, y);
                shown = target;
                document.documentElement.dataset.version = String(shown);
              }
            } finally {
              busy = false;
            }
          }
          const events = new EventSource('/events' + query);
          const news = (event) => {
            const version = Number(event.data);
            if (version > wanted) wanted = version;
            redraw();
          };
          events.addEventListener('hello', news);
          events.addEventListener('change', news);
        })();

        """
}
