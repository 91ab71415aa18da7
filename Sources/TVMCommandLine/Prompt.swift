import Foundation
import TVMRecords

#if canImport(Glibc)
    import Glibc
#endif

/// Questions asked on the terminal: the seeds' retry dialog and yes/no confirmations.
public enum Prompt {
    /// The retry dialog's title, from the seeds.
    public static let fetchErrorTitle = "Oops, something went wrong"
    /// What happened, in the seeds' words, for a failed fetch: the dialog's message without its question.
    public static let fetchErrorStatement = "An error occurred while fetching data."
    /// The retry dialog's message for a failed fetch, from the seeds.
    public static let fetchErrorMessage = fetchErrorStatement + " Do you want to try again?"
    /// What happened, in the seeds' words, for a failed save or delete: the dialog's message without its question.
    public static let storeErrorStatement = "There was a problem saving/deleting this TV Show."
    /// The retry dialog's message for a failed save or delete, from the seeds.
    public static let storeErrorMessage = storeErrorStatement + " Do you want to try again?"
    /// What to do after a fetch failed for good, when no one could be asked.
    public static let fetchErrorAdvice =
        "run it again later, raise --retries or --timeout, or use --offline for what is cached"

    /// Shows the seeds' retry dialog on stderr and reads the choice from stdin (both terminals).
    ///
    /// - Parameters:
    ///   - message: The dialog's message; the fetch-error text by default.
    ///   - cause: What went wrong, shown under the message.
    ///   - diagnostics: Where the dialog is written.
    /// - Returns: `true` for Retry, `false` for Cancel (also on end of input).
    public static func retryDialog(message: String = fetchErrorMessage, cause: String, diagnostics: Diagnostics) -> Bool
    {
        diagnostics.suspendProgress()
        defer { diagnostics.resumeProgress() }
        let bold = diagnostics.color ? "\u{1B}[1m" : ""
        let reset = diagnostics.color ? "\u{1B}[0m" : ""
        diagnostics.raw("\n\(bold)\(fetchErrorTitle)\(reset)\n\(message)\n  (\(cause))\n")
        while true {
            diagnostics.raw("[R]etry or [C]ancel? ")
            guard let answer = readLine(fileDescriptor: 0) else {
                diagnostics.raw("\n")
                return false
            }
            switch answer.trimmingCharacters(in: .whitespaces).lowercased() {
            case "r", "retry", "": return true
            case "c", "cancel", "q": return false
            default: continue
            }
        }
    }

    /// Asks a yes/no question on the controlling terminal (`/dev/tty`), so that piped stdin still works.
    ///
    /// - Parameters:
    ///   - question: The question, e.g. `Delete "Under the Dome" from favorites?`; ` [y/N] ` is appended.
    ///   - diagnostics: Used for the colour decision only.
    /// - Returns: `true` for yes, `false` for no; `nil` when there is no terminal to ask on.
    public static func confirm(_ question: String, diagnostics: Diagnostics) -> Bool? {
        let fd = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        diagnostics.suspendProgress()
        defer { diagnostics.resumeProgress() }
        let text = Array("\(question) [y/N] ".utf8)
        _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard let answer = readLine(fileDescriptor: fd) else { return false }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
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
