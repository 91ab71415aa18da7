import Foundation

/// Test data and probes for the tvm-fav end-to-end tests.
enum FavSupport {
    /// The recorded shows of the three index pages, compact, URLs rewritten to `baseURL`.
    static func recordedShows(baseURL: String = "http://127.0.0.1:9") throws -> [String] {
        try (0...2).flatMap { try Fixtures.elements("shows/page-\($0).json", baseURL: baseURL) }
    }

    /// `count` real show records with the ids `firstID`, `firstID + 1`, …: the recorded shows over and over,
    /// each with its top-level id rewritten (every recorded show starts with `{"id":N,`).
    static func manyShows(count: Int, firstID: Int) throws -> [String] {
        let shows = try recordedShows()
        return try (0..<count).map { index in
            let show = shows[index % shows.count]
            guard show.hasPrefix("{\"id\":"), let comma = show.firstIndex(of: ",") else {
                throw FavSupportError.unexpectedShape(String(show.prefix(40)))
            }
            return "{\"id\":\(firstID + index)" + show[comma...]
        }
    }

    /// The id at the start of a compact show record (`{"id":N,…`), or -1.
    static func showID(_ record: String) -> Int {
        guard record.hasPrefix("{\"id\":") else { return -1 }
        return Int(record.dropFirst(6).prefix { $0.isNumber }) ?? -1
    }

    /// Writes lines to a new file in `folder` and returns its URL.
    static func write(_ lines: [String], named name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        return url
    }

    /// Runs the `sqlite3` command-line shell on a database and returns its stdout.
    static func sqlite(_ database: URL, _ sql: String, in sandbox: Sandbox) async throws -> ToolResult {
        try await Sandbox.run(
            executable: URL(fileURLWithPath: "/usr/bin/sqlite3"),
            arguments: [database.path, sql],
            stdin: nil,
            environment: sandbox.environment,
            directory: sandbox.root,
            timeout: 60
        )
    }
}

enum FavSupportError: Error {
    case unexpectedShape(String)
}

extension Sandbox {
    /// The default favorites database of this sandbox: `$XDG_DATA_HOME/tvm/tvm.sqlite`.
    var favoritesDatabase: URL { dataHome.appendingPathComponent("tvm/tvm.sqlite") }

    /// Runs `tvm-fav list --format jsonl` and returns the ids, in order.
    func favoriteIDs(_ extra: [String] = []) async throws -> [Int] {
        let result = try await run("tvm-fav", ["list", "--format", "jsonl", "--jq", ".id"] + extra)
        return result.lines.compactMap { Int($0) }
    }

    /// Runs `body` while an `sqlite3` shell in a terminal holds the favorites database's write lock
    /// (`BEGIN IMMEDIATE`), then quits the shell and gives SQLite a moment to release the lock.
    func whileFavoritesLocked<Result>(_ body: () async throws -> Result) async throws -> Result {
        let holder = try terminal("sqlite3 \(shellQuoted(favoritesDatabase.path))")
        holder.type("BEGIN IMMEDIATE;\nSELECT 'lock' || 'ed';\n")
        try await holder.waitFor("locked")
        let result: Result
        do {
            result = try await body()
        } catch {
            holder.type(".quit\n")
            throw error
        }
        holder.type(".quit\n")
        try await Task.sleep(for: .milliseconds(300))
        return result
    }

    /// Starts a command in a pseudo-terminal, in this sandbox's environment, with `TERM` set to `term`.
    func terminal(_ command: String, term: String = "dumb", environment extra: [String: String] = [:])
        throws -> TerminalSession
    {
        var environment = self.environment
        environment["TERM"] = term
        environment["PATH"] = Binaries.directory.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        for (key, value) in extra { environment[key] = value }
        return try TerminalSession(command: command, environment: environment, directory: root)
    }
}
