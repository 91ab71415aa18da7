import TVMText

extension MultiCall {
    /// Set to `1`, a tool's `--generate-completion-script` prints ArgumentParser's own script, unfixed: what
    /// scripts/generate-docs.sh fixes into completions/. Anyone else gets the installed script.
    package static let rawCompletionVariable = "TVM_RAW_COMPLETION_SCRIPT"

    /// `tvm completion SHELL [TOOL]`: the installed scripts of `tvm` and the five tools, one after the other (what
    /// `eval "$(tvm completion bash)"` needs), or the one script of `TOOL` (`fav`, `tvm-fav` or `tvm`).
    static func completion(_ arguments: [String], tools: [Tool], build: BuildInfo) -> MultiCall {
        let usage = "usage: tvm completion bash|zsh|fish [TOOL]"
        guard let shell = arguments.first else {
            return .fail("tvm: error: 'tvm completion' needs a shell: bash, zsh or fish (\(usage))\n")
        }
        if shell == "-h" || shell == "--help" {
            return .print(
                """
                \(usage)

                Prints the completion scripts make install installs for tvm and its tools, so that
                  eval "$(tvm completion bash)"      (bash, e.g. in ~/.bashrc)
                  eval "$(tvm completion zsh)"       (zsh, after compinit)
                  tvm completion fish | source       (fish)
                completes tvm and tvm-fetch, tvm-search, tvm-fav, tvm-episodes and tvm-img. With TOOL, only that
                command's script.

                """)
        }
        guard BuildInfo.shells.contains(shell) else {
            let shown = HTMLText.terminalSafe(shell, keepingNewlines: false)
            return .fail("tvm: error: no completion for the shell '\(shown)'; the shells are bash, zsh and fish\n")
        }
        guard arguments.count <= 2 else {
            let extra = HTMLText.terminalSafe(arguments[2], keepingNewlines: false)
            return .fail("tvm: error: unexpected argument '\(extra)' (\(usage))\n")
        }
        var commands = ["tvm"] + tools.map(\.name)
        if arguments.count == 2 {
            let name = arguments[1]
            guard let command = name == "tvm" ? "tvm" : tool(named: name, in: tools)?.name else {
                return .fail(unknown(name, tools))
            }
            commands = [command]
        }
        var text = ""
        for command in commands {
            guard let script = build.completionScript(shell: shell, command: command) else {
                return .fail("tvm: error: this build of tvm holds no \(shell) completion script for \(command)\n")
            }
            text += script
        }
        return .print(text)
    }

    /// The shell a tool's `--generate-completion-script [SHELL]` asks for, as ArgumentParser reads it: the option's
    /// value, or the basename of `$SHELL`.
    static func completionShell(requestedBy arguments: [String], environment: [String: String]) -> String? {
        let option = "--generate-completion-script"
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { return nil }
            if argument.hasPrefix(option + "=") { return String(argument.dropFirst(option.count + 1)) }
            guard argument == option else { continue }
            if index + 1 < arguments.count, !arguments[index + 1].hasPrefix("-") { return arguments[index + 1] }
            return environment["SHELL"].flatMap { $0.split(separator: "/").last.map(String.init) }
        }
        return nil
    }
}
