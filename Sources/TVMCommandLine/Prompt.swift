import Foundation
import TVMRecords
import TVMTerminal
import TVMText

#if canImport(Glibc)
    import Glibc
#endif

/// Questions asked on the terminal: the original app specification's retry dialog and yes/no confirmations.
package enum Prompt {
    /// The retry dialog's title, from the original app specification.
    package static let fetchErrorTitle = "Oops, something went wrong"
    /// What happened, in the original app specification's words, for a failed fetch: the dialog's message without its question.
    package static let fetchErrorStatement = "An error occurred while fetching data."
    /// The retry dialog's message for a failed fetch, from the original app specification.
    package static let fetchErrorMessage = fetchErrorStatement + " Do you want to try again?"
    /// What happened, in the original app specification's words, for a failed save or delete: the dialog's message without its question.
    package static let storeErrorStatement = "There was a problem saving/deleting this TV Show."
    /// The retry dialog's message for a failed save or delete, from the original app specification.
    package static let storeErrorMessage = storeErrorStatement + " Do you want to try again?"
    /// What to do after a fetch failed for good, when no one could be asked.
    package static let fetchErrorAdvice =
        "run it again later, raise --retries or --timeout, or use --offline for what is cached"
    /// ``fetchErrorAdvice`` for a command that `--offline` cannot answer (the TVMaze account's).
    package static let onlineFetchErrorAdvice = "run it again later, or raise --retries or --timeout"

    /// The retry dialog's choices, the default (Retry) marked with a capital: one key answers.
    package static let retryChoices = "[R]etry / [c]ancel"

    /// Shows the original app specification's retry dialog on the controlling terminal (`/dev/tty`) and reads one key there, so that it
    /// is asked whenever stderr is a terminal, even when stdin is a pipe (`tvm-fav list | tvm-episodes`).
    ///
    /// `r` or Enter retries (Retry is the default); `c`, `n`, `q`, Esc, Ctrl-C and Ctrl-D cancel; other keys are
    /// ignored. The answer is echoed as a word after the question.
    /// - Parameters:
    ///   - message: The dialog's message; the fetch-error text by default.
    ///   - cause: What went wrong, shown under the message.
    ///   - diagnostics: Used for the colour decision, and to hold progress lines while the dialog shows.
    /// - Returns: `true` for Retry, `false` for Cancel, and `false` when there is no terminal to ask on.
    package static func retryDialog(message: String = fetchErrorMessage, cause: String, diagnostics: Diagnostics)
        -> Bool
    {
        withTerminal(diagnostics) { fd in
            let bold = diagnostics.color ? "\u{1B}[1m" : ""
            let reset = diagnostics.color ? "\u{1B}[0m" : ""
            // The cause quotes a URL and a server's words: nothing in them may drive the terminal.
            let cause = HTMLText.terminalSafe(cause, keepingNewlines: false)
            write(fd, "\n\(bold)\(fetchErrorTitle)\(reset)\n\(message)\n  (\(cause))\n\(retryChoices) ")
            let retry = SingleKey.read(fd) == .accept
            write(fd, retry ? "Retry\n" : "Cancel\n")
            return retry
        } ?? false
    }

    /// Runs `body` with the controlling terminal (`/dev/tty`) open, held against the other tools on it, and
    /// progress lines held; `nil` when there is no terminal to ask on.
    private static func withTerminal<T>(_ diagnostics: Diagnostics, _ body: (Int32) -> T) -> T? {
        let fd = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let hold = holdTerminal()
        defer { if let hold { close(hold) } }
        diagnostics.suspendProgress()
        defer { diagnostics.resumeProgress() }
        return body(fd)
    }

    /// Waits until no other process holds the terminal the standard streams are on, and holds it until the
    /// returned descriptor is closed; `nil` when none of them is a terminal.
    ///
    /// The tools of a pipeline that fail together (`tvm-fav list | tvm-episodes | tvm-img` with the network down)
    /// then ask one after the other. Asked at once, each key would go to one of them, and their terminal modes
    /// would be restored out of order, leaving the shell without echo. The lock is `flock` on the terminal device
    /// (`/dev/pts/N`): `/dev/tty` is one device for every terminal, and the pipeline's processes share the
    /// shell's open stderr, whose lock they would share too. A stream opened as `/dev/tty` (`2>/dev/tty`) stands
    /// for the controlling terminal's own device.
    private static func holdTerminal() -> Int32? {
        guard let stream = [STDERR_FILENO, STDIN_FILENO, STDOUT_FILENO].first(where: { isatty($0) == 1 }) else {
            return nil
        }
        var path = "/proc/self/fd/\(stream)"
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == "/dev/tty" {
            // Locking /dev/tty itself would make every prompt on the machine wait for this one.
            guard let device = controllingTerminal() else { return nil }
            path = device
        }
        let fd = open(path, O_RDONLY | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
        return fd
    }

    /// The path of the controlling terminal's device (`/dev/pts/3`): the character device under `/dev/pts` or
    /// `/dev` whose number is `tty_nr` in `/proc/self/stat`.
    private static func controllingTerminal() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
            let nameEnd = text.lastIndex(of: ")")
        else { return nil }
        // After the command's name: state, ppid, pgrp, session, tty_nr.
        let fields = text[text.index(after: nameEnd)...].split(separator: " ")
        guard fields.count > 4, let device = UInt64(fields[4]), device != 0 else { return nil }
        for folder in ["/dev/pts", "/dev"] {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                var info = stat()
                let path = folder + "/" + name
                if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFCHR, UInt64(info.st_rdev) == device {
                    return path
                }
            }
        }
        return nil
    }

    private static func write(_ fd: Int32, _ text: String) {
        FileDescriptorSink.writeAll(text, to: fd)
    }

    /// Asks a yes/no question on the controlling terminal (`/dev/tty`), so that piped stdin still works.
    ///
    /// - Parameters:
    ///   - question: The question, e.g. `Delete "Under the Dome" from favorites?`; ` [y/N] ` is appended.
    ///   - listing: Lines written before the question (what it is about), each ended with a newline.
    ///   - diagnostics: Used to hold progress lines while the question shows.
    /// - Returns: `true` for yes, `false` for no; `nil` when there is no terminal to ask on.
    package static func confirm(_ question: String, listing: [String] = [], diagnostics: Diagnostics) -> Bool? {
        withTerminal(diagnostics) { fd in
            write(fd, listing.map { $0 + "\n" }.joined() + "\(question) [y/N] ")
            guard let answer = readLine(fileDescriptor: fd) else { return false }
            return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
        }
    }

    /// Asks on the controlling terminal (`/dev/tty`) which of several numbered lines is meant.
    ///
    /// - Parameters:
    ///   - question: The question, e.g. `Which show is "girls"?`; ` [1-N, Enter for none] ` is appended.
    ///   - options: The lines to choose from, numbered from 1 when shown.
    ///   - diagnostics: Used to hold progress lines while the question shows.
    /// - Returns: `.chosen(index)` (from 0), `.none` for Enter or an answer that is not a listed number, and
    ///   `.noTerminal` when there is no terminal to ask on.
    package static func choose(_ question: String, options: [String], diagnostics: Diagnostics) -> Choice {
        withTerminal(diagnostics) { fd -> Choice in
            let width = String(options.count).count
            let listing = options.enumerated().map { index, option in
                let number = String(index + 1)
                return "  " + String(repeating: " ", count: width - number.count) + number + ") " + option + "\n"
            }
            write(fd, listing.joined() + "\(question) [1-\(options.count), Enter for none] ")
            guard let answer = readLine(fileDescriptor: fd),
                let number = Int(answer.trimmingCharacters(in: .whitespaces)), (1...options.count).contains(number)
            else { return Choice.none }
            return .chosen(number - 1)
        } ?? .noTerminal
    }

    /// The answer to ``choose(_:options:diagnostics:)``.
    package enum Choice: Equatable, Sendable {
        /// The option at this index (from 0).
        case chosen(Int)
        /// None of them.
        case none
        /// There was no terminal to ask on.
        case noTerminal
    }

    /// Asks for a line of text on the controlling terminal (`/dev/tty`).
    ///
    /// - Parameters:
    ///   - question: The prompt, e.g. `TVMaze account e-mail: `.
    ///   - diagnostics: Used to hold progress lines while the question shows.
    /// - Returns: The line typed, or `nil` when there is no terminal to ask on (or it closed).
    public static func ask(_ question: String, diagnostics: Diagnostics) -> String? {
        withTerminal(diagnostics) { fd in
            write(fd, question)
            return readLine(fileDescriptor: fd)
        } ?? nil
    }

    /// Reads one line from a file descriptor, byte by byte so nothing after it is consumed.
    static func readLine(fileDescriptor fd: Int32) -> String? {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = read(fd, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
            if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(byte)
        }
    }
}
