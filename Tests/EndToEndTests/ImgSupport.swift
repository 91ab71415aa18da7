import Foundation
import ReplayServer

/// Helpers for the tvm-img end-to-end tests.
enum Img {
    /// The `_tvm.image` of an output line: `.some(path)`, `.some(nil)` for null, `nil` when absent or not JSON.
    static func image(of line: String) -> String?? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
            let tvm = object["_tvm"] as? [String: Any], let value = tvm["image"]
        else { return nil }
        if value is NSNull { return .some(nil) }
        return (value as? String).map { .some($0) }
    }

    /// The input record with `"_tvm":{"image":…}` appended, as tvm-img must print it.
    static func expected(_ record: String, image: String?) -> String {
        let value = image.map { "\"" + $0 + "\"" } ?? "null"
        return String(record.dropLast()) + ",\"_tvm\":{\"image\":\(value)}}"
    }

    /// The image folder of a sandbox.
    static func directory(_ sandbox: Sandbox) -> String {
        sandbox.cacheHome.appendingPathComponent("tvm/images").path
    }

    /// The names in the image folder, sorted (hidden temporary files included).
    static func files(_ sandbox: Sandbox) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory(sandbox))) ?? []).sorted()
    }

    /// Whether a name is a cache entry name: 64 hex digits and `.jpg`.
    static func isEntryName(_ name: String) -> Bool {
        name.range(of: "^[0-9a-f]{64}\\.jpg$", options: .regularExpression) != nil
    }

    /// The bytes of a file as text (the replay server's JPEGs carry their request path in a comment).
    static func contents(_ path: String) -> String {
        String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }

    /// The request path of an image URL on the replay server.
    static func path(of url: String) -> String {
        URL(string: url)?.path ?? url
    }

    /// The medium (or original) image URLs of the show records, in order.
    static func urls(_ records: [String], size: String = "medium") -> [String?] {
        records.map { record in
            let object = try? JSONSerialization.jsonObject(with: Data(record.utf8)) as? [String: Any]
            let owner = (object?["image"] != nil ? object : (object?["show"] ?? object?["person"]) as? [String: Any])
            return (owner?["image"] as? [String: Any])?[size] as? String
        }
    }

    /// Runs a command line in bash, with the tools on PATH, inside the sandbox.
    static func shell(_ sandbox: Sandbox, _ command: String, environment: [String: String] = [:]) async throws
        -> ToolResult
    {
        var env = sandbox.environment
        env["PATH"] = Binaries.directory.path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
        for (key, value) in environment { env[key] = value }
        return try await Sandbox.run(
            executable: URL(fileURLWithPath: "/bin/bash"), arguments: ["-c", command], stdin: nil, environment: env,
            directory: sandbox.root, timeout: 120)
    }

    /// Runs a command line on a pseudo-terminal (util-linux `script`), so stdout and stderr are terminals.
    static func terminal(_ sandbox: Sandbox, _ command: String, environment: [String: String] = [:]) async throws
        -> ToolResult
    {
        try await shell(sandbox, "script -qec \(quote(command)) /dev/null", environment: environment)
    }

    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
