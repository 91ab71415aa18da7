// Times the catalogue's two in-process goals of issue 17 on a real catalogue file (Benchmarks/catalog.sh):
//   one local query over the whole catalogue, in process (p50), goal <= 5 ms;
//   the live search, keystroke to redrawn results, local, goal <= 16 ms.
// The query is what `tvm-search --local WORDS` runs: the ranked search, then the records with `_tvm.score`.
// A keystroke is what `tvm-search -i --local` does for one key: the state takes the key, the search runs on the
// catalogue (no debounce), the state takes the answer, and the renderer makes the frame's bytes (the terminal's
// own drawing is not counted). Usage: tvm-bench-catalog CATALOG [RUNS]; prints one line per measure on stdout.
import Foundation
import TVMRecords
import TVMStore
import TVMTerminal

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: tvm-bench-catalog CATALOG [RUNS]\n".utf8))
    exit(64)
}
let runs = arguments.count > 2 ? Int(arguments[2]) ?? 200 : 200
let store = try CatalogStore.open(path: arguments[1], access: .readOnly)

/// The median and the 90th percentile of some durations, in milliseconds.
func percentiles(_ samples: [Duration]) -> (p50: Double, p90: Double) {
    let sorted = samples.map { Double($0.components.attoseconds) / 1e15 + Double($0.components.seconds) * 1e3 }.sorted()
    return (sorted[sorted.count / 2], sorted[sorted.count * 9 / 10])
}

/// The records a search answers, as `tvm-search --local` and the live search read them.
func answer(_ text: String, limit: Int) throws -> [[UInt8]] {
    var query = CatalogQuery(text: text)
    query.limit = limit
    return try store.scoredRecords(try store.search(query))
}

let clock = ContinuousClock()

// 1. One query, in process.
let words = "girls"
var found = 0
var querySamples: [Duration] = []
for _ in 0..<runs {
    querySamples.append(try clock.measure { found = try answer(words, limit: 10).count })
}
let query = percentiles(querySamples)
print(
    String(format: "query %@: %d hits, p50 %.2f ms, p90 %.2f ms (goal p50 <= 5 ms)", words, found, query.p50, query.p90)
)

// 2. Keystrokes: typing "girls" letter by letter, then erasing it, again and again.
let renderer = LiveSearchRenderer(styler: Styler(isEnabled: true)) { _, _ in "" }
let keys: [LiveSearchKey] = Array(words).map { .text(String($0)) } + Array(repeating: .backspace, count: words.count)
var state = LiveSearchState(suggestions: [], debounce: .zero)
var keySamples: [Duration] = []
var frameBytes = 0
for _ in 0..<max(1, runs / keys.count) {
    for key in keys {
        keySamples.append(
            try clock.measure {
                var effects = state.handle(.key(key))
                while !effects.isEmpty {
                    switch effects.removeFirst() {
                    case .scheduleDebounce(let generation, _):
                        effects += state.handle(.debounceElapsed(generation: generation))
                    case .startSearch(let search, let generation):
                        let records = try answer(search.text, limit: LiveSearchState.maxRows)
                        effects += state.handle(
                            .searchSucceeded(
                                generation: generation, results: records.map(LiveSearchResult.init(record:))))
                    default:
                        break
                    }
                }
                frameBytes = renderer.frame(for: state.screen, width: 100, height: 30).count
            })
    }
}
let keystroke = percentiles(keySamples)
print(
    String(
        format: "keystroke to frame: %d keys, p50 %.2f ms, p90 %.2f ms (goal <= 16 ms; last frame %d bytes)",
        keySamples.count, keystroke.p50, keystroke.p90, frameBytes))
