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

    /// The five tools: the names `make install` links to the one program, `tvm`, in the Makefile's order.
    static let tools: [String] = {
        let makefile = (try? String(contentsOf: url("Makefile"), encoding: .utf8)) ?? ""
        guard let line = makefile.split(separator: "\n").first(where: { $0.hasPrefix("TOOLS := ") }) else { return [] }
        return line.dropFirst("TOOLS := ".count).split(separator: " ").map(String.init)
    }()

}
