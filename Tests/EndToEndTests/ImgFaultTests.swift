import Foundation
import ReplayServer
import Testing

@Suite("tvm-img without a network, with broken downloads, and with a slow server")
struct ImgFaultTests {
    @Test("with the server gone, cached posters are still served; a missing one is null, reported, exit 69")
    func stoppedServer() async throws {
        let (server, sandbox) = try await startReplay()
        let shows = Array(try Fixtures.elements("shows/page-0.json", baseURL: server.baseURL).prefix(3))
        let first = try await sandbox.run("tvm-img", ["--path"], stdin: shows.prefix(2).joined(separator: "\n"))
        #expect(first.status == 0)
        #expect(first.lines.count == 2)
        await server.stop()

        let offline = try await sandbox.run("tvm-img", ["--retries", "1"], stdin: shows.joined(separator: "\n"))
        #expect(offline.status == 69)
        #expect(offline.lines.count == 3)
        #expect(offline.lines[0] == Img.expected(shows[0], image: first.lines[0]))
        #expect(offline.lines[1] == Img.expected(shows[1], image: first.lines[1]))
        #expect(offline.lines[2] == Img.expected(shows[2], image: nil))
        let missing = try #require(Img.urls([shows[2]])[0])
        #expect(
            offline.stderr.contains(
                "tvm-img: error: stdin line 3: image not available: connection refused by 127.0.0.1 for \(missing)"))
        #expect(Img.files(sandbox).count == 2)
    }

    @Test("once the image host refuses every attempt, the other missing posters are not tried: one warning")
    func unreachableHostSkipped() async throws {
        let (server, sandbox) = try await startReplay()
        let shows = Array(try Fixtures.elements("shows/page-0.json", baseURL: server.baseURL).prefix(6))
        await server.stop()
        let result = try await sandbox.run(
            "tvm-img", ["--retries", "2", "-j", "1"], stdin: shows.joined(separator: "\n"))
        #expect(result.status == 69)
        #expect(result.lines == shows.map { Img.expected($0, image: nil) })
        let lines = result.stderr.split(separator: "\n").map(String.init)
        // Only the first poster waited out its retries; the five after it failed at once.
        #expect(lines.filter { $0.contains("retrying in") }.count == 2, "\(result.stderr)")
        #expect(lines.filter { $0.contains("cannot be reached") && $0.contains("warning:") }.count == 1)
        let urls = Img.urls(shows).map { $0! }
        #expect(
            lines.contains {
                $0.contains("stdin line 1: image not available: connection refused by 127.0.0.1 for \(urls[0])")
            })
        for (index, url) in urls.enumerated().dropFirst() {
            #expect(
                lines.contains {
                    $0.hasSuffix(
                        "stdin line \(index + 1): image not available: not tried: \(url) (\(server.baseURL.dropFirst(7)) could not be reached earlier in this run)"
                    )
                },
                "\(result.stderr)")
        }
    }

    // Regression: a download ended by Ctrl-C or SIGTERM left its temporary file, which cache info did not count
    // and prune kept for an hour.
    @Test("a download ended by SIGTERM leaves no temporary file")
    func signalledDownload() async throws {
        let faults = [FaultRule(.drip(every: .milliseconds(50)), matching: .prefix("/uploads"))]
        try await withReplay(faults: faults) { server, sandbox in
            let show = try #require(try Fixtures.elements("shows/page-0.json", baseURL: server.baseURL).first)
            try (show + "\n").write(
                to: sandbox.root.appendingPathComponent("show.jsonl"), atomically: true, encoding: .utf8)
            let folder = Img.directory(sandbox)
            let result = try await Img.shell(
                sandbox,
                """
                tvm-img --path < show.jsonl > /dev/null 2>&1 & pid=$!
                for i in $(seq 1200); do ls -a \(Img.quote(folder)) 2>/dev/null | grep -q '[.]tmp$' && break; sleep 0.05; done
                kill -TERM $pid; wait $pid; echo "status $?"
                ls -a \(Img.quote(folder)) | grep -c '[.]tmp$'
                """)
            #expect(result.stdout == "status 143\n0\n", "\(result.stdout) \(result.stderr)")
        }
    }

    @Test("a truncated download and bodies that are not images are never stored, nor left as temporary files")
    func brokenDownloads() async throws {
        try await withReplay { server, sandbox in
            let shows = Array(try Fixtures.elements("shows/page-0.json", baseURL: server.baseURL).prefix(4))
            let paths = Img.urls(shows).map { Img.path(of: $0!) }
            server.addFault(.truncatedBody(keepingBytes: 40), matching: .exact(paths[0]))
            server.addFault(.htmlBody, matching: .exact(paths[1]))
            server.addFault(.invalidJSON, matching: .exact(paths[2]))
            let result = try await sandbox.run("tvm-img", ["--retries", "1"], stdin: shows.joined(separator: "\n"))
            #expect(result.status == 69)
            #expect(result.lines.count == 4)
            for index in 0..<3 {
                #expect(result.lines[index] == Img.expected(shows[index], image: nil))
                #expect(server.log.count(matching: .exact(paths[index])) == 2)
            }
            let good = try #require(Img.image(of: result.lines[3]) ?? nil)
            // The transport's wording for a cut body is its own; the record and the URL are ours.
            #expect(result.stderr.contains("tvm-img: error: stdin line 1: image not available: "))
            #expect(result.stderr.contains("\(Img.urls([shows[0]])[0]!) after 2 attempts"))
            #expect(result.stderr.contains(#"stdin line 2: image not available: "#))
            #expect(result.stderr.contains(#"is not an image (content type "text/html; charset=utf-8", not image/*)"#))
            #expect(result.stderr.contains(#"is not an image (content type "application/json; charset=utf-8""#))
            // Only the good poster is in the folder: no entry and no temporary file for the broken ones.
            #expect(Img.files(sandbox) == [(good as NSString).lastPathComponent])

            server.removeAllFaults()
            let healed = try await sandbox.run("tvm-img", ["--path"], stdin: shows.joined(separator: "\n"))
            #expect(healed.status == 0)
            #expect(healed.lines.count == 4)
            #expect(Img.files(sandbox).count == 4)
        }
    }

    @Test("with -j 8 and a slow server where later posters arrive first, output keeps the input order")
    func orderUnderConcurrency() async throws {
        try await withReplay { server, sandbox in
            let shows = Array(try Fixtures.elements("shows/page-0.json", baseURL: server.baseURL).prefix(24))
            let paths = Img.urls(shows).map { Img.path(of: $0!) }
            for (index, path) in paths.enumerated() {
                server.addFault(.delay(.milliseconds(20 * (shows.count - index))), matching: .exact(path))
            }
            let result = try await sandbox.run("tvm-img", ["-j", "8"], stdin: shows.joined(separator: "\n"))
            #expect(result.status == 0)
            #expect(result.lines.count == 24)
            for (index, line) in result.lines.enumerated() {
                let path = try #require(Img.image(of: line) ?? nil)
                #expect(line == Img.expected(shows[index], image: path))
                #expect(Img.contents(path).contains(paths[index]))
            }
            // At the server: when each download started and finished. Several ran at once (never more than 8),
            // and some later poster finished before an earlier one.
            let spans = try paths.enumerated().map { index, path in
                let request = try #require(server.log.requests.first { $0.target == path })
                return (start: request.arrival, end: request.arrival + .milliseconds(20 * (shows.count - index)))
            }
            let overlap = spans.map { span in spans.filter { $0.start <= span.start && span.start < $0.end }.count }
                .max()
            #expect((2...8).contains(overlap ?? 0))
            #expect(spans.indices.contains { later in spans[..<later].contains { $0.end > spans[later].end } })
        }
    }
}
