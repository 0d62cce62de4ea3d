/// The look of the page being answered. The HTTP handler sets it for the length of one request,
/// so that every page builder (the error pages included, which are plain functions called from
/// everywhere) draws with the theme that request asked for without passing it down each call.
struct PageStyle: Sendable {
    var themeName: String
    /// The whole text of the page's `<style>` element.
    var css: String
    /// Shown above the page when `?theme=` named no usable theme.
    var notice: String?

    init(themeName: String, css: String, notice: String? = nil) {
        self.themeName = themeName
        self.css = css
        self.notice = notice
    }

    /// nil outside a request (a page builder called on its own draws an unstyled page).
    @TaskLocal static var current: PageStyle?
}
