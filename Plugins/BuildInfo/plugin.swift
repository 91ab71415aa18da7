import Foundation
import PackagePlugin

/// Writes `BuildInfo.swift` into the `tvm` program: the source's revision and date (`git describe`, or the
/// `.tarball-version` of a source tarball) and the committed completion scripts, so that `tvm --version` and `tvm
/// completion SHELL` answer from what was built. The work is `scripts/build-info.sh`.
///
/// It is a build command, not a prebuild command (SwiftPM does not re-run those on incremental builds): its inputs
/// are the script, the completion scripts, `.tarball-version`, and the git files a commit or a checkout changes
/// (HEAD, the index, the branch heads), so it runs again when one of them changes, and only then.
@main
struct BuildInfoPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appending(path: "generated/BuildInfo.swift")
        let script = root.appending(path: "scripts/build-info.sh")
        var inputs = [script, root.appending(path: ".tarball-version")]
        for shell in ["bash", "zsh", "fish"] {
            let folder = root.appending(path: "completions/\(shell)")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            inputs += names.sorted().map { folder.appending(path: $0) }
        }
        inputs += Self.gitFiles(root)
        return [
            .buildCommand(
                displayName: "Writing the build's revision and completion scripts",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [script.path, root.path, output.deletingLastPathComponent().path],
                environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"],
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }

    /// The files of the package's git checkout that change with a commit, a checkout or a tag: HEAD and the index
    /// of its git folder (a worktree's own), and the branch heads of the common folder (the folder itself changes
    /// when git renames a new head into it); those that exist. None outside a git checkout.
    static func gitFiles(_ root: URL) -> [URL] {
        let dotGit = root.appending(path: ".git")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isFolder) else { return [] }
        var gitFolder = dotGit
        if !isFolder.boolValue {
            // A worktree: ".git" says "gitdir: PATH".
            guard let text = try? String(contentsOf: dotGit, encoding: .utf8), text.hasPrefix("gitdir: ") else {
                return []
            }
            let path = text.dropFirst("gitdir: ".count).trimmingCharacters(in: .whitespacesAndNewlines)
            gitFolder = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appending(path: path)
        }
        var common = gitFolder
        if let text = try? String(contentsOf: gitFolder.appending(path: "commondir"), encoding: .utf8) {
            let path = text.trimmingCharacters(in: .whitespacesAndNewlines)
            common = path.hasPrefix("/") ? URL(fileURLWithPath: path) : gitFolder.appending(path: path)
        }
        var files = [
            gitFolder.appending(path: "HEAD"), gitFolder.appending(path: "index"),
            common.appending(path: "packed-refs"),
            common.appending(path: "refs/heads"), common.appending(path: "refs/tags"),
        ]
        if let head = try? String(contentsOf: gitFolder.appending(path: "HEAD"), encoding: .utf8),
            head.hasPrefix("ref: ")
        {
            files.append(
                common.appending(path: head.dropFirst("ref: ".count).trimmingCharacters(in: .whitespacesAndNewlines)))
        }
        // A missing input fails the build: a checkout made by `git init` and `git fetch` has no packed-refs, a
        // new repository no index, and a branch not yet committed to no head.
        return files.filter { FileManager.default.fileExists(atPath: $0.path) }
    }
}
