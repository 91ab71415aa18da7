import ArgumentParser
import Testing

@testable import FavoriteCommands

/// `tvm-fav list` skips ArgumentParser for plain command lines (ListFastPath). It must never read a command
/// line differently from ArgumentParser: whatever it accepts, ArgumentParser accepts with the same values, and
/// what it does not accept goes to ArgumentParser.
@Suite("tvm-fav list's fast path reads command lines exactly as ArgumentParser does")
struct ListFastPathTests {
    /// ArgumentParser's reading of `arguments`, when it is a `list` command line that parses.
    private func parsed(_ arguments: [String]) -> ListFastPath.Request? {
        (try? FavCommand.parseAsRoot(arguments) as? ListCommand)?.request
    }

    @Test(
        "plain list command lines take the fast path, with ArgumentParser's values",
        arguments: [
            ["list"],
            ["list", "--sort", "name"],
            ["list", "--sort=id", "--format", "json"],
            ["list", "--db", "/tmp/favorites.sqlite", "--no-color", "-q"],
            ["list", "--format", "table", "--sort", "added", "--quiet"],
            ["list", "--lock-timeout", "2.5", "--db=x.sqlite"],
            ["list", "--lock-timeout=0", "--format=jsonl"],
            ["list", "--lock-timeout", "3600", "--format", "auto"],
            ["list", "--format", "csv"], ["list", "--format=tsv", "-q"],
        ])
    func accepted(arguments: [String]) throws {
        let fast = try #require(ListFastPath.request(from: arguments), "not taken: \(arguments)")
        #expect(fast == parsed(arguments), "\(arguments)")
    }

    @Test(
        "anything else goes to ArgumentParser: help, --jq, errors, repeats, values that look like options",
        arguments: [
            [], ["--help"], ["--version"], ["add"], ["list", "--help"], ["list", "-h"],
            ["list", "--jq", ".name"], ["list", "--arg", "a", "b"], ["list", "--sort", "rating"],
            ["list", "--sort"], ["list", "--sort", "name", "--sort", "id"], ["list", "-q", "--quiet"],
            ["list", "--db", ""], ["list", "--db="], ["list", "--db", "-"], ["list", "--lock-timeout", "-1"],
            ["list", "--lock-timeout", "3601"], ["list", "--lock-timeout", "nan"], ["list", "--format", "xml"],
            ["list", "--no-color=yes"], ["list", "-qq"], ["list", "--", "x"], ["list", "extra"],
            ["---completion", "list", "--", "--db"], ["list", "--generate-completion-script", "bash"],
        ])
    func declined(arguments: [String]) {
        #expect(ListFastPath.request(from: arguments) == nil, "\(arguments)")
    }

    @Test("over 6,000 generated command lines, every one the fast path takes parses to the same values")
    func generated() {
        let tokens = [
            "--sort", "name", "id", "added", "rating", "--db", "x.sqlite", "", "-", "--lock-timeout", "0", "3600",
            "3601", "-1", "2.5", "1e1", "nan", "inf", "--format", "json", "table", "jsonl", "auto", "csv",
            "--no-color", "-q", "--quiet", "--jq", ".name", "--arg", "--help", "-h", "--", "-qq", "--sort=name",
            "--sort=", "--db=", "--db=y.sqlite", "--db=-", "--format=table", "--lock-timeout=1e1", "--no-color=1",
            "list", "--version", "-n", "--Sort",
        ]
        var generator = SplitMix64(seed: 20_261_122)
        var taken = 0
        for _ in 0..<6_000 {
            let count = Int(generator.next() % 7)
            let rest = (0..<count).map { _ in tokens[Int(generator.next() % UInt64(tokens.count))] }
            let arguments = ["list"] + rest
            guard let fast = ListFastPath.request(from: arguments) else { continue }
            taken += 1
            let expected = parsed(arguments)
            #expect(expected != nil && fast == expected, "\(arguments)")
        }
        // The check above means little if almost nothing took the fast path.
        #expect(taken > 300, "only \(taken) command lines took the fast path")
    }
}

/// A small seeded generator, so that a failure names a command line that can be replayed.
private struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
