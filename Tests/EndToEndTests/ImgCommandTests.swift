import Foundation
import ReplayServer
import Testing

@Suite("tvm-img: posters cached locally, records passed on with _tvm.image")
struct ImgCommandTests {
    @Test("a whole page of shows gets one poster each, in order; a rerun makes zero image requests")
    func wholePage() async throws {
        try await withReplay { server, sandbox in
            let result = try await Img.shell(sandbox, "tvm-fetch shows --page 0 | tvm-img")
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty)
            let records = try Fixtures.elements("shows/page-0.json", baseURL: server.baseURL)
            let urls = Img.urls(records)
            #expect(result.lines.count == 240)
            for (index, line) in result.lines.enumerated() {
                let path = try #require(Img.image(of: line) ?? nil, "line \(index + 1) has no image path")
                #expect(line == Img.expected(records[index], image: path))
                #expect(path.hasPrefix(Img.directory(sandbox) + "/"))
                #expect(Img.isEntryName((path as NSString).lastPathComponent))
                // The replay server's JPEG for a URL carries the URL's path: the file is this record's poster.
                #expect(Img.contents(path).contains(Img.path(of: try #require(urls[index]))))
            }
            #expect(server.log.count(matching: .prefix("/uploads/images")) == 240)
            #expect(Img.files(sandbox).count == 240)

            let rerun = try await Img.shell(sandbox, "tvm-fetch shows --page 0 | tvm-img")
            #expect(rerun.status == 0)
            #expect(rerun.stdout == result.stdout)
            #expect(server.log.count(matching: .prefix("/uploads/images")) == 240, "a rerun must not download again")
        }
    }

    @Test("a reader that goes away (| head -1) ends the run quietly with status 0")
    func closedPipe() async throws {
        try await withReplay { server, sandbox in
            // 80 records make about 200 KB, more than a pipe holds, so tvm-img meets the closed pipe.
            let shows = try Fixtures.elements("shows/page-0.json", baseURL: server.baseURL).prefix(80)
            let file = sandbox.root.appendingPathComponent("shows.jsonl")
            try Data(shows.joined(separator: "\n").utf8).write(to: file)
            // SIGPIPE back at its default action, as a shell starts a command (the test runner ignores it).
            let result = try await Img.shell(
                sandbox, "set -o pipefail; env --default-signal=PIPE tvm-img < \(file.path) | head -1")
            #expect(result.status == 0)
            #expect(result.lines.count == 1)
            #expect(result.stderr.isEmpty)
        }
    }

    @Test("records without an image get _tvm.image null and pass, with no request; --path skips them")
    func nullImages() async throws {
        try await withReplay { server, sandbox in
            let schedule = try Fixtures.elements("schedule/date=2019-01-19.json", baseURL: server.baseURL)
            let search = try Fixtures.elements("search/shows/q=girls.json", baseURL: server.baseURL)
            let input = (schedule + search + [#"{"id":5,"name":"No poster","image":null}"#]).joined(separator: "\n")
            let result = try await sandbox.run("tvm-img", [], stdin: input)
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty)
            #expect(result.lines.count == 37 + 10 + 1)
            for (index, record) in schedule.enumerated() {
                #expect(result.lines[index] == Img.expected(record, image: nil))
            }
            let searchImages = result.lines[37..<47].map { Img.image(of: $0) ?? nil }
            #expect(searchImages.filter { $0 == nil }.count == 1)
            #expect(result.lines.last == Img.expected(#"{"id":5,"name":"No poster","image":null}"#, image: nil))
            #expect(server.log.count(matching: .prefix("/uploads/images")) == 9)

            let paths = try await sandbox.run("tvm-img", ["--path"], stdin: input)
            #expect(paths.status == 0)
            #expect(paths.lines == searchImages.compactMap { $0 })
            #expect(server.log.count(matching: .prefix("/uploads/images")) == 9)
        }
    }

    @Test("show ids fetch the show first; --size original stores the original upload")
    func originalSize() async throws {
        try await withReplay { server, sandbox in
            let result = try await sandbox.run("tvm-img", ["1", "139", "--size", "original"])
            #expect(result.status == 0)
            let shows = try ["shows/1.json", "shows/139.json"].map { file in
                Fixtures.rewrite(
                    String(decoding: Fixtures.compact(try Fixtures.data(file)), as: UTF8.self), baseURL: server.baseURL)
            }
            let urls = Img.urls(shows, size: "original")
            #expect(result.lines.count == 2)
            for (index, line) in result.lines.enumerated() {
                let path = try #require(Img.image(of: line) ?? nil)
                #expect(line == Img.expected(shows[index], image: path))
                #expect(Img.contents(path).contains(Img.path(of: try #require(urls[index]))))
            }
            #expect(server.log.count(matching: .prefix("/uploads/images/original_untouched/")) == 2)
            #expect(server.log.count(matching: .prefix("/uploads/images/medium")) == 0)
            #expect(server.log.count(matching: .exact("/shows/1")) == 1)
            let paths = try await sandbox.run("tvm-img", ["1", "139", "--size", "original", "--path"])
            #expect(paths.lines == result.lines.compactMap { Img.image(of: $0) ?? nil })
            #expect(server.log.count(matching: .prefix("/uploads/images")) == 2)
        }
    }

    @Test("episodes get their stills, people their portraits, cast entries the person's or the character's image")
    func episodesAndPeople() async throws {
        try await withReplay { server, sandbox in
            let episodes = try Fixtures.elements("shows/1/episodes.json", baseURL: server.baseURL)
            let person = Fixtures.rewrite(
                String(decoding: Fixtures.compact(try Fixtures.data("people/1.json")), as: UTF8.self),
                baseURL: server.baseURL)
            let stills = try await sandbox.run(
                "tvm-img", ["--path"], stdin: (episodes + [person]).joined(separator: "\n"))
            #expect(stills.status == 0)
            #expect(stills.lines.count == 40)
            for (index, path) in stills.lines.dropLast().enumerated() {
                #expect(Img.contents(path).contains(Img.path(of: try #require(Img.urls([episodes[index]])[0]))))
                #expect(Img.contents(path).contains("/medium_landscape/"))
            }
            #expect(Img.contents(try #require(stills.lines.last)).contains("/medium_portrait/0/1815.jpg"))

            // The cast list as one line (an array, as `--jq ._embedded.cast` prints it): one record per element.
            let castLine = Fixtures.rewrite(
                String(decoding: Fixtures.compact(try Fixtures.data("shows/1/cast.json")), as: UTF8.self),
                baseURL: server.baseURL)
            let cast = try Fixtures.elements("shows/1/cast.json", baseURL: server.baseURL)
            let people = try await sandbox.run("tvm-img", [], stdin: castLine)
            #expect(people.status == 0)
            #expect(people.lines.count == 15)
            for (index, line) in people.lines.enumerated() {
                let path = try #require(Img.image(of: line) ?? nil)
                #expect(line == Img.expected(cast[index], image: path))
                #expect(Img.contents(path).contains(Img.path(of: try #require(Img.urls([cast[index]])[0]))))
            }
            let characters = try await sandbox.run("tvm-img", ["--character"], stdin: cast.joined(separator: "\n"))
            #expect(characters.status == 0)
            let characterImages = characters.lines.map { Img.image(of: $0) ?? nil }
            #expect(characterImages.count == 15)
            #expect(characterImages.compactMap { $0 }.count == 14)
            #expect(Img.contents(try #require(characterImages[0])).contains("/medium_portrait/0/3.jpg"))
        }
    }

    @Test("a bad line is reported with its number and skipped; the others pass and the run exits 65")
    func badLines() async throws {
        try await withReplay { server, sandbox in
            let result = try await sandbox.run(
                "tvm-img", ["--path"], stdin: "true\n{\"id\":\n1\n[1,[2]]\n")
            #expect(result.status == 65)
            #expect(result.lines.count == 1)
            #expect(result.stderr.contains("tvm-img: error: stdin line 1: expected a record"))
            #expect(result.stderr.contains("tvm-img: error: stdin line 2: invalid JSON"))
            #expect(result.stderr.contains("tvm-img: error: stdin line 4: element 2 is an array"))
            #expect(server.log.count(matching: .exact("/shows/1")) == 1)
        }
    }

    @Test("tvm-img's stdin had no line cap: a line over 4 MiB is reported with its line and size (65); others pass")
    func lineOverRecordCap() async throws {
        try await withReplay { server, sandbox in
            let huge = #"{"id":2,"name":"Huge","summary":""# + String(repeating: "x", count: 5 << 20) + #""}"#
            let show = try #require(try Fixtures.elements("shows/page-0.json", baseURL: server.baseURL).first)
            let result = try await sandbox.run("tvm-img", ["--path"], stdin: "1\n" + huge + "\n" + show + "\n")
            #expect(result.status == 65, "\(result.stderr)")
            #expect(
                result.stderr.contains(
                    "tvm-img: error: stdin line 2: record 2 is 5.0 MiB, larger than the 4.0 MiB any TVMaze record "
                        + "takes; left out"),
                "\(result.stderr)")
            #expect(result.lines.count == 2, "\(result.stdout)")
            #expect(result.lines.allSatisfy { $0.hasPrefix(Img.directory(sandbox) + "/") }, "\(result.stdout)")
            #expect(server.log.count(matching: .exact("/shows/1")) == 1)
            #expect(server.log.count(matching: .exact("/shows/2")) == 0)
        }
    }

    @Test("usage errors exit 64: --preview without a terminal, -j 0, --path with --jq")
    func usageErrors() async throws {
        let sandbox = try Sandbox()
        let preview = try await sandbox.run("tvm-img", ["1", "--preview"])
        #expect(preview.status == 64)
        #expect(preview.stderr.contains("--preview draws on a terminal, but stdout is not one"))
        #expect(try await sandbox.run("tvm-img", ["1", "-j", "0"]).status == 64)
        #expect(try await sandbox.run("tvm-img", ["1", "--path", "--jq", "."]).status == 64)
        #expect(try await sandbox.run("tvm-img", ["cache", "prune", "--max-size", "lots"]).status == 64)
    }
}

/// Issue 30, #14: `tvm-img -j 4 | head -1` went on downloading for 12 s after head exited.
@Suite("regressions: tvm-img stops at a closed pipe")
struct ImgClosedPipeRegressionTests {
    @Test("`tvm-img -j 4 | head -1` kept downloading after head exited: it stops at the first EPIPE")
    func stopsAtFirstBrokenPipe() async throws {
        try await withReplay { server, sandbox in
            let shows = try Fixtures.elements("shows/page-0.json", baseURL: server.baseURL).prefix(40)
            #expect(Img.urls(Array(shows)).allSatisfy { $0 != nil })
            let file = sandbox.root.appendingPathComponent("shows.jsonl")
            try Data(shows.joined(separator: "\n").utf8).write(to: file)
            // Every poster takes 500 ms: 40 of them at 4 at a time would take 5 s; head exits after the first.
            server.addFault(.delay(.milliseconds(500)), matching: .prefix("/uploads/images"))
            let result = try await Img.shell(
                sandbox, "env --default-signal=PIPE tvm-img -j 4 < \(file.path) | head -1; echo \"${PIPESTATUS[0]}\"")
            #expect(result.lines.count == 2, "\(result.stdout)")
            #expect(result.lines.last == "0", "a closed pipe ends the run quietly")
            #expect(result.stderr.isEmpty)
            // Rounds of 4 until a write meets the closed pipe: the first round's lines may still fit the pipe
            // before head has exited, so up to three rounds (12), never the 40 the old code fetched.
            let downloads = server.log.count(matching: .prefix("/uploads/images"))
            #expect((1...12).contains(downloads), "\(downloads) posters were asked for after the reader left")
        }
    }
}
