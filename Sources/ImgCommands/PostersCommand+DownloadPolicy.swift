import ArgumentParser
import TVMRecords
import TVMazeAPI

extension PostersCommand {
    /// Where images may come from and how large they may be: `static.tvmaze.com`, the API's own host and port
    /// (the replay server in tests, a mirror), and the hosts of `--allow-host` and `TVM_IMAGE_HOSTS`; at most
    /// `--max-size` bytes each.
    ///
    /// - Parameters:
    ///   - apiURL: The API base URL in use.
    ///   - environment: Where `TVM_IMAGE_HOSTS` is read.
    /// - Throws: `ValidationError` for an entry that is not a host or `host:port`.
    func downloadPolicy(apiURL: String, environment: [String: String]) throws -> DownloadPolicy {
        var entries = [HostAllowList.tvmazeImages]
        if let api = HostAllowList.origin(of: apiURL) { entries.append(api) }
        entries += try extraHosts(environment: environment)
        return DownloadPolicy(allowedHosts: HostAllowList(entries), maxBytes: maxSize.bytes)
    }

    /// The hosts of `--allow-host` and of `TVM_IMAGE_HOSTS` (comma-separated; blank entries are ignored).
    ///
    /// - Throws: `ValidationError` quoting the first entry that is not a host or `host:port`.
    func extraHosts(environment: [String: String]) throws -> [HostAllowList.Entry] {
        let listed = (environment["TVM_IMAGE_HOSTS"] ?? "").split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        var entries: [HostAllowList.Entry] = []
        for (text, source) in allowHosts.map({ ($0, "--allow-host") }) + listed.map({ ($0, "TVM_IMAGE_HOSTS") })
        where !(source == "TVM_IMAGE_HOSTS" && text.isEmpty) {
            guard let entry = HostAllowList.Entry(parsing: text) else {
                throw ValidationError(
                    "\(source) takes a host or host:port such as images.example.com or 127.0.0.1:8080, not '\(text)'")
            }
            entries.append(entry)
        }
        return entries
    }
}
