import ArgumentParser
import TVMRecords

/// A show's page to open in the browser (`--open imdb|tvmaze` of `tvm-fetch show` and `tvm-fav show`).
package enum ShowPage: String, ExpressibleByArgument, CaseIterable, Sendable {
    case imdb, tvmaze

    /// Opens this page of the show `record` is ($BROWSER or xdg-open). A show without the page is reported
    /// (status 1); with no browser to start, a warning gives the URL and the run goes on, as `gh browse` does.
    ///
    /// - Throws: A decoding error for a record that is not a show.
    package func open(record: [UInt8], runtime: ToolRuntime) throws {
        let show = try Show(json: record)
        let url: String?
        switch self {
        case .imdb: url = show.externals?.imdb.map { "https://www.imdb.com/title/\($0)" }
        case .tvmaze: url = show.url
        }
        guard let url else {
            runtime.diagnostics.error(
                "show \(show.id.map(String.init) ?? "?") has no \(self == .imdb ? "IMDb id" : "TVmaze URL")")
            runtime.raise(.notFound)
            return
        }
        do {
            try Browser.open(url, environment: runtime.terminal.environment)
        } catch {
            // No browser here (a server, a container): the page is still one copy-paste away, as gh browse does.
            runtime.diagnostics.warning("\(error.localizedDescription); open the page yourself: \(url)")
        }
    }
}
