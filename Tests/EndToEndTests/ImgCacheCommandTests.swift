import Foundation
import ReplayServer
import Testing

@Suite("tvm-img cache info, prune and clear; --preview and the progress line on a terminal")
struct ImgCacheCommandTests {
    @Test("cache info counts files and bytes; prune evicts the least recently used; clear empties")
    func maintenance() async throws {
        try await withReplay { server, sandbox in
            let empty = try await sandbox.run("tvm-img", ["cache", "info"])
            #expect(empty.status == 0)
            #expect(empty.lines == [#"{"directory":"\#(Img.directory(sandbox))","files":0,"bytes":0}"#])

            let shows = Array(try Fixtures.elements("shows/page-0.json", baseURL: server.baseURL).prefix(3))
            var paths: [String] = []
            for show in shows {
                let run = try await sandbox.run("tvm-img", ["--path"], stdin: show)
                paths.append(try #require(run.lines.first))
            }
            // Serve the oldest again: it becomes the most recently used.
            let touched = try await sandbox.run("tvm-img", ["--path"], stdin: shows[0])
            #expect(touched.lines == [paths[0]])
            #expect(server.log.count(matching: .prefix("/uploads/images")) == 3)
            let sizes = try paths.map { try #require(FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int) }
            let info = try await sandbox.run("tvm-img", ["cache", "info", "--jq", "[.files, .bytes]"])
            #expect(info.lines == ["[3,\(sizes.reduce(0, +))]"])

            let prune = try await sandbox.run("tvm-img", ["cache", "prune", "--max-size", String(sizes[0] + sizes[2])])
            #expect(prune.status == 0)
            #expect(prune.stderr.contains("tvm-img: note: removed 1 image"))
            #expect(!FileManager.default.fileExists(atPath: paths[1]))
            #expect(
                FileManager.default.fileExists(atPath: paths[0]) && FileManager.default.fileExists(atPath: paths[2]))

            let clear = try await sandbox.run("tvm-img", ["cache", "clear"])
            #expect(clear.status == 0)
            #expect(clear.stderr.contains("removed 2 images"))
            #expect(Img.files(sandbox).isEmpty)
            let after = try await sandbox.run("tvm-img", ["cache", "info", "--jq", ".files"])
            #expect(after.lines == ["0"])
        }
    }

    @Test("--preview draws each poster in truecolor half blocks under its name, on a terminal")
    func preview() async throws {
        try await withReplay { server, sandbox in
            let tool = Binaries.url("tvm-img").path
            let result = try await Img.terminal(
                sandbox, "\(tool) --preview 1 139", environment: ["COLUMNS": "40", "LINES": "20"])
            #expect(result.status == 0)
            #expect(result.stdout.contains("Under the Dome"))
            #expect(result.stdout.contains("Girls"))
            #expect(result.stdout.contains("\u{1B}[38;2;"))
            #expect(result.stdout.contains("\u{1B}[48;2;"))
            // The replay server's posters are 8×8: eight half blocks on each of four rows, twice.
            #expect(result.stdout.components(separatedBy: "\u{2580}").count - 1 == 2 * 8 * 4)
            #expect(server.log.count(matching: .prefix("/uploads/images")) == 2)
        }
    }

    // Regression: with a file where the tvm cache folder should be, info and clear reported an empty cache (0).
    @Test("a cache folder that cannot be made: info and clear of both caches exit 74 and say why")
    func cacheFolderIsAFile() async throws {
        try await withReplay { _, sandbox in
            try FileManager.default.createDirectory(at: sandbox.cacheHome, withIntermediateDirectories: true)
            try Data("not a folder".utf8).write(to: sandbox.cacheHome.appendingPathComponent("tvm"))
            let http = sandbox.cacheHome.appendingPathComponent("tvm/http.sqlite").path
            for command in [["cache", "info"], ["cache", "clear"]] {
                let fetch = try await sandbox.run("tvm-fetch", command)
                #expect(fetch.status == 74, "\(command) \(fetch.stderr)")
                #expect(
                    fetch.stderr
                        == "tvm-fetch: error: the HTTP cache \(http) cannot be used (not a directory); set "
                        + "XDG_CACHE_HOME to another folder\n")
                let img = try await sandbox.run("tvm-img", command)
                #expect(img.status == 74, "\(command) \(img.stderr)")
                #expect(
                    img.stderr.contains("cannot use the image cache folder \(Img.directory(sandbox)): not a directory"),
                    "\(img.stderr)")
            }
        }
    }

    @Test("a terminal on stderr shows the progress line, 30/30 posters at the end")
    func progress() async throws {
        try await withReplay { server, sandbox in
            let shows = try Fixtures.elements("shows/page-0.json", baseURL: server.baseURL).prefix(30)
            let input = shows.joined(separator: "\n")
            let file = sandbox.root.appendingPathComponent("shows.jsonl")
            try Data(input.utf8).write(to: file)
            let tool = Binaries.url("tvm-img").path
            let result = try await Img.terminal(sandbox, "\(tool) --path < \(file.path) > /dev/null")
            #expect(result.status == 0)
            #expect(result.stdout.contains("30/30 posters"))
            let quiet = try await Img.terminal(sandbox, "\(tool) --path -q < \(file.path) > /dev/null")
            #expect(!quiet.stdout.contains("posters"))
        }
    }
}
