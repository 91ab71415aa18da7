extension CompletionScript {
    /// Lets bash complete a subcommand name that is the prefix of another: `tvm-fetch show<Tab>` offers `show` and
    /// `shows`.
    ///
    /// ArgumentParser's bash script takes the first unparsed word as the subcommand even while that word is the one
    /// being completed, so `show` went to `show`'s own completions (which have nothing for `show`), and after bash
    /// had completed `sh` to the common prefix `show`, `shows` could never be offered. With the fix, the word is
    /// a subcommand only when more words follow it: `${unparsed_words[*]+${subcommand}}` is the subcommand when
    /// words follow (the array is set, even to one empty word) and empty when none does, so no subcommand
    /// matches and the script offers the names.
    static func fixingBashSubcommandWord(_ script: String) -> String {
        script.replacingOccurrences(
            of: "    case \"${subcommand}\" in\n",
            with: "    case \"${unparsed_words[*]+${subcommand}}\" in\n")
    }
}
