import Foundation
import TVMRecords

/// Reads the parts of `Cache-Control` the client honours.
public enum CacheControl {
    /// The freshness lifetime a `Cache-Control` header grants.
    ///
    /// - Parameter header: The header value, e.g. `public, max-age=3600`.
    /// - Returns: `max-age` in seconds; `0` for `no-store` or `no-cache`; `nil` when the header says nothing
    ///   about freshness (or is absent).
    public static func maxAge(_ header: String?) -> Double? {
        guard let header else { return nil }
        var result: Double?
        for directive in header.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
            switch parts[0] {
            case "no-store", "no-cache": return 0
            case "max-age" where parts.count == 2:
                result = Double(parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))).map { max(0, $0) }
            default: continue
            }
        }
        return result
    }
}
