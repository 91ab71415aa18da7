import TVMCommandLine

extension ToolRuntime {
    /// Says that there are no favorites and how to add some, when the list would go to a terminal: an empty
    /// table says nothing at all. Piped, an empty list stays silent (and `--format json` still prints `[]`).
    func noteNoFavorites() {
        guard terminal.stdoutIsTTY else { return }
        diagnostics.note(
            "no favorites yet; add some with 'tvm-fav add 1 82' or 'tvm-search girls | head -1 | tvm-fav add'")
    }
}
