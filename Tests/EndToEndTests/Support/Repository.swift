import Foundation
import Testing

/// Paths in the repository, and the tools it ships.
enum Repository {
    /// The repository's root folder.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A path below the root.
    static func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// The installed tools: the executable products of Package.swift, in its order.
    static let tools: [String] = {
        let manifest = (try? String(contentsOf: url("Package.swift"), encoding: .utf8)) ?? ""
        return manifest.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: ".executable(name: \"") else { return nil }
            return line[start.upperBound...].split(separator: "\"").first.map(String.init)
        }
    }()

}
