import Foundation
import ReplayServer
import Testing

extension SearchEndToEndTests {
    @Suite("tvm-search shell completion of QUERY")
    struct SearchCompletionTests {
        /// The arguments the generated scripts pass for QUERY, before the word index, cursor and words.
        static let call = ["---completion", "--", "positional@0"]

        /// Runs `body` with a replay server and a sandbox that remembers three searches, oldest first: girls, squid
        /// game, Pokémon.
        private func withHistory(_ body: (ReplayServer, Sandbox) async throws -> Void) async throws {
            try await withReplay { server, sandbox in
                for query in [["girls"], ["squid", "game"], ["Pokémon"]] {
                    let result = try await sandbox.run("tvm-search", query)
                    #expect(result.status == 0)
                }
                try await body(server, sandbox)
            }
        }

        @Test("the bash, zsh and fish scripts ask the binary with ---completion -- positional@0")
        func scriptsCallTheBinary() async throws {
            let sandbox = try Sandbox()
            for shell in ["bash", "zsh", "fish"] {
                let script = try await sandbox.run("tvm-search", ["--generate-completion-script", shell])
                #expect(script.status == 0)
                #expect(script.stdout.contains(Self.call.joined(separator: " ")), "\(shell)")
            }
        }

        @Test("the binary answers with the remembered searches, most recent first, filtered by the word")
        func completionOutput() async throws {
            try await withHistory { server, sandbox in
                let all = try await sandbox.run("tvm-search", Self.call + ["1", "0", "tvm-search", ""])
                #expect(all.status == 0)
                #expect(all.lines == ["Pokémon", "squid game", "girls"])
                let prefixed = try await sandbox.run("tvm-search", Self.call + ["1", "2", "tvm-search", "sq"])
                #expect(prefixed.lines == ["squid game"])
                let continued = try await sandbox.run("tvm-search", Self.call + ["2", "0", "tvm-search", "squid", ""])
                #expect(continued.lines == ["game"])
                let afterFlag = try await sandbox.run(
                    "tvm-search", Self.call + ["2", "1", "tvm-search", "--single", "g"])
                #expect(afterFlag.lines == ["girls"])
                // No request is made to answer a completion: only the three searches reached the server.
                #expect(server.log.count == 3)

                let empty = try await Sandbox(apiURL: server.baseURL).run(
                    "tvm-search", Self.call + ["1", "0", "tvm-search", ""])
                #expect(empty.status == 0)
                #expect(empty.stdout.isEmpty)
            }
        }

        @Test("bash completion through the generated script offers the history")
        func bashCompletion() async throws {
            try await withHistory { server, sandbox in
                let script = try await sandbox.run("tvm-search", ["--generate-completion-script", "bash"])
                let scriptFile = sandbox.root.appendingPathComponent("tvm-search.bash")
                try Data(script.stdout.utf8).write(to: scriptFile)
                func complete(_ line: String) async throws -> [String] {
                    let program = """
                        source '\(scriptFile.path)'
                        COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
                        read -ra COMP_WORDS <<< "$COMP_LINE"
                        [[ $COMP_LINE == *' ' ]] && COMP_WORDS+=('')
                        COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
                        _tvm-search
                        printf '%s\\n' "${COMPREPLY[@]}"
                        """
                    let result = try await Sandbox.run(
                        executable: URL(fileURLWithPath: "/bin/bash"), arguments: ["-c", program], stdin: nil,
                        environment: sandbox.environment.merging(["PATH": Binaries.directory.path + ":/usr/bin:/bin"]) {
                            $1
                        },
                        directory: sandbox.root, timeout: 30)
                    #expect(result.status == 0, "\(result.stderr)")
                    return result.lines
                }
                #expect(try await complete("tvm-search ") == ["Pokémon", "squid game", "girls"])
                #expect(try await complete("tvm-search gi") == ["girls"])
                #expect(try await complete("tvm-search squid ") == ["game"])
            }
        }

        @Test("a completion costs well under 50 ms of CPU time")
        func completionIsFast() async throws {
            try await withReplay { server, sandbox in
                _ = try await sandbox.run("tvm-search", ["girls"])
                // bash's `time` reports the child's own CPU time, which, unlike the wall clock, does not grow when
                // other processes compete for the CPU while the tests run.
                let command = ([Binaries.url("tvm-search").path] + Self.call + ["1", "0", "tvm-search", ""])
                    .map { "'\($0)'" }.joined(separator: " ")
                let program =
                    "TIMEFORMAT='%3R %3U %3S'; for i in 1 2 3 4 5 6 7 8 9; do time \(command) >/dev/null; done"
                let result = try await Sandbox.run(
                    executable: URL(fileURLWithPath: "/bin/bash"), arguments: ["-c", program], stdin: nil,
                    environment: sandbox.environment, directory: sandbox.root, timeout: 60)
                #expect(result.status == 0)
                let samples = result.stderr.split(separator: "\n").map {
                    $0.split(separator: " ").compactMap { Double($0) }
                }
                #expect(samples.count == 9 && samples.allSatisfy { $0.count == 3 }, "\(result.stderr)")
                let cpu = samples.map { $0[1] + $0[2] }.sorted()
                let wall = samples.map { $0[0] }.sorted()
                #expect(cpu[cpu.count / 2] < 0.050, "CPU seconds \(cpu), wall seconds \(wall)")
                #expect(server.log.count == 1)
            }
        }
    }
}
