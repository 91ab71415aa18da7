/// Runs the probe; inside an async function the async `main` of `AsyncParsableCommand` is chosen, which the async
/// completion source needs.
func runProbe() async {
    await CompletionProbe.main(nil)
}

await runProbe()
